import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps } from "@conform-to/react";
import EraserNode from "lucide/dist/esm/icons/eraser.mjs";
import { Form } from "react-router";
import { FieldErrors, FormErrors } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { formModule, useKitForm } from "#app/components/form/use-kit-form.ts";
import { icon } from "#app/components/ui/icon.ts";

const Eraser = icon("eraser", EraserNode);

// The schema module this form checks with, loaded on the form's first focus or press (use-kit-form.ts).
const personalDataForms = formModule(() => import("#domain/personal-data.ts"));

const erasureSchema = (forms: typeof import("#domain/personal-data.ts")) => forms.erasureFormSchema;

/**
 * Erases everything about one address: the owner ticks that it cannot be undone, which is the
 * confirmation (it works before the scripts run, unlike a dialog). Posted to the page's action,
 * which calls the service DELETE /api/admin/personal-data calls.
 */
export function EraseForm({ email, lastResult }: { email: string; lastResult?: SubmissionResult<string[]> | null }) {
  const { form, fields } = useKitForm({
    id: "erase-personal-data",
    module: personalDataForms,
    schema: erasureSchema,
    lastResult,
    defaultValue: { email },
  });
  const confirm = getInputProps(fields.confirm, { type: "checkbox" });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3">
      <input type="hidden" name="intent" value="erase" />
      <input {...getInputProps(fields.email, { type: "hidden" })} key={fields.email.key} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex items-start gap-3">
        <input {...confirm} key={confirm.key} className="mt-1 size-5 shrink-0 accent-red-700" />
        <label htmlFor={fields.confirm.id} className="text-sm">
          Erase every quiz submission, the subscriber record, every contact message and every e-mail of{" "}
          <strong className="break-all">{email}</strong>. This cannot be undone; only the time and a hash of the address
          are kept, as proof that it was done.
        </label>
      </div>
      <FieldErrors id={fields.confirm.errorId} errors={fields.confirm.errors} />
      <div>
        <SubmitButton
          busyText="Erasing..."
          icon={<Eraser className="size-5" aria-hidden="true" />}
          name="intent"
          value="erase"
        >
          Erase everything
        </SubmitButton>
      </div>
    </Form>
  );
}
