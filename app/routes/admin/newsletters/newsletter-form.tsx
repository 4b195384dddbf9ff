import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import PackagePlusNode from "lucide/dist/esm/icons/package-plus.mjs";
import SaveNode from "lucide/dist/esm/icons/save.mjs";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { InsertProductDialog } from "#app/components/admin/insert-product-dialog.tsx";
import { insertTokenLine } from "#app/components/admin/insert-token.ts";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FormErrors, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { formModule, setFieldInput, useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { MAX_NEWSLETTER_PREHEADER, MAX_NEWSLETTER_SUBJECT } from "#domain/newsletter-text.ts";

const PackagePlus = icon("package-plus", PackagePlusNode);
const Save = icon("save", SaveNode);

// The newsletter schemas, loaded on a form's first focus or press (use-kit-form.ts): the draft form
// and the new-newsletter page's "from a post" form check with them.
export const newsletterForms = formModule(() => import("#domain/newsletters.ts"));

const inputSchema = (forms: typeof import("#domain/newsletters.ts")) => forms.newsletterInputSchema;

/**
 * Subject, preview text and markdown body of a draft on the form kit, posted to the page's
 * action (the same schema and service as POST/PATCH /api/admin/newsletters), with the post
 * editor's "Insert product" picker for the body. Leaving with unsaved edits asks first.
 */
export function NewsletterForm({
  id,
  start,
  lastResult,
  submitLabel,
}: {
  id: string;
  start: { subject: string; content: string; preheader: string };
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [startedFrom] = useState(start);
  const [inserting, setInserting] = useState(false);
  // where the caret was when the picker opened, and where it goes once the picker has closed
  const caret = useRef<number | null>(null);
  const caretAfterInsert = useRef<number | null>(null);
  const { form, fields } = useKitForm({
    id,
    module: newsletterForms,
    schema: inputSchema,
    lastResult,
    defaultValue: startedFrom,
  });
  // not while saving: the page's answer (a redirect) must not be held up by the question. The
  // save button names the intent (Enter in a field submits with it too): a hidden input would be
  // a value the draft did not start with, and leaving an untouched draft would ask first.
  const { blocker } = useUnsavedChanges(navigation.state === "idle" && formChanged(form.value, startedFrom));

  function contentBox(): HTMLTextAreaElement | null {
    const box = document.getElementById(fields.content.id);
    return box instanceof HTMLTextAreaElement ? box : null;
  }

  /** Places the token on a line of its own where the caret was in the body. */
  function insertToken(token: string) {
    const box = contentBox();
    if (!box) return;
    const next = insertTokenLine(box.value, caret.current ?? box.value.length, token);
    setFieldInput(box, next.text);
    caretAfterInsert.current = next.caret;
    setInserting(false);
  }

  // Once the picker has closed (which hands the focus back to its button), the focus goes to
  // the text, just after the inserted token, so writing goes on where it stopped.
  useEffect(() => {
    const at = caretAfterInsert.current;
    const box = contentBox();
    if (inserting || at === null || !box) return;
    caretAfterInsert.current = null;
    box.focus();
    box.setSelectionRange(at, at);
  });

  return (
    <>
      <Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.subject} label="Subject" inputProps={{ maxLength: MAX_NEWSLETTER_SUBJECT }} />
        <TextField
          field={fields.preheader}
          label={
            <>
              Preview text<span className="ml-1 font-normal text-muted">(optional)</span>
            </>
          }
          hint="The line inboxes show after the subject. Leave it empty to use the first paragraph."
          inputProps={{ maxLength: MAX_NEWSLETTER_PREHEADER }}
        />
        <div className="grid gap-2">
          <div className="flex justify-end">
            <button
              type="button"
              disabled={!hydrated}
              onClick={() => {
                caret.current = contentBox()?.selectionStart ?? null;
                setInserting(true);
              }}
              className={buttonClass("secondary", "sm")}
            >
              <PackagePlus className="size-4" aria-hidden="true" />
              Insert product
            </button>
          </div>
          <TextAreaField
            field={fields.content}
            label="Content"
            hint="Markdown, like posts. A line [[toy:slug]] places a toy's buy box, [[compare:slug,slug]] a comparison table (Insert product writes them for you); links to the retailer count for this newsletter."
            className="h-80 resize-y font-mono text-sm leading-relaxed"
          />
        </div>
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
      <InsertProductDialog open={inserting} onInsert={insertToken} onClose={() => setInserting(false)} />
    </>
  );
}
