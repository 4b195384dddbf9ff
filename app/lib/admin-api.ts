// The admin screens' writes to our API: one request helper and one error for every form.

/** The JSON error body of our API: `{ message, errors?: { field: [messages] } }`. */
export interface ApiErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
}

/** A non-OK answer to an admin write, with what the server said. */
export class AdminRequestError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: ApiErrorBody,
  ) {
    // "{status} {status text}: {message}", the "status text and response body" of spec §8.
    super(`${[status, statusText].filter(Boolean).join(" ")}: ${body.message ?? "No details from the server"}`);
  }

  /** The server's own sentence, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body.message || undefined;
  }

  /** The first message per top-level field ("breedRecommendations.0.note" counts as breedRecommendations). */
  fieldErrors(): Record<string, string> {
    const byField: Record<string, string> = {};
    for (const [path, messages] of Object.entries(this.body.errors ?? {})) {
      const field = path.split(".")[0] ?? path;
      const message = Array.isArray(messages) ? messages.find((m) => typeof m === "string") : undefined;
      if (message && !(field in byField)) byField[field] = message;
    }
    return byField;
  }
}

async function readErrorBody(res: Response): Promise<ApiErrorBody> {
  const text = await res.text().catch(() => "");
  try {
    const parsed = JSON.parse(text) as ApiErrorBody;
    if (parsed && typeof parsed === "object") return parsed;
  } catch {
    // not JSON (a proxy's HTML page): the text itself is the best we have
  }
  return { message: text.trim().slice(0, 200) || undefined };
}

/**
 * Sends a JSON write with the session cookie; resolves with the parsed answer (null for an
 * empty one), or throws AdminRequestError for a non-OK status and a plain Error when the
 * server cannot be reached.
 */
export async function sendJson<T>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T | null> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: "include",
      headers: { "Content-Type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    console.error(`${method} ${path} failed`, error);
    throw new Error("Could not reach the server. Check your connection and try again.");
  }
  if (!res.ok) {
    const error = new AdminRequestError(res.status, res.statusText, await readErrorBody(res));
    console.error(`${method} ${path} failed`, error.message);
    throw error;
  }
  if (res.status === 204) return null;
  const text = await res.text();
  return text ? (JSON.parse(text) as T) : null;
}

/** The reason to show after `Failed to ... : ` for anything a write threw. */
export function failureReason(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  return null;
}
