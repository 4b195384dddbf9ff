import type { FieldMetadata } from "@conform-to/react";
import { getCollectionProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { FieldErrors } from "./field";

export interface RadioOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

/**
 * A question with one answer among a few, bound to a Conform field: a fieldset named by its
 * legend, one card per choice (a tap anywhere on the card chooses), and the field's errors under
 * the group. The group, not each radio, is marked invalid and described by the error, so a
 * screen reader announces the message once with the question; the kit's focus on the first
 * invalid field lands on the group's first radio.
 */
export function RadioGroupField({
  field,
  legend,
  options,
}: {
  field: FieldMetadata<string>;
  legend: ReactNode;
  options: readonly RadioOption[];
}) {
  const invalid = Boolean(field.errors?.length);
  // One input's props per option, in the options' order.
  const choices = getCollectionProps(field, {
    type: "radio",
    options: options.map((option) => option.value),
    ariaAttributes: false,
  }).map(({ key, ...input }, index) => ({ key, input, option: options[index] as RadioOption }));
  return (
    <fieldset
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? field.errorId : undefined}
      className="scroll-mt-28 rounded-xl border border-stone-200 bg-white p-4 shadow-sm aria-invalid:border-red-700 sm:p-5"
    >
      <legend className="float-left w-full text-lg font-extrabold">{legend}</legend>
      <div className="clear-both grid gap-3 pt-3 sm:grid-cols-3">
        {choices.map(({ key, input, option }) => {
          const hintId = option.hint ? `${input.id}-hint` : undefined;
          return (
            <div
              key={key ?? option.value}
              className="relative rounded-lg border-2 border-stone-200 bg-white p-3 transition-colors hover:border-primary has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary"
            >
              <div className="flex items-start gap-3">
                <input
                  {...input}
                  aria-describedby={hintId}
                  // Room above for the legend when focus scrolls the group back into view
                  // under the sticky header.
                  className="relative z-10 mt-1 size-4 shrink-0 scroll-mt-40 accent-primary focus-visible:outline-none"
                />
                <div className="min-w-0">
                  {/* The label's ::after covers the whole card, so a tap anywhere on it chooses. */}
                  <label htmlFor={input.id} className="cursor-pointer font-bold after:absolute after:inset-0">
                    {option.label}
                  </label>
                  {option.hint ? (
                    <p id={hintId} className="mt-0.5 text-sm text-muted">
                      {option.hint}
                    </p>
                  ) : null}
                </div>
              </div>
            </div>
          );
        })}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
