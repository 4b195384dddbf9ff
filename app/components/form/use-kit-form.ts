import { parse, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useMemo, useRef, useState } from "react";
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
//
// The checking half (Zod, 25 KB gzip, and Conform's Zod adapter) is not part of the page's
// first load (decision 069): a form loads it with its schema's module on its first focus or
// press, and a submit that comes before it has arrived waits for it, then goes ahead checked.

type Validation = typeof import("./kit-validation");

/**
 * A domain module whose schema a form checks with, loaded when a form first needs it. Declare
 * it at module level beside the form that uses it: `formModule(() => import("#domain/auth.ts"))`
 * (declared in one list, every form page carried every form's loader). A page must not import
 * that module statically for anything: its words and bounds live in Zod-free modules beside it
 * (auth-text.ts, post-text.ts, ...), or the module, and Zod with it, comes with the page.
 */
export interface FormModule<M> {
  /** the module and the kit's checking half, once loaded */
  current: { module: M; validation: Validation } | undefined;
  load(): Promise<{ module: M; validation: Validation }>;
}

export function formModule<M>(importer: () => Promise<M>): FormModule<M> {
  let loading: Promise<{ module: M; validation: Validation }> | undefined;
  const kit: FormModule<M> = {
    current: undefined,
    load() {
      loading ??= Promise.all([importer(), import("./kit-validation")]).then(([module, validation]) => {
        kit.current = { module, validation };
        return kit.current;
      });
      return loading;
    },
  };
  // The server renders every form with its HTML constraints (required, lengths): it has the
  // modules at hand, and loads them once when it starts.
  if (import.meta.env.SSR) void kit.load();
  return kit;
}

function checksOf<M, Schema extends z.ZodType>(
  loaded: NonNullable<FormModule<M>["current"]>,
  pick: (module: M) => Schema,
) {
  const schema = pick(loaded.module);
  return { schema, validation: loaded.validation, constraint: loaded.validation.constraintOf(schema) };
}

/**
 * One form of the kit. `module` and `schema` name the form's schema (`schema` picks it from the
 * loaded module; keep the function stable, e.g. module level or useCallback). `lastResult` is the
 * route action's `submission.reply()` (a form posted before hydration, or a form without
 * `send`); `send` receives the checked value in the browser. The schema is an object of fields,
 * or one piped on into the shape the API takes (the value `send` receives is then that shape).
 */
export function useKitForm<M, Schema extends z.ZodType<unknown, Record<string, unknown>>>({
  id,
  module,
  schema: pick,
  lastResult,
  send,
  defaultValue,
}: {
  id: string;
  module: FormModule<M>;
  schema: (module: M) => Schema;
  lastResult?: SubmissionResult<string[]> | null;
  send?: (value: z.output<Schema>) => Promise<SendOutcome | undefined>;
  defaultValue?: Partial<z.input<Schema>>;
}) {
  const [sent, setSent] = useState<SubmissionResult<string[]> | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [loaded, setLoaded] = useState(module.current);
  const kit = useMemo(() => loaded && checksOf(loaded, pick), [loaded, pick]);
  // what onValidate checks with: set by a render, or by a held submit before its render
  const checking = useRef(kit);
  checking.current = kit;
  const picking = useRef(pick);
  picking.current = pick;
  // fields left before the checks arrived: they are checked once they have
  const leftEarly = useRef(new Set<string>());

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: sent ?? lastResult,
    defaultValue: defaultValue as never,
    constraint: kit?.constraint,
    // A field is judged when it is left, then again on every keystroke until it is right: nobody
    // is told off for an address they have not finished typing.
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }): Submission<z.input<Schema>, string[], z.output<Schema>> => {
      const current = checking.current;
      if (current) return current.validation.parseWithZod(formData, { schema: current.schema });
      // Only a field's check can come this early (a submit waits for the checks, below): it is
      // remembered, and nothing is said about the field yet.
      return parse(formData, {
        resolve: (_payload, intent) => {
          if (intent?.type === "validate" && intent.payload.name) leftEarly.current.add(intent.payload.name);
          return { error: {} };
        },
      }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
    },
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

  // the checks of any field left meanwhile, once they have arrived
  useEffect(() => {
    if (!kit) return;
    for (const name of leftEarly.current) form.validate({ name });
    leftEarly.current.clear();
  }, [kit, form.validate]);

  useEffect(() => {
    const element = document.getElementById(id);
    if (!(element instanceof HTMLFormElement) || module.current) {
      if (module.current) setLoaded(module.current);
      return;
    }
    let active = true;
    const load = () =>
      module.load().then((current) => {
        if (active) setLoaded(current);
        return current;
      });
    // A submit before the checks have arrived waits for them, then is made again, checked. Should
    // they not come (the network failed), the form posts to its route's action as without scripts.
    const hold = (event: SubmitEvent) => {
      if (checking.current || new FormData(element, event.submitter).has("__intent__")) return;
      event.preventDefault();
      event.stopPropagation();
      load().then(
        (current) => {
          checking.current ??= checksOf(current, picking.current);
          element.requestSubmit(event.submitter);
        },
        () => element.submit(),
      );
    };
    element.addEventListener("focusin", load, { once: true });
    element.addEventListener("pointerdown", load, { once: true });
    element.addEventListener("submit", hold, { capture: true });
    return () => {
      active = false;
      element.removeEventListener("focusin", load);
      element.removeEventListener("pointerdown", load);
      element.removeEventListener("submit", hold, { capture: true });
    };
  }, [id, module]);

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
