// A route action calls the same service as the API, and a service says no with a refusal (the
// server's ServiceError: not-found, conflict or invalid, with the field it is about), which the
// API answers as 404, 409 or 400 with `errors` for that field. This is the kit's version of that
// answer for a form posted before its scripts ran. The refusal is recognised by its shape:
// app/ imports nothing from server/.

const STATUS = { "not-found": 404, conflict: 409, invalid: 400 } as const;

/** A service's refusal as an action answers it. */
export interface ServiceRefusal {
  status: 400 | 404 | 409;
  /** the form's messages: under the field the refusal names when the form has it, else above the form */
  errors: { fieldErrors: Record<string, string[]> } | { formErrors: string[] };
}

/** The refusal `error` is, or null for any other failure (which the action lets through). */
export function serviceRefusal(error: unknown, formFields: readonly string[]): ServiceRefusal | null {
  if (!(error instanceof Error)) return null;
  const { kind, field } = error as { kind?: unknown; field?: unknown };
  if (kind !== "not-found" && kind !== "conflict" && kind !== "invalid") return null;
  return {
    status: STATUS[kind],
    errors:
      typeof field === "string" && formFields.includes(field)
        ? { fieldErrors: { [field]: [error.message] } }
        : { formErrors: [error.message] },
  };
}
