import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import EyeOffNode from "lucide/dist/esm/icons/eye-off.mjs";
import SaveNode from "lucide/dist/esm/icons/save.mjs";
import SendNode from "lucide/dist/esm/icons/send.mjs";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ImageUploadField } from "#app/components/admin/image-upload-field.tsx";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FormErrors, SwitchField, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { formModule, type SendOutcome, useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { ApiError, callApi, failureReason } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import type { AdminToy, CategoryRef } from "#domain/catalog.ts";
import type { ProductInput } from "#domain/product-form.ts";
import { DEFAULT_RATING, MAX_RETAILER_ITEM_ID } from "#domain/product-form-text.ts";
import type { ToyPriceState } from "#domain/product-sync.ts";
import { slugify } from "#domain/slug.ts";
import { type BreedChoice, ProductBreedPicker } from "./product-breed-picker";
import { ProductCategorySelect } from "./product-category-select";
import { ProductPriceFacts } from "./product-price-facts";

const EyeOff = icon("eye-off", EyeOffNode);
const Save = icon("save", SaveNode);
const Send = icon("send", SendNode);

// The schema module this form checks with, loaded on the form's first focus or press (use-kit-form.ts).
const productForms = formModule(() => import("#domain/product-form.ts"));

/** What the product page's action answers when the form was posted before the scripts ran. */
export interface ProductActionData {
  result: SubmissionResult<string[]>;
}

/** the form's fields (a send comes only after the form's schema has loaded and checked it) */
const formFields = (): readonly string[] => productForms.current?.module.productFormFields.keyof().options ?? [];

/** The form's starting values: spec §3 defaults for a new product, the stored ones in edit mode. */
function startingValues(toy: AdminToy | null) {
  return {
    name: toy?.name ?? "",
    imageUrl: toy?.imageUrl ?? null,
    imageAlt: toy?.imageAlt ?? "",
    description: toy?.description ?? "",
    details: toy?.details ?? "",
    price: toy?.price ?? "",
    priceDiscount: toy?.priceDiscount ?? "",
    rating: toy?.rating ?? DEFAULT_RATING,
    selectedCategories: toy?.categories.map((c) => c.id) ?? [],
    materialType: toy?.materialType ?? "",
    reviewCount: String(toy?.reviewCount ?? 0),
    amazonUrl: toy?.amazonUrl ?? "",
    amazonAsin: toy?.amazonAsin ?? "",
    retailerItemId: toy?.retailerItemId ?? "",
    isTopPick: toy?.isTopPick ?? false,
    inStock: toy?.inStock ?? true,
    isPrimeEligible: toy?.isPrimeEligible ?? false,
    features: toy?.features.join(", ") ?? "",
    ageRecommendation: toy?.ageRecommendation ?? "",
    suitableFor: toy?.suitableFor ?? "",
    breedRecommendations: [],
  };
}

/** The API's per-field messages about fields this form has. */
function formFieldErrors(error: ApiError): Record<string, string[]> {
  return Object.fromEntries(Object.entries(error.fieldErrors).filter(([field]) => formFields().includes(field)));
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-extrabold tracking-tight">
        {title}
      </h2>
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** A field label with the spec's "(optional)" note. */
function optional(label: string) {
  return (
    <>
      {label}
      <span className="font-normal text-muted"> (optional)</span>
    </>
  );
}

/**
 * The admin product form (spec §2 "Admin product form", §4, §5, §8) for both modes, on the form
 * kit: checked with the shared schema, saved with POST/PUT /api/toys and the §8 toasts once the
 * scripts run, posted to the page's action before that. In create mode it includes the breed
 * tiles; in edit mode the page adds the live breed editor below it.
 */
export function ProductForm({
  toy,
  categories,
  breeds,
  priceHistory = [],
  actionData,
}: {
  /** the stored product in edit mode, null to create one */
  toy: AdminToy | null;
  categories: CategoryRef[];
  breeds: BreedChoice[];
  /** edit mode: the states the product sync recorded, newest first */
  priceHistory?: ToyPriceState[];
  actionData?: ProductActionData;
}) {
  const navigate = useNavigate();
  const editing = toy !== null;
  const [uploading, setUploading] = useState(false);
  const startedFrom = useMemo(() => startingValues(toy), [toy]);
  const schema = useCallback((forms: typeof import("#domain/product-form.ts")) => forms.productFormSchema(toy), [toy]);

  async function send(input: ProductInput & { slug?: string }): Promise<SendOutcome> {
    const publishing = toy?.status === "draft" && input.status === "published";
    try {
      // One request saves the fields, the categories and (create mode) the breed notes.
      if (toy) await callApi("PUT", `/api/toys/${toy.id}`, { json: input });
      else await callApi("POST", "/api/toys", { json: input });
    } catch (error) {
      return failed(error);
    }
    markSaved();
    toast(
      publishing
        ? { title: "Product published", description: `${input.name} is live: visitors can find it now.` }
        : editing
          ? {
              title: "Product updated",
              description:
                "Your product has been successfully updated with the specified categories and breed recommendations",
            }
          : {
              title: "Product created",
              description:
                "Your product has been successfully created with the specified categories and breed recommendations",
            },
    );
    // The button keeps its spinner until the list is on screen.
    await navigate("/admin/products");
    return {};
  }

  function failed(error: unknown): SendOutcome {
    console.error(`${editing ? "PUT" : "POST"} /api/toys failed`, error);
    const checkForm = editing
      ? "Failed to update product. Please check the form and console for any issues."
      : "Failed to create product. Please check the form for any issues.";
    // The server's messages go under their fields, as the browser's own would.
    const fieldErrors = error instanceof ApiError ? formFieldErrors(error) : {};
    if (error instanceof ApiError && error.status === 400 && Object.keys(fieldErrors).length > 0) {
      toast({ title: "Error", description: checkForm, variant: "destructive" });
      return { fieldErrors };
    }
    const reason = failureReason(error);
    toast({
      title: "Error",
      description: reason ? `Failed to ${editing ? "update" : "create"} product: ${reason}` : checkForm,
      variant: "destructive",
    });
    return { fieldErrors };
  }

  const { form, fields, busy } = useKitForm({
    id: "product",
    module: productForms,
    schema,
    lastResult: actionData?.result,
    send,
    defaultValue: startedFrom,
  });
  const { blocker, markSaved } = useUnsavedChanges(formChanged(form.value, startedFrom));

  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={editing ? "Edit Product" : "Add New Product"}
        className="grid gap-6"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        {/* Disabled while saving: nothing changes under a request in flight. */}
        <fieldset disabled={busy} className="grid min-w-0 gap-6">
          <Card title="Product Details" id="product-details-heading">
            <div className="grid gap-6">
              <TextField
                field={fields.name}
                label="Product Name"
                inputProps={{ placeholder: "e.g. ToughPaw Titan Chew Bone", autoComplete: "off" }}
              />
              <TextField
                field={fields.slug}
                label={optional("Page address (slug)")}
                hint={
                  toy
                    ? `The toy's page is /toys/${toy.slug}. A new slug keeps the old address working (it redirects).`
                    : "Leave empty to make it from the name. It stays the same when the name changes."
                }
                inputProps={{
                  placeholder: toy?.slug ?? slugify(fields.name.value ?? "") ?? "made-from-the-name",
                  autoCapitalize: "none",
                  autoComplete: "off",
                  spellCheck: false,
                }}
              />
              <ImageUploadField
                field={fields.imageUrl}
                label="Product Image"
                onBusyChange={setUploading}
                alt={{ field: fields.imageAlt, label: "Image alt text", libraryOnly: true }}
              />
              <TextAreaField
                field={fields.description}
                label="Short Description"
                hint="One or two sentences for product cards (at least 10 characters)."
                textareaProps={{ rows: 3 }}
              />
              <TextAreaField
                field={fields.details}
                label="Full Details"
                hint="The full description shown on the product's details (at least 20 characters)."
                textareaProps={{ rows: 6 }}
              />
              <div className="grid gap-6 sm:grid-cols-3">
                <TextField
                  field={fields.price}
                  label="Price"
                  inputProps={{ inputMode: "decimal", placeholder: "e.g. $24.99", autoComplete: "off" }}
                />
                <TextField
                  field={fields.priceDiscount}
                  label={optional("Discount Price")}
                  inputProps={{ inputMode: "decimal", placeholder: "e.g. $19.99", autoComplete: "off" }}
                />
                {/* The spec's pattern lets 5.1-5.9 through: kept on purpose (domain/product-form.ts). */}
                <TextField
                  field={fields.rating}
                  label="Rating"
                  hint="0 to 5, one decimal (e.g. 4.5)."
                  inputProps={{ inputMode: "decimal", placeholder: DEFAULT_RATING, autoComplete: "off" }}
                />
              </div>
              {toy ? <ProductPriceFacts toy={toy} history={priceHistory} /> : null}
              <ProductCategorySelect field={fields.selectedCategories} label="Categories" categories={categories} />
              <div className="grid gap-6 sm:grid-cols-2">
                <TextField
                  field={fields.materialType}
                  label={optional("Material Type")}
                  hint="The quiz matches chew styles on durable, rubber and plush."
                  inputProps={{ placeholder: "e.g. durable, rubber, plush", autoComplete: "off" }}
                />
                <TextField
                  field={fields.reviewCount}
                  label="Review Count"
                  type="number"
                  hint="Whole number; anything else counts as 0."
                  inputProps={{ inputMode: "numeric" }}
                />
                <TextField
                  field={fields.amazonUrl}
                  label={optional("Amazon URL")}
                  type="url"
                  inputProps={{ inputMode: "url", placeholder: "https://www.amazon.com/dp/...", autoComplete: "off" }}
                />
                <TextField
                  field={fields.amazonAsin}
                  label={optional("Amazon ASIN")}
                  inputProps={{ placeholder: "e.g. B092RACCAR", autoComplete: "off" }}
                />
                <TextField
                  field={fields.retailerItemId}
                  label={optional("Retailer item id")}
                  hint="The product's id in another programme's product feed (g:id), when it is not the ASIN"
                  inputProps={{
                    placeholder: "e.g. SHOP-12345",
                    maxLength: MAX_RETAILER_ITEM_ID,
                    autoCapitalize: "none",
                    autoComplete: "off",
                    spellCheck: false,
                  }}
                />
              </div>
              <div className="grid gap-3 md:grid-cols-3">
                <SwitchField field={fields.isTopPick} label="Top Pick" hint="Featured and listed first" />
                <SwitchField field={fields.inStock} label="In Stock" hint="Available to buy now" />
                <SwitchField field={fields.isPrimeEligible} label="Prime Eligible" hint="Ships with Amazon Prime" />
              </div>

              <section aria-labelledby="additional-info-heading" className="border-t border-stone-200 pt-6">
                <h3 id="additional-info-heading" className="text-lg font-extrabold">
                  Additional Product Info
                </h3>
                <div className="mt-4 grid gap-6">
                  <TextField
                    field={fields.features}
                    label={optional("Product Features")}
                    hint="Separate features with commas. The quiz reads interactive, solo, puzzle and exercise."
                    inputProps={{ placeholder: "e.g. squeaky, interactive, puzzle", autoComplete: "off" }}
                  />
                  <div className="grid gap-6 sm:grid-cols-2">
                    <TextField
                      field={fields.ageRecommendation}
                      label={optional("Age Recommendation")}
                      hint="Separate ages with commas."
                      inputProps={{ placeholder: "e.g. puppy, adult, senior", autoComplete: "off" }}
                    />
                    <TextField
                      field={fields.suitableFor}
                      label={optional("Suitable For")}
                      hint="Dog sizes, separated with commas."
                      inputProps={{ placeholder: "e.g. small, medium, large", autoComplete: "off" }}
                    />
                  </div>
                </div>
              </section>
            </div>
          </Card>

          {editing ? null : (
            <Card title="Good for these Dog Breeds" id="product-breeds-heading">
              <ProductBreedPicker field={fields.breedRecommendations} breeds={breeds} />
            </Card>
          )}
        </fieldset>

        {toy?.status === "draft" ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
          >
            <EyeOff className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              <strong className="font-bold">Draft: only you see this product. </strong>
              The catalogue, breed pages, search, the quiz, posts and the sitemap leave it out until you publish it.
            </span>
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/admin/products" className={buttonClass("secondary", "lg")}>
            Cancel
          </Link>
          <SubmitButton
            busy={busy}
            disabled={uploading}
            // Spec §2: the button keeps its name and shows a spinner while saving.
            busyText={editing ? "Update Product" : "Add Product"}
            size="lg"
            icon={<Save className="size-5" aria-hidden="true" />}
          >
            {editing ? "Update Product" : "Add Product"}
          </SubmitButton>
          {/* After the save button: Enter in a field saves without publishing. */}
          {toy?.status === "draft" ? (
            <SubmitButton
              busy={busy}
              disabled={uploading}
              busyText="Publishing..."
              size="lg"
              name="status"
              value="published"
              variant="secondary"
              icon={<Send className="size-5" aria-hidden="true" />}
            >
              Publish
            </SubmitButton>
          ) : null}
        </div>
      </Form>

      <UnsavedChangesDialog blocker={blocker} what="product" />
    </>
  );
}
