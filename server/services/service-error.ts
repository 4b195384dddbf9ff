/**
 * A refusal a service reports without knowing about HTTP: the API's error handler turns
 * not-found into 404, conflict into 409 and invalid into 400, with the field's message.
 */
export class ServiceError extends Error {
  constructor(
    readonly kind: "not-found" | "conflict" | "invalid",
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
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
