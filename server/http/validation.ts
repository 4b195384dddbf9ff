import type { RequestHandler } from "express";
import { isDatabaseId } from "#domain/ids.ts";
import { fieldErrorsOf, type InputSchema } from "#server/services/service-error.ts";
import { HttpError } from "./errors";

/** Parses input with a domain schema; a failure is a 400 naming each field's problem. */
export function parseOr400<T>(schema: InputSchema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new HttpError(400, result.error.issues[0]?.message ?? "Invalid input", fieldErrorsOf(result.error.issues));
}

/** A positive integer route parameter, or 400. */
export function parseId(value: string | undefined, what = "id"): number {
  if (!isDatabaseId(value)) {
    throw new HttpError(400, `Invalid ${what}: expected a positive whole number`);
  }
  return Number(value);
}

/**
 * Bodies of unsafe API calls must be JSON (415 otherwise). Calls without a body, like
 * the spec's track-visit, pass.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  if (hasBody && !req.is("application/json")) {
    return next(new HttpError(415, "Request body must be JSON (Content-Type: application/json)"));
  }
  next();
};
