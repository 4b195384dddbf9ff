import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import SaveNode from "lucide/dist/esm/icons/save.mjs";
import { useMemo, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ImageUploadField } from "#app/components/admin/image-upload-field.tsx";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { categoryIcon } from "#app/components/category-icon.tsx";
import { FormErrors, SelectField, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { formModule, type SendOutcome, useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { ApiError, callApi, failureReason } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import type { AdminCategory, CategoryFormInput } from "#domain/category-form.ts";
import { CATEGORY_ICONS, CATEGORY_TEXT, knownCategoryIcon } from "#domain/category-text.ts";

const Save = icon("save", SaveNode);

// The schema module this form checks with, loaded on the form's first focus or press (use-kit-form.ts).
const categoryForms = formModule(() => import("#domain/category-form.ts"));

/** What the category page's action answers when the form was posted before the scripts ran. */
export interface CategoryActionData {
  result: SubmissionResult<string[]>;
}

const formSchema = (forms: typeof import("#domain/category-form.ts")) => forms.categoryFormSchema;
/** the form's fields (a send comes only after the form's schema has loaded and checked it) */
const formFields = (): readonly string[] => categoryForms.current?.module.categoryFormSchema.keyof().options ?? [];

function startingValues(category: AdminCategory | null) {
  return {
    name: category?.name ?? "",
    description: category?.description ?? "",
    icon: knownCategoryIcon(category?.icon ?? null) ?? undefined,
    imageUrl: category?.imageUrl ?? null,
  };
}

/** A field label with an "(optional)" note. */
function optional(label: string) {
  return (
    <>
      {label}
      <span className="font-normal text-muted"> (optional)</span>
    </>
  );
}

/**
 * The category form for both modes, on the form kit: checked with the shared schema, saved with
 * POST or PATCH /api/categories once the scripts run, posted to the page's action before that.
 * A name another category has comes back as a message under the name.
 */
export function CategoryForm({
  category,
  actionData,
}: {
  /** the stored category in edit mode, null to create one */
  category: AdminCategory | null;
  actionData?: CategoryActionData;
}) {
  const navigate = useNavigate();
  const editing = category !== null;
  const [uploading, setUploading] = useState(false);
  const startedFrom = useMemo(() => startingValues(category), [category]);

  async function send(input: CategoryFormInput): Promise<SendOutcome> {
    try {
      if (category) await callApi("PATCH", `/api/categories/${category.id}`, { json: input });
      else await callApi("POST", "/api/categories", { json: input });
    } catch (error) {
      const fieldErrors =
        error instanceof ApiError
          ? Object.fromEntries(Object.entries(error.fieldErrors).filter(([field]) => formFields().includes(field)))
          : {};
      toast({
        title: "Error",
        description: `Failed to ${editing ? "update" : "create"} category: ${failureReason(error) ?? "Unknown error"}`,
        variant: "destructive",
      });
      return { fieldErrors };
    }
    markSaved();
    toast({ title: editing ? CATEGORY_TEXT.updated : CATEGORY_TEXT.created, description: input.name });
    await navigate("/admin/categories");
    return {};
  }

  const { form, fields, busy } = useKitForm({
    id: "category",
    module: categoryForms,
    schema: formSchema,
    lastResult: actionData?.result,
    send,
    defaultValue: startedFrom,
  });
  const { blocker, markSaved } = useUnsavedChanges(formChanged(form.value, startedFrom));
  const Preview = categoryIcon({
    name: typeof fields.name.value === "string" ? fields.name.value : "",
    icon: typeof fields.icon.value === "string" ? fields.icon.value : null,
  });

  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        aria-label={editing ? "Edit Category" : "Add Category"}
        className="grid gap-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={busy} className="grid min-w-0 gap-6">
          <TextField
            field={fields.name}
            label="Name"
            hint="Shown on the home page tile and in the catalogue's filter."
            inputProps={{ autoComplete: "off", placeholder: "e.g. Snuffle Toys" }}
          />
          <TextAreaField
            field={fields.description}
            label={optional("Description")}
            hint="One sentence under the name on the home page tile."
            textareaProps={{ rows: 3 }}
          />
          <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
            <SelectField field={fields.icon} label="Icon">
              <option value="">Chosen from the name (a dog when unknown)</option>
              {CATEGORY_ICONS.map((icon) => (
                <option key={icon.value} value={icon.value}>
                  {icon.label}
                </option>
              ))}
            </SelectField>
            <div className="flex items-center gap-2 sm:mt-7">
              <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Preview className="size-6" aria-hidden="true" />
              </span>
              <span className="text-sm text-muted">Preview</span>
            </div>
          </div>
          <ImageUploadField field={fields.imageUrl} label="Category Image" onBusyChange={setUploading} />
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/admin/categories" className={buttonClass("secondary", "lg")}>
            Cancel
          </Link>
          <SubmitButton
            busy={busy}
            disabled={uploading}
            busyText="Saving..."
            size="lg"
            icon={<Save className="size-5" aria-hidden="true" />}
          >
            {editing ? "Update Category" : "Add Category"}
          </SubmitButton>
        </div>
      </Form>
      <UnsavedChangesDialog blocker={blocker} what="category" />
    </>
  );
}
