import type { HTMLInputTypeAttribute, ReactNode } from "react";

/** Input look shared by the product form's controls; red border when invalid. */
export function inputClass(invalid: boolean, extra = ""): string {
  return `block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary disabled:bg-stone-100 ${
    invalid ? "border-red-700" : "border-stone-300"
  } ${extra}`.trim();
}

/** The message under an invalid control (its id is what aria-describedby points to). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-red-700">
      {message}
    </p>
  );
}

/** aria-describedby for a control with an optional hint and an optional error. */
export function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** A labelled text input or textarea with its hint and validation message. */
export function ProductTextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  optional = false,
  multiline = false,
  rows = 3,
  type = "text",
  inputMode,
  placeholder,
  maxLength,
  autoComplete = "off",
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  /** shown as "(optional)" after the label */
  optional?: boolean;
  multiline?: boolean;
  rows?: number;
  type?: HTMLInputTypeAttribute;
  inputMode?: "text" | "decimal" | "numeric" | "url";
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
}) {
  const common = {
    id,
    name: id,
    value,
    placeholder,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, hint, error),
    className: inputClass(Boolean(error), "mt-1"),
  } as const;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-bold">
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </label>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          inputMode={inputMode}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** An on/off setting: a role="switch" button named by its visible label (a click on the label flips it too). */
export function ProductSwitch({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-stone-200 p-3">
      <div>
        <label htmlFor={id} className="block cursor-pointer text-sm font-bold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
          checked ? "bg-primary" : "bg-stone-500"
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${
            checked ? "translate-x-5" : "translate-x-0"
          }`}
        />
      </button>
    </div>
  );
}
