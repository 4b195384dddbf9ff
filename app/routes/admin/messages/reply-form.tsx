import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import SendNode from "lucide/dist/esm/icons/send.mjs";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { UnsavedChangesDialog } from "#app/components/admin/unsaved-changes-dialog.tsx";
import { FormErrors, TextAreaField, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { formModule, useKitForm } from "#app/components/form/use-kit-form.ts";
import { formChanged, useUnsavedChanges } from "#app/components/form/use-unsaved-changes.ts";
import { icon } from "#app/components/ui/icon.ts";
import { toast } from "#app/lib/toast.ts";
import type { FormReply } from "#domain/form-reply.ts";
import { messageReplySchema } from "#domain/inbox.ts";

const Send = icon("send", SendNode);

// This screen reads other exports of inbox.ts too, so its schema comes with the page; the kit's
// checking half (Conform's Zod adapter) still loads on the form's first focus.
const inboxForms = formModule(async () => ({ messageReplySchema }));

const replySchema = (forms: { messageReplySchema: typeof messageReplySchema }) => forms.messageReplySchema;

/** What the message page's action answers to the reply form. */
export interface ReplyActionData {
  result: SubmissionResult<string[]>;
  /** set when the reply was queued (and maybe sent) */
  outcome?: FormReply;
}

/**
 * "Reply from the site": subject and text on the form kit, posted to the page's action, which
 * checks them with the API's schema and queues the e-mail through the outbox. The visitor's
 * own words are quoted below the reply by the e-mail itself.
 */
export function ReplyForm({ to, subject, actionData }: { to: string; subject: string; actionData?: ReplyActionData }) {
  const [startedFrom] = useState({ subject, message: "" });
  const { form, fields } = useKitForm({
    id: "message-reply",
    module: inboxForms,
    schema: replySchema,
    lastResult: actionData?.result,
    defaultValue: startedFrom,
  });
  const navigation = useNavigation();
  // not while it is being sent: the page's answer must not be held up by the question
  const { blocker } = useUnsavedChanges(navigation.state === "idle" && formChanged(form.value, startedFrom));
  const outcome = actionData?.outcome;

  useEffect(() => {
    if (!outcome) return;
    toast({ title: outcome.emailSent ? "Reply sent" : "Reply queued", description: outcome.message });
  }, [outcome]);

  return (
    <>
      <Form method="post" {...getFormProps(form)} aria-labelledby="reply-heading" className="grid gap-4">
        <input type="hidden" name="intent" value="reply" />
        <p className="text-sm text-muted">
          To <strong className="break-all text-ink">{to}</strong>. Replies to it come to your inbox.
        </p>
        <FormErrors id={form.errorId} errors={form.errors} />
        {outcome ? (
          <p
            role="status"
            className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 font-semibold text-green-900"
          >
            {outcome.message}
          </p>
        ) : null}
        <TextField field={fields.subject} label="Subject" />
        <TextAreaField
          field={fields.message}
          label="Your reply"
          textareaProps={{ rows: 8 }}
          hint="Their message is quoted below your reply."
        />
        <div>
          <SubmitButton
            busyText="Sending..."
            icon={<Send className="size-5" aria-hidden="true" />}
            name="intent"
            value="reply"
          >
            Send reply
          </SubmitButton>
        </div>
      </Form>
      <UnsavedChangesDialog blocker={blocker} what="reply" />
    </>
  );
}
