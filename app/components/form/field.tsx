import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";

// The form kit's fields (decision 021): every field gets its label, its hint and its errors
// wired to the input (aria-describedby, aria-invalid) by Conform, from the same Zod schema the
// server parses with, so a server-side error appears under its field like a browser-side one.

export const INPUT_CLASS =
  "mt-1 block w-full scroll-mt-28 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary aria-invalid:border-red-700";

/** A field's messages, read out when they appear. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} aria-live="polite" className="min-h-5">
      {errors?.length ? <p className="mt-1 text-sm font-semibold text-red-700">{errors[0]}</p> : null}
    </div>
  );
}

/** A labelled text-like input bound to a Conform field. */
export function TextField({
  field,
  label,
  type = "text",
  hint,
  describedBy,
  inputProps,
}: {
  field: FieldMetadata<string>;
  label: ReactNode;
  type?: "text" | "email" | "password" | "url" | "search" | "tel";
  hint?: ReactNode;
  /** ids of text elsewhere on the page that also describes the field */
  describedBy?: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const ariaDescribedBy = [hintId, describedBy].filter(Boolean).join(" ") || undefined;
  const props = getInputProps(field, { type, ariaDescribedBy });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-bold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input {...props} {...inputProps} key={props.key} className={INPUT_CLASS} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled multi-line text bound to a Conform field. */
export function TextAreaField({
  field,
  label,
  hint,
  textareaProps,
}: {
  field: FieldMetadata<string>;
  label: ReactNode;
  hint?: ReactNode;
  textareaProps?: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getTextareaProps(field, { ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-bold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <textarea {...props} {...textareaProps} key={props.key} className={INPUT_CLASS} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Errors of the whole form (not of one field), e.g. "too many attempts". */
export function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} role="alert" aria-live="assertive">
      {errors?.length ? (
        <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}
