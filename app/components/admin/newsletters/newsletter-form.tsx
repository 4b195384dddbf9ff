import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { Save } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FormErrors, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { MAX_NEWSLETTER_SUBJECT, newsletterInputSchema } from "#domain/newsletters.ts";

/**
 * Subject and markdown body of a draft on the form kit, posted to the page's action (the same
 * schema and service as POST/PATCH /api/admin/newsletters). Leaving with unsaved edits asks first.
 */
export function NewsletterForm({
  id,
  start,
  lastResult,
  submitLabel,
}: {
  id: string;
  start: { subject: string; content: string };
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [startedFrom] = useState(start);
  const { form, fields } = useKitForm({ id, schema: newsletterInputSchema, lastResult, defaultValue: startedFrom });
  // not while saving: the page's answer (a redirect) must not be held up by the question
  const { blocker } = useUnsavedChanges(navigation.state === "idle" && formChanged(form.value, startedFrom));
  return (
    <>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <input type="hidden" name="intent" value="save" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.subject} label="Subject" inputProps={{ maxLength: MAX_NEWSLETTER_SUBJECT }} />
        <TextAreaField
          field={fields.content}
          label="Content"
          hint="Markdown, like posts. A line [[toy:slug]] places a toy's buy box, [[compare:slug,slug]] a comparison table; links to the retailer count for this newsletter."
          className="h-80 resize-y font-mono text-sm leading-relaxed"
        />
        <div>
          <SubmitButton
            busyText="Saving..."
            icon={<Save className="size-5" aria-hidden="true" />}
            name="intent"
            value="save"
          >
            {submitLabel}
          </SubmitButton>
        </div>
      </Form>
      <UnsavedChangesDialog blocker={blocker} what="newsletter" />
    </>
  );
}
