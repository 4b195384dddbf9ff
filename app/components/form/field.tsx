import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import {
  Children,
  type InputHTMLAttributes,
  isValidElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";

// The form kit's fields (decision 021): every field gets its label, its hint and its errors
// wired to the input (aria-describedby, aria-invalid) by Conform, from the same Zod schema the
// server parses with, so a server-side error appears under its field like a browser-side one.

/**
 * A field an input edits as text, whatever the schema makes of that text (a number, a list, a
 * day, nothing when it is empty).
 */
type TextFieldMetadata = FieldMetadata<unknown>;

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
  field: TextFieldMetadata;
  label: ReactNode;
  type?: "text" | "email" | "password" | "url" | "search" | "tel" | "number" | "date" | "time";
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
  describedBy,
  className = "",
  textareaProps,
}: {
  field: TextFieldMetadata;
  label: ReactNode;
  hint?: ReactNode;
  /** ids of text elsewhere on the page that also describes the field */
  describedBy?: string;
  /** classes added to the box's own (its height, a monospace font) */
  className?: string;
  textareaProps?: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const ariaDescribedBy = [hintId, describedBy].filter(Boolean).join(" ") || undefined;
  const props = getTextareaProps(field, { ariaDescribedBy });
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
      <textarea {...props} {...textareaProps} key={props.key} className={`${INPUT_CLASS} ${className}`.trim()} />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A labelled choice among a few (`children` are its <option>s) bound to a Conform field. */
export function SelectField({
  field,
  label,
  children,
  selectProps,
}: {
  field: TextFieldMetadata;
  label: ReactNode;
  children: ReactNode;
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>;
}) {
  const props = getSelectProps(field);
  // HTML allows `required` on a select only when its first option is an empty placeholder: any
  // other select always has a value, so the attribute would ask for nothing.
  const first = Children.toArray(children)[0];
  const placeholderFirst = isValidElement<{ value?: unknown }>(first) && first.props.value === "";
  if (!placeholderFirst) props.required = undefined;
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-bold">
        {label}
      </label>
      <select {...props} {...selectProps} key={props.key} className={INPUT_CLASS}>
        {children}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * An on/off setting bound to a Conform field: a native checkbox shown as a switch
 * (role="switch"), so it works before the scripts run and a click on its label flips it. It
 * posts "on" when on and nothing when off. Its state is the checkbox's own `checked`, which
 * assistive technology reads for the switch role (ARIA in HTML forbids aria-checked on it).
 */
export function SwitchField({
  field,
  label,
  hint,
}: {
  field: FieldMetadata<boolean | undefined>;
  label: ReactNode;
  hint?: ReactNode;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type: "checkbox", ariaDescribedBy: hintId });
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-stone-200 p-3">
      <div>
        <label htmlFor={field.id} className="block cursor-pointer text-sm font-bold">
          {label}
        </label>
        {hint ? (
          <p id={hintId} className="text-sm text-muted">
            {hint}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex h-7 w-12 shrink-0">
        <input
          {...props}
          key={props.key}
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox's checked state is the switch's state (ARIA in HTML forbids aria-checked here)
          role="switch"
          className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-full bg-stone-500 transition-colors checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
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
