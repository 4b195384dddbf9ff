import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import SendNode from "lucide/dist/esm/icons/send.mjs";
import { Form } from "react-router";
import { formModule, type SendOutcome, useKitForm } from "#app/components/form/use-kit-form.ts";
import { ApiError, callApi } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import type { FormReply } from "#domain/form-reply.ts";
import { FormErrors, TextAreaField, TextField } from "./form/field";
import { SubmitButton } from "./form/submit-button";
import { HoneypotField } from "./honeypot-field";
import { icon } from "./ui/icon";

// The schema module this form checks with, loaded on the form's first focus or press (use-kit-form.ts).
const contactForms = formModule(() => import("#domain/contact.ts"));

const Send = icon("send", SendNode);

export const CONTACT_TEXT = {
  sentTitle: "Message sent!",
  sentDescription: "Thank you for reaching out. We'll get back to you soon.",
  receivedTitle: "Message received",
  receivedFallback: "Your message was received, but there was an issue sending the confirmation email.",
  noteTitle: "Note",
  errorTitle: "Error",
  errorFallback: "There was a problem sending your message. Please try again.",
  networkError: "There was a problem connecting to our server. Please try again later.",
} as const;

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** The spec's toasts for an accepted message (storefront §8 "Contact outcomes"). */
function acceptedToasts(reply: Partial<FormReply> | null) {
  if (reply?.emailSent === true) {
    toast({ title: CONTACT_TEXT.sentTitle, description: CONTACT_TEXT.sentDescription });
  } else {
    toast({ title: CONTACT_TEXT.receivedTitle, description: text(reply?.message) ?? CONTACT_TEXT.receivedFallback });
  }
  const note = reply && "note" in reply ? text(reply.note) : undefined;
  if (note) toast({ title: CONTACT_TEXT.noteTitle, description: note });
}

/** Once the scripts run: the spec's POST /api/contact and its toasts. */
async function sendToApi(value: unknown): Promise<SendOutcome> {
  try {
    const answer = await callApi<Partial<FormReply> | null>("POST", "/api/contact", { json: value });
    acceptedToasts(answer.data);
    return { reset: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.unreachable) {
      toast({ title: CONTACT_TEXT.errorTitle, description: CONTACT_TEXT.networkError, variant: "destructive" });
      return {};
    }
    toast({
      title: CONTACT_TEXT.errorTitle,
      description: error.serverMessage ?? CONTACT_TEXT.errorFallback,
      variant: "destructive",
    });
    return { fieldErrors: error.fieldErrors };
  }
}

const requestSchema = (contact: typeof import("#domain/contact.ts")) => contact.contactRequestSchema;

/** What the contact page's action answers when the form was posted before the scripts ran. */
export interface ContactActionData {
  result: SubmissionResult<string[]>;
  /** the accepted message's reply, shown in the page (toasts need the scripts) */
  reply: FormReply | null;
}

/**
 * The 'Send Us a Message' form: checked with the shared schema, sent to POST /api/contact once
 * the scripts run; posted to the page's action (same rules, same storing) before that.
 */
export function ContactForm({ actionData }: { actionData?: ContactActionData }) {
  const { form, fields, busy } = useKitForm({
    id: "contact",
    module: contactForms,
    schema: requestSchema,
    lastResult: actionData?.result,
    send: sendToApi,
  });

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby="contact-form-heading"
      className="relative mt-6 grid gap-5"
    >
      <HoneypotField />
      {actionData?.reply ? (
        <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-green-900">
          <p className="font-bold">
            {actionData.reply.emailSent ? CONTACT_TEXT.sentTitle : CONTACT_TEXT.receivedTitle}
          </p>
          <p>{actionData.reply.emailSent ? CONTACT_TEXT.sentDescription : actionData.reply.message}</p>
          {"note" in actionData.reply && actionData.reply.note ? (
            <p className="mt-1 text-sm">{actionData.reply.note}</p>
          ) : null}
        </div>
      ) : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField field={fields.name} label="Name" inputProps={{ autoComplete: "name", placeholder: "Your name" }} />
        <TextField
          field={fields.email}
          label="Email"
          type="email"
          inputProps={{ inputMode: "email", autoComplete: "email", placeholder: "you@example.com" }}
        />
      </div>
      <TextField field={fields.subject} label="Subject" inputProps={{ placeholder: "What is this about?" }} />
      <TextAreaField
        field={fields.message}
        label="Message"
        textareaProps={{ rows: 6, placeholder: "How can we help?" }}
      />
      <div>
        <SubmitButton
          busy={busy}
          busyText="Sending..."
          size="lg"
          className="w-full sm:w-auto"
          icon={<Send className="size-5" aria-hidden="true" />}
        >
          Send Message
        </SubmitButton>
      </div>
    </Form>
  );
}
