import type { Result } from "./result";

/**
 * An error for a non-OK answer, with the message format of spec/storefront.md §8:
 * "{status}: {body text or status text}".
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The `message` of a JSON error body, when there is one. */
  get serverMessage(): string | undefined {
    try {
      const parsed = JSON.parse(this.bodyText) as { message?: unknown };
      return typeof parsed.message === "string" ? parsed.message : undefined;
    } catch {
      return undefined;
    }
  }
}

/** GET a JSON resource from our API with credentials; throws ApiError on non-OK. */
export async function getJson<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { credentials: "include", headers: { accept: "application/json" }, ...init });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as T;
}

/** Browser side: a GET whose failure becomes `{ ok: false }` for the section to show. */
export async function fetchResult<T>(path: string): Promise<Result<T>> {
  try {
    return { ok: true, data: await getJson<T>(path) };
  } catch (error) {
    console.error(`GET ${path} failed`, error);
    return { ok: false };
  }
}
