import { Send } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { type ContactInput, contactSchema } from "../../domain/contact";
import { ApiError } from "../lib/api";
import { SITE } from "../lib/site";
import { HoneypotField } from "./honeypot-field";
import { buttonClass } from "./ui/button";
import { toast } from "./ui/use-toast";

type Field = keyof ContactInput;
type FieldErrors = Partial<Record<Field, string>>;

// Field order decides which invalid field gets focus first.
const FIELDS: readonly Field[] = ["name", "email", "subject", "message"];
const EMPTY: ContactInput = { name: "", email: "", subject: "", message: "" };

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

/** The fields of spec/storefront.md §3 "Contact response fields read". */
interface ContactResponse {
  emailSent?: unknown;
  message?: unknown;
  note?: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

// A proxy or crash page may answer with HTML or nothing: treat that as "no fields".
function parseBody(raw: string): ContactResponse & { errors?: unknown } {
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}

function errorsFromSchema(values: ContactInput): { errors: FieldErrors; data?: ContactInput } {
  const result = contactSchema.safeParse(values);
  if (result.success) return { errors: {}, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

// The server validates with the same schema; its per-field messages are shown the same way.
function errorsFromServer(errors: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!errors || typeof errors !== "object") return out;
  for (const field of FIELDS) {
    const messages = (errors as Record<string, unknown>)[field];
    const first = Array.isArray(messages) ? text(messages[0]) : undefined;
    if (first) out[field] = first;
  }
  return out;
}

/** The 'Send Us a Message' form: validates with the shared schema, posts to /api/contact. */
export function ContactForm() {
  const [values, setValues] = useState<ContactInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // Until React has hydrated, a click would submit the plain HTML form and reload the page,
  // so the button waits for the script that sends the message.
  const [hydrated, setHydrated] = useState(false);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const fieldRefs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  useEffect(() => {
    // Keep whatever was typed into the server-rendered fields before hydration; the next
    // render of the controlled fields would otherwise wipe it.
    const typed: Partial<ContactInput> = {};
    for (const field of FIELDS) {
      const value = fieldRefs.current[field]?.value;
      if (value) typed[field] = value;
    }
    if (Object.keys(typed).length > 0) setValues((prev) => ({ ...prev, ...typed }));
    setHydrated(true);
  }, []);

  function focusFirstInvalid(found: FieldErrors) {
    const first = FIELDS.find((field) => found[field]);
    if (first) fieldRefs.current[first]?.focus();
  }

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const field = event.target.name as Field;
    const value = event.target.value;
    setValues((prev) => ({ ...prev, [field]: value }));
    // Only a field already marked wrong is re-checked while typing, so nobody is told
    // off for an address they have not finished yet.
    if (errors[field]) {
      const result = contactSchema.shape[field].safeParse(value);
      setErrors((prev) => ({ ...prev, [field]: result.success ? undefined : result.error.issues[0]?.message }));
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const { errors: found, data } = errorsFromSchema(values);
    setErrors(found);
    if (!data) {
      focusFirstInvalid(found);
      return;
    }

    setSubmitting(true);
    try {
      let res: Response;
      try {
        res = await fetch("/api/contact", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ ...data, website: honeypotRef.current?.value ?? "" }),
        });
      } catch (error) {
        console.error("POST /api/contact failed", error);
        toast({ title: CONTACT_TEXT.errorTitle, description: CONTACT_TEXT.networkError, variant: "destructive" });
        return;
      }
      const raw = await res.text().catch(() => "");
      const body = parseBody(raw);

      if (!res.ok) {
        console.error("POST /api/contact failed", new ApiError(res.status, raw, res.statusText).message);
        const serverErrors = errorsFromServer(body.errors);
        if (Object.keys(serverErrors).length > 0) {
          setErrors(serverErrors);
          focusFirstInvalid(serverErrors);
        }
        toast({
          title: CONTACT_TEXT.errorTitle,
          description: text(body.message) ?? CONTACT_TEXT.errorFallback,
          variant: "destructive",
        });
        return;
      }

      if (body.emailSent === true) {
        toast({ title: CONTACT_TEXT.sentTitle, description: CONTACT_TEXT.sentDescription });
      } else {
        toast({ title: CONTACT_TEXT.receivedTitle, description: text(body.message) ?? CONTACT_TEXT.receivedFallback });
      }
      const note = text(body.note);
      if (note) toast({ title: CONTACT_TEXT.noteTitle, description: note });
      setValues(EMPTY);
      setErrors({});
    } finally {
      setSubmitting(false);
    }
  }

  const fieldProps = (field: Field) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `contact-${field}-error` : undefined,
    className: `mt-1 block w-full scroll-mt-28 rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary ${
      errors[field] ? "border-red-700" : "border-stone-300"
    }`,
  });

  const errorText = (field: Field) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="mt-1 text-sm font-semibold text-red-700">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      method="post"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="contact-form-heading"
      className="relative mt-6 grid gap-5"
    >
      <HoneypotField inputRef={honeypotRef} />
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="contact-name" className="block text-sm font-bold">
            Name
          </label>
          <input
            {...fieldProps("name")}
            ref={(el) => {
              fieldRefs.current.name = el;
            }}
            type="text"
            autoComplete="name"
            placeholder="Your name"
            required
          />
          {errorText("name")}
        </div>
        <div>
          <label htmlFor="contact-email" className="block text-sm font-bold">
            Email
          </label>
          <input
            {...fieldProps("email")}
            ref={(el) => {
              fieldRefs.current.email = el;
            }}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
          />
          {errorText("email")}
        </div>
      </div>
      <div>
        <label htmlFor="contact-subject" className="block text-sm font-bold">
          Subject
        </label>
        <input
          {...fieldProps("subject")}
          ref={(el) => {
            fieldRefs.current.subject = el;
          }}
          type="text"
          placeholder="What is this about?"
          required
        />
        {errorText("subject")}
      </div>
      <div>
        <label htmlFor="contact-message" className="block text-sm font-bold">
          Message
        </label>
        <textarea
          {...fieldProps("message")}
          ref={(el) => {
            fieldRefs.current.message = el;
          }}
          rows={6}
          placeholder="How can we help?"
          required
        />
        {errorText("message")}
      </div>
      <noscript>
        <p className="text-sm font-semibold">
          Sending this form needs JavaScript. You can also email us at {SITE.supportEmail}.
        </p>
      </noscript>
      <div>
        <button
          type="submit"
          disabled={submitting || !hydrated}
          aria-busy={submitting || undefined}
          className={buttonClass("primary", "lg", "w-full sm:w-auto")}
        >
          <Send className="size-5" aria-hidden="true" />
          {submitting ? "Sending..." : "Send Message"}
        </button>
      </div>
    </form>
  );
}
