import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import type { z } from "zod";

/** What a browser-side send reports back: messages under fields, above the form, or a reset. */
export interface SendOutcome {
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  /** empty the form (it was sent) */
  reset?: boolean;
}

// The form kit (decision 021): Conform over the domain's Zod schema, so the browser checks with
// the same rules and messages as the server, the first invalid field gets the focus, and a
// server's per-field errors land under their fields. Every form is a real <form> that posts to
// its route's action, so it works before the scripts have loaded (hydration waits for the first
// paint, decision 018); once they have, `send` may take over and make the spec's API call.

/**
 * The object of a form's fields in a schema that goes on to turn them into something else
 * (`fields.transform(...).pipe(apiSchema)`): the fields' HTML constraints come from it.
 */
function fieldsOf(schema: z.ZodType): z.ZodType {
  let inner: z.ZodType = schema;
  while (inner._zod.def.type === "pipe") inner = (inner as z.ZodPipe).in as z.ZodType;
  return inner;
}

/**
 * One form of the kit. `lastResult` is the route action's `submission.reply()` (a form posted
 * before hydration, or a form without `send`); `send` receives the checked value in the browser.
 * `schema` is an object of fields, or one piped on into the shape the API takes (the value
 * `send` receives is then that shape).
 */
export function useKitForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>({
  id,
  schema,
  lastResult,
  send,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  send?: (value: z.output<Schema>) => Promise<SendOutcome | undefined>;
  defaultValue?: Partial<z.input<Schema>>;
}) {
  const [sent, setSent] = useState<SubmissionResult<string[]> | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const constraint = useMemo(() => getZodConstraint(fieldsOf(schema)), [schema]);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: sent ?? lastResult,
    defaultValue: defaultValue as never,
    constraint,
    // A field is judged when it is left, then again on every keystroke until it is right: nobody
    // is told off for an address they have not finished typing.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: send
      ? async (event, { submission }) => {
          event.preventDefault();
          if (busy || submission?.status !== "success") return;
          setBusy(true);
          try {
            const outcome = await send(submission.value as z.output<Schema>);
            setSent(
              submission.reply({
                fieldErrors: outcome?.fieldErrors,
                formErrors: outcome?.formErrors,
                resetForm: outcome?.reset,
              }),
            );
          } finally {
            setBusy(false);
          }
        }
      : undefined,
  });
  return { form, fields, busy };
}

/**
 * Sets a kit field's input from code (an uploaded image's address, a day in the browser's
 * zone) as if it had been typed: Conform hears the input event, so its value, its checks and
 * the unsaved-changes guard follow.
 */
export function setFieldInput(input: HTMLInputElement | HTMLTextAreaElement | null, value: string) {
  if (!input || input.value === value) return;
  input.value = value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
}
