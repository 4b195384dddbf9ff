import type { ApiErrorBody } from "#domain/api-error.ts";
import type { Result } from "./result";

// The one browser client for /api: method, JSON or multipart body, the session cookie, and one
// error type for every failure (an answer that is not OK, or no answer at all). Call sites say
// what the failure means to the visitor; none of them speaks fetch or parses bodies itself.

/** The API's error body as it arrived: a proxy or a crash may send anything, so nothing is trusted. */
type ErrorBody = { [K in keyof ApiErrorBody]?: unknown } & Record<string, unknown>;

const UNREACHABLE = "Could not reach the server. Check your connection and try again.";

/** A failed call: `status` 0 when no answer came (offline, refused, aborted). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** the answer's body as sent (a proxy's HTML page, or nothing, is possible) */
    readonly bodyText: string,
    /** the network failure, when no answer came */
    readonly cause?: unknown,
  ) {
    // spec/storefront.md §8: "{status}: {body text, or the status text when the body is empty}"
    super(status === 0 ? UNREACHABLE : `${status}: ${bodyText || statusText}`);
  }

  /** True when no answer came at all. */
  get unreachable(): boolean {
    return this.status === 0;
  }

  /**
   * The body's fields when it is a JSON object, else none: the API's error fields (ApiErrorBody)
   * and whatever else an endpoint says (an upload's `error`), every value unchecked.
   */
  get body(): ErrorBody {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as ErrorBody) : {};
    } catch {
      return {};
    }
  }

  /** The server's own sentence (`message` of a JSON error body), when it sent one. */
  get serverMessage(): string | undefined {
    const { message } = this.body;
    return typeof message === "string" && message.trim() !== "" ? message : undefined;
  }

  /**
   * Per-field messages of a 400, keyed by the top-level field ("breedRecommendations.0.note"
   * counts as breedRecommendations), each field's messages in order.
   */
  get fieldErrors(): Record<string, string[]> {
    const { errors } = this.body;
    const out: Record<string, string[]> = {};
    if (!errors || typeof errors !== "object") return out;
    for (const [path, messages] of Object.entries(errors)) {
      const field = path.split(".")[0] ?? path;
      const list = (Array.isArray(messages) ? messages : [messages]).filter(
        (m): m is string => typeof m === "string" && m !== "",
      );
      if (list.length > 0) out[field] = [...(out[field] ?? []), ...list];
    }
    return out;
  }

  /** The first message of each field (for forms that show one message per field). */
  get firstFieldErrors(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.fieldErrors).map(([field, list]) => [field, list[0] ?? ""]));
  }

  /** "{status} {status text}: {server message}", how the admin's failure toasts name a failure. */
  get detail(): string {
    if (this.unreachable) return this.message;
    const head = [this.status, this.statusText].filter(Boolean).join(" ");
    return `${head}: ${this.serverMessage ?? (this.bodyText.trim().slice(0, 200) || "No details from the server")}`;
  }
}

export interface ApiAnswer<T> {
  status: number;
  /** the parsed JSON body; null for an empty one (204) */
  data: T;
  headers: Headers;
}

type Body = { json: unknown } | { form: FormData } | undefined;

/** Calls the API; resolves with the answer of an OK status, throws ApiError otherwise. */
export async function callApi<T>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: Body,
  init: { signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body && "json" in body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body.json);
  } else if (body && "form" in body) {
    payload = body.form;
  }
  let res: Response;
  try {
    res = await fetch(path, { method, credentials: "include", headers, body: payload, ...init });
  } catch (error) {
    console.error(`${method} ${path} failed`, error);
    throw new ApiError(0, "", "", error);
  }
  const text = await res.text().catch(() => "");
  if (!res.ok) {
    const error = new ApiError(res.status, res.statusText, text);
    console.error(`${method} ${path} failed`, error.message);
    throw error;
  }
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, res.statusText, text);
    }
  }
  return { status: res.status, data: data as T, headers: res.headers };
}

/** GET a JSON resource; its body, or ApiError. */
export async function getJson<T>(path: string, init?: { signal?: AbortSignal }): Promise<T> {
  return (await callApi<T>("GET", path, undefined, init)).data;
}

/** A GET whose failure becomes `{ ok: false }`, for a section to show its error state. */
export async function fetchResult<T>(path: string): Promise<Result<T>> {
  try {
    return { ok: true, data: await getJson<T>(path) };
  } catch {
    return { ok: false };
  }
}

/** The "{error}" part of an admin failure toast ("Failed to delete product: {error}"), or null. */
export function failureReason(error: unknown): string | null {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return null;
}
