import type { RequestHandler } from "express";
import { HttpError } from "./errors";

// Who may call what under /api (DESIGN.md "API contract"): reads are public except under
// /api/admin; writes need an admin session except the visitors' own forms and tracking.
// The rule is path-based and sits in front of every router, so a new write endpoint is
// admin-only unless it is added here on purpose.

const PUBLIC_WRITES = new Set([
  "POST /contact",
  "POST /quiz-newsletter",
  "POST /track-visit",
  "POST /track-pageview",
  "POST /admin/login",
  "POST /admin/logout",
]);

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when the request (method + path inside /api) needs no admin session. */
export function isPublicApiCall(method: string, path: string): boolean {
  const normalized = path.replace(/\/+$/, "") || "/";
  if (READ_METHODS.has(method)) return !/^\/admin(\/|$)/.test(normalized);
  return PUBLIC_WRITES.has(`${method} ${normalized}`);
}

/** 401 for any /api call outside the public list without a signed-in admin. */
export const requireAdminForPrivateApi: RequestHandler = (req, res, next) => {
  if (isPublicApiCall(req.method, req.path) || res.locals.session) return next();
  next(new HttpError(401, "Please sign in as an administrator"));
};
