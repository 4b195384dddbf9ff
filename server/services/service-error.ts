/**
 * A refusal a service reports without knowing about HTTP: the API's error handler turns
 * not-found into 404, conflict into 409 and invalid into 400, with the field's message (or,
 * for input checked whole, every field's messages in `fieldErrors`).
 */
export class ServiceError extends Error {
  constructor(
    readonly kind: "not-found" | "conflict" | "invalid",
    message: string,
    readonly field?: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** What a domain schema's failed check names: Zod's issues. */
export interface InputIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** What checkedInput needs of a schema: Zod's safeParse result shape. */
export interface InputSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly InputIssue[] } };
}

/** The key an issue is answered under in the API's `errors`: its field's dotted path, "_" for the whole input. */
function issueKey(issue: InputIssue): string {
  return issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
}

/** Each field's messages, as the API's 400 answers list them under `errors`. */
export function fieldErrorsOf(issues: readonly InputIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issueKey(issue);
    const list = errors[key] ?? [];
    list.push(issue.message);
    errors[key] = list;
  }
  return errors;
}

/**
 * Input a service checks itself with a domain schema (a save that needs the stored row to
 * know what it saves): a failure is an "invalid" refusal with every field's messages, the
 * same answer the API's own parseOr400 gives.
 */
export function checkedInput<T>(schema: InputSchema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [first] = result.error.issues;
  throw new ServiceError(
    "invalid",
    first?.message ?? "Invalid input",
    first ? issueKey(first) : undefined,
    fieldErrorsOf(result.error.issues),
  );
}

/** The SQLSTATE of a database error, whichever driver (pg, PGlite) and wrapper (Drizzle) raised it. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a database error names (a unique index's name, say), through the same wrappers. */
export function constraintName(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === "string") return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";
