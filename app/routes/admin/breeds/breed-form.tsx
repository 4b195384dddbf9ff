import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import SaveNode from "lucide/dist/esm/icons/save.mjs";
import { useMemo, useState } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ImageUploadField } from "#app/components/admin/image-upload-field.tsx";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FormErrors, SelectField, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { formModule, type SendOutcome, useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { ApiError, callApi, failureReason } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import type { AdminBreed, BreedInput } from "#domain/breed-form.ts";
import { BREED_SIZES, BREED_TEXT } from "#domain/breed-text.ts";

const Save = icon("save", SaveNode);

// The schema module this form checks with, loaded on the form's first focus or press (use-kit-form.ts).
const breedForms = formModule(() => import("#domain/breed-form.ts"));

/** What the breed page's action answers when the form was posted before the scripts ran. */
export interface BreedActionData {
  result: SubmissionResult<string[]>;
}

const formSchema = (forms: typeof import("#domain/breed-form.ts")) => forms.breedInputSchema;
/** the form's fields (a send comes only after the form's schema has loaded and checked it) */
const formFields = (): readonly string[] => breedForms.current?.module.breedInputSchema.keyof().options ?? [];

function startingValues(breed: AdminBreed | null) {
  return {
    name: breed?.name ?? "",
    // stored as text; the select shows nothing chosen for a size it does not offer
    size: breed?.size as BreedInput["size"] | undefined,
    description: breed?.description ?? "",
    imageUrl: breed?.imageUrl ?? null,
  };
}

/**
 * The breed form for both modes, on the form kit: checked with the shared schema, saved with
 * POST or PATCH /api/breeds once the scripts run, posted to the page's action before that. The
 * page address is made from the name when the breed is created and kept on a rename.
 */
export function BreedForm({ breed, actionData }: { breed: AdminBreed | null; actionData?: BreedActionData }) {
  const navigate = useNavigate();
  const editing = breed !== null;
  const [uploading, setUploading] = useState(false);
  const startedFrom = useMemo(() => startingValues(breed), [breed]);

  async function send(input: BreedInput): Promise<SendOutcome> {
    try {
      if (breed) await callApi("PATCH", `/api/breeds/${breed.id}`, { json: input });
      else await callApi("POST", "/api/breeds", { json: input });
    } catch (error) {
      const fieldErrors =
        error instanceof ApiError
          ? Object.fromEntries(Object.entries(error.fieldErrors).filter(([field]) => formFields().includes(field)))
          : {};
      toast({
        title: "Error",
        description: `Failed to ${editing ? "update" : "create"} breed: ${failureReason(error) ?? "Unknown error"}`,
        variant: "destructive",
      });
      return { fieldErrors };
    }
    markSaved();
    toast({ title: editing ? BREED_TEXT.updated : BREED_TEXT.created, description: input.name });
    await navigate("/admin/breeds");
    return {};
  }

  const { form, fields, busy } = useKitForm({
    id: "breed",
    module: breedForms,
    schema: formSchema,
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
        aria-label={editing ? "Edit Breed" : "Add Breed"}
        className="grid gap-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset disabled={busy} className="grid min-w-0 gap-6">
          <TextField
            field={fields.name}
            label="Name"
            hint={
              breed
                ? `The breed's page stays at /breeds/${breed.slug} when you rename it, so links keep working.`
                : "The breed's page address is made from the name, e.g. /breeds/golden-retriever."
            }
            inputProps={{ autoComplete: "off", placeholder: "e.g. Golden Retriever" }}
          />
          <SelectField field={fields.size} label="Size">
            <option value="">Choose a size</option>
            {BREED_SIZES.map((size) => (
              <option key={size.value} value={size.value}>
                {size.label}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            field={fields.description}
            label="Description"
            hint="What the breed is like and how it plays (at least 10 characters)."
            textareaProps={{ rows: 5 }}
          />
          <ImageUploadField field={fields.imageUrl} label="Breed Image" onBusyChange={setUploading} />
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/admin/breeds" className={buttonClass("secondary", "lg")}>
            Cancel
          </Link>
          <SubmitButton
            busy={busy}
            disabled={uploading}
            busyText="Saving..."
            size="lg"
            icon={<Save className="size-5" aria-hidden="true" />}
          >
            {editing ? "Update Breed" : "Add Breed"}
          </SubmitButton>
        </div>
      </Form>
      <UnsavedChangesDialog blocker={blocker} what="breed" />
    </>
  );
}
