import { LoaderCircle, Save } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ImageUploadField } from "#app/components/admin/image-upload-field.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { ApiError, callApi, failureReason } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { CategoryRef, Toy } from "#domain/catalog.ts";
import { coerceReviewCount, DEFAULT_RATING, productInputSchema, splitList } from "#domain/product-form.ts";
import { type BreedChoice, type BreedNote, ProductBreedPicker } from "./product-breed-picker";
import { ProductCategorySelect } from "./product-category-select";
import { ProductSwitch, ProductTextField } from "./product-form-fields";

/** What the form edits; lists are the comma-separated text the owner types. */
interface ProductFormValues {
  name: string;
  imageUrl: string | null;
  description: string;
  details: string;
  price: string;
  priceDiscount: string;
  rating: string;
  selectedCategories: number[];
  materialType: string;
  amazonUrl: string;
  amazonAsin: string;
  reviewCount: string;
  isTopPick: boolean;
  inStock: boolean;
  isPrimeEligible: boolean;
  features: string;
  ageRecommendation: string;
  suitableFor: string;
  breedRecommendations: BreedNote[];
}

type Field = keyof ProductFormValues;
/** The fields typed as plain text boxes. */
type TextField = { [K in Field]: ProductFormValues[K] extends string ? K : never }[Field];
type Errors = Partial<Record<Field, string>>;

/** The form's order: validation focuses the first invalid field in it. */
const FIELD_ORDER: Field[] = [
  "name",
  "imageUrl",
  "description",
  "details",
  "price",
  "priceDiscount",
  "rating",
  "selectedCategories",
  "materialType",
  "amazonUrl",
  "amazonAsin",
  "reviewCount",
  "features",
  "ageRecommendation",
  "suitableFor",
  "breedRecommendations",
];

const fieldId = (field: Field) => `product-${field}`;

/** Spec §3 form defaults: rating '4.5', in stock, not a top pick, not Prime, other texts empty. */
function emptyProductValues(): ProductFormValues {
  return {
    name: "",
    imageUrl: null,
    description: "",
    details: "",
    price: "",
    priceDiscount: "",
    rating: DEFAULT_RATING,
    selectedCategories: [],
    materialType: "",
    amazonUrl: "",
    amazonAsin: "",
    reviewCount: "0",
    isTopPick: false,
    inStock: true,
    isPrimeEligible: false,
    features: "",
    ageRecommendation: "",
    suitableFor: "",
    breedRecommendations: [],
  };
}

/** A stored product as the form shows it (edit mode). */
function productValuesFrom(toy: Toy): ProductFormValues {
  return {
    name: toy.name,
    imageUrl: toy.imageUrl,
    description: toy.description,
    details: toy.details,
    price: toy.price,
    priceDiscount: toy.priceDiscount ?? "",
    rating: toy.rating,
    selectedCategories: toy.categories.map((c) => c.id),
    materialType: toy.materialType ?? "",
    amazonUrl: toy.amazonUrl ?? "",
    amazonAsin: toy.amazonAsin ?? "",
    reviewCount: String(toy.reviewCount),
    isTopPick: toy.isTopPick,
    inStock: toy.inStock,
    isPrimeEligible: toy.isPrimeEligible,
    features: toy.features.join(", "),
    ageRecommendation: toy.ageRecommendation ?? "",
    suitableFor: toy.suitableFor ?? "",
    breedRecommendations: [],
  };
}

/** "puppy,adult , " -> "puppy, adult"; null when nothing is left. */
function tidyList(text: string): string | null {
  const items = splitList(text);
  return items.length > 0 ? items.join(", ") : null;
}

/**
 * The legacy single category (hidden, spec §2) follows the chips: the stored one while it is
 * still picked, else the first picked, so the products list's Category column and older
 * readers of categoryId stay meaningful.
 */
function primaryCategory(selected: number[], stored: number | null): number | null {
  if (stored !== null && selected.includes(stored)) return stored;
  return selected[0] ?? null;
}

/** The POST/PUT /api/toys body: one request saves the fields, categories and (create) breed notes. */
function productPayload(values: ProductFormValues, stored: Toy | null) {
  return {
    name: values.name,
    description: values.description,
    details: values.details,
    price: values.price,
    priceDiscount: values.priceDiscount,
    rating: values.rating,
    imageUrl: values.imageUrl,
    amazonUrl: values.amazonUrl,
    amazonAsin: values.amazonAsin,
    // Not on the form: kept as stored, since PUT replaces every field.
    affiliateUrl: stored?.affiliateUrl ?? null,
    affiliateCode: stored?.affiliateCode ?? null,
    materialType: values.materialType,
    features: splitList(values.features),
    ageRecommendation: tidyList(values.ageRecommendation),
    suitableFor: tidyList(values.suitableFor),
    isTopPick: values.isTopPick,
    inStock: values.inStock,
    isPrimeEligible: values.isPrimeEligible,
    reviewCount: coerceReviewCount(values.reviewCount),
    categoryId: primaryCategory(values.selectedCategories, stored?.categoryId ?? null),
    selectedCategories: values.selectedCategories,
    // Edit mode manages breed links live; leaving them out keeps them as they are.
    ...(stored
      ? {}
      : { breedRecommendations: values.breedRecommendations.map(({ breedId, note }) => ({ breedId, note })) }),
  };
}

/**
 * The domain rules (domain/product-form.ts, shared with the API) applied to the form. The
 * rating rule is the spec's pattern `^[0-5](\.\d)?$`: it accepts 5.9 (and 5.1-5.8) although
 * the label says 0-5. The spec keeps that quirk on purpose, so 5.9 saves and shows five stars.
 */
function validateProduct(payload: ReturnType<typeof productPayload>): Errors {
  const result = productInputSchema.safeParse(payload);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "") as Field;
    if (FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

const firstInvalid = (errors: Errors) => FIELD_ORDER.find((f) => errors[f]) ?? null;

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

/**
 * The admin product form (spec §2 "Admin product form", §4, §5, §8) for both modes. In create
 * mode it includes the breed tiles; in edit mode the page adds the live breed editor below it.
 */
export function ProductForm({
  toy,
  categories,
  breeds,
}: {
  /** the stored product in edit mode, null to create one */
  toy: Toy | null;
  categories: CategoryRef[];
  breeds: BreedChoice[];
}) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const editing = toy !== null;
  const [values, setValues] = useState<ProductFormValues>(() => (toy ? productValuesFrom(toy) : emptyProductValues()));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  // Focus moves once the messages are on screen and the fields are enabled again, so a
  // screen reader reads the first invalid field together with its message.
  const focusNext = useRef<Field | null>(null);
  useEffect(() => {
    const field = focusNext.current;
    if (!field || saving) return;
    focusNext.current = null;
    const element = document.getElementById(fieldId(field));
    element?.focus();
    element?.scrollIntoView({ block: "center" });
  });

  function set<K extends Field>(field: K, value: ProductFormValues[K]) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, messages follow the typing (they go away once a field is fixed).
    if (submitted) setErrors(validateProduct(productPayload(next, toy)));
  }

  function failed(error: unknown) {
    console.error(`${editing ? "PUT" : "POST"} /api/toys failed`, error);
    const checkForm = editing
      ? "Failed to update product. Please check the form and console for any issues."
      : "Failed to create product. Please check the form for any issues.";
    const fieldErrors = error instanceof ApiError && error.status === 400 ? error.firstFieldErrors : {};
    const shown = Object.fromEntries(
      Object.entries(fieldErrors).filter(([field]) => FIELD_ORDER.includes(field as Field)),
    ) as Errors;
    if (Object.keys(shown).length > 0) {
      // The server's messages go under their fields, as the browser's own would.
      setErrors(shown);
      focusNext.current = firstInvalid(shown);
      toast({ title: "Error", description: checkForm, variant: "destructive" });
      return;
    }
    const reason = failureReason(error);
    toast({
      title: "Error",
      description: reason ? `Failed to ${editing ? "update" : "create"} product: ${reason}` : checkForm,
      variant: "destructive",
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || uploading) return;
    setSubmitted(true);
    const payload = productPayload(values, toy);
    const invalid = validateProduct(payload);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      focusNext.current = firstInvalid(invalid);
      return;
    }

    setSaving(true);
    try {
      if (toy) await callApi("PUT", `/api/toys/${toy.id}`, { json: payload });
      else await callApi("POST", "/api/toys", { json: payload });
    } catch (error) {
      failed(error);
      setSaving(false);
      return;
    }
    toast(
      editing
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
  }

  const text = (field: TextField) => ({
    id: fieldId(field),
    value: values[field],
    onChange: (value: string) => set(field, value),
    error: errors[field],
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? "Edit Product" : "Add New Product"}
      className="grid gap-6"
    >
      {/* Disabled while saving: nothing changes under a request in flight. */}
      <fieldset disabled={saving} className="grid min-w-0 gap-6">
        <Card title="Product Details" id="product-details-heading">
          <div className="grid gap-6">
            <ProductTextField {...text("name")} label="Product Name" placeholder="e.g. ToughPaw Titan Chew Bone" />
            <ImageUploadField
              id={fieldId("imageUrl")}
              label="Product Image"
              value={values.imageUrl}
              onChange={(url) => set("imageUrl", url)}
              error={errors.imageUrl}
              disabled={saving}
              onBusyChange={setUploading}
            />
            <ProductTextField
              {...text("description")}
              label="Short Description"
              multiline
              rows={3}
              hint="One or two sentences for product cards (at least 10 characters)."
            />
            <ProductTextField
              {...text("details")}
              label="Full Details"
              multiline
              rows={6}
              hint="The full description shown on the product's details (at least 20 characters)."
            />
            <div className="grid gap-6 sm:grid-cols-3">
              <ProductTextField {...text("price")} label="Price" inputMode="decimal" placeholder="e.g. $24.99" />
              <ProductTextField
                {...text("priceDiscount")}
                label="Discount Price"
                optional
                inputMode="decimal"
                placeholder="e.g. $19.99"
              />
              {/* The spec's pattern lets 5.1-5.9 through: kept on purpose (see validateProduct). */}
              <ProductTextField
                {...text("rating")}
                label="Rating"
                inputMode="decimal"
                placeholder={DEFAULT_RATING}
                hint="0 to 5, one decimal (e.g. 4.5)."
              />
            </div>
            <ProductCategorySelect
              id={fieldId("selectedCategories")}
              label="Categories"
              categories={categories}
              value={values.selectedCategories}
              onChange={(ids) => set("selectedCategories", ids)}
              error={errors.selectedCategories}
            />
            <div className="grid gap-6 sm:grid-cols-2">
              <ProductTextField
                {...text("materialType")}
                label="Material Type"
                optional
                placeholder="e.g. durable, rubber, plush"
                hint="The quiz matches chew styles on durable, rubber and plush."
              />
              <ProductTextField
                {...text("reviewCount")}
                label="Review Count"
                type="number"
                inputMode="numeric"
                hint="Whole number; anything else counts as 0."
              />
              <ProductTextField
                {...text("amazonUrl")}
                label="Amazon URL"
                optional
                type="url"
                inputMode="url"
                placeholder="https://www.amazon.com/dp/..."
              />
              <ProductTextField {...text("amazonAsin")} label="Amazon ASIN" optional placeholder="e.g. B092RACCAR" />
            </div>
            <div className="grid gap-3 md:grid-cols-3">
              <ProductSwitch
                id={fieldId("isTopPick")}
                label="Top Pick"
                hint="Featured and listed first"
                checked={values.isTopPick}
                onChange={(on) => set("isTopPick", on)}
              />
              <ProductSwitch
                id={fieldId("inStock")}
                label="In Stock"
                hint="Available to buy now"
                checked={values.inStock}
                onChange={(on) => set("inStock", on)}
              />
              <ProductSwitch
                id={fieldId("isPrimeEligible")}
                label="Prime Eligible"
                hint="Ships with Amazon Prime"
                checked={values.isPrimeEligible}
                onChange={(on) => set("isPrimeEligible", on)}
              />
            </div>

            <section aria-labelledby="additional-info-heading" className="border-t border-stone-200 pt-6">
              <h3 id="additional-info-heading" className="text-lg font-extrabold">
                Additional Product Info
              </h3>
              <div className="mt-4 grid gap-6">
                <ProductTextField
                  {...text("features")}
                  label="Product Features"
                  optional
                  placeholder="e.g. squeaky, interactive, puzzle"
                  hint="Separate features with commas. The quiz reads interactive, solo, puzzle and exercise."
                />
                <div className="grid gap-6 sm:grid-cols-2">
                  <ProductTextField
                    {...text("ageRecommendation")}
                    label="Age Recommendation"
                    optional
                    placeholder="e.g. puppy, adult, senior"
                    hint="Separate ages with commas."
                  />
                  <ProductTextField
                    {...text("suitableFor")}
                    label="Suitable For"
                    optional
                    placeholder="e.g. small, medium, large"
                    hint="Dog sizes, separated with commas."
                  />
                </div>
              </div>
            </section>
          </div>
        </Card>

        {editing ? null : (
          <Card title="Good for these Dog Breeds" id="product-breeds-heading">
            <ProductBreedPicker
              id={fieldId("breedRecommendations")}
              breeds={breeds}
              value={values.breedRecommendations}
              onChange={(choices) => set("breedRecommendations", choices)}
              error={errors.breedRecommendations}
            />
          </Card>
        )}
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to="/admin/products" className={buttonClass("secondary", "lg")}>
          Cancel
        </Link>
        <button
          type="submit"
          disabled={!hydrated || saving || uploading}
          aria-busy={saving || undefined}
          className={buttonClass("primary", "lg")}
        >
          {saving ? (
            <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
          ) : (
            <Save className="size-5" aria-hidden="true" />
          )}
          {editing ? "Update Product" : "Add Product"}
        </button>
      </div>
    </form>
  );
}
