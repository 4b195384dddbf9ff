import type { NextFunction, Request, RequestHandler, Response } from "express";
import { normalizePath } from "./canonical-path";
import { HttpError } from "./errors";
import { keepPrivate } from "./private-answers";

// Who may call what under /api (DESIGN.md "API contract", decision 019). Three layers, each
// enough on its own:
// 1. canonical-path.ts turns away every other spelling of an API path before routing;
// 2. requireAdminForPrivateApi, in front of every API router, decides by method and path
//    (normalised again here, so it reads a path as the case-sensitive routers do or stricter):
//    reads are public except under /api/admin (and a post's revisions), writes need a session except the visitors' own
//    forms and tracking, so a new write endpoint is admin-only unless it is added here;
// 3. adminOnly sits on every admin route itself, so no spelling the first two might miss can
//    reach an admin handler (the access test checks every private route carries it).

const PUBLIC_WRITES = new Set([
  "POST /contact",
  "POST /quiz-newsletter",
  "POST /track-visit",
  "POST /track-pageview",
  "POST /track-quiz",
  "POST /admin/login",
  "POST /admin/logout",
]);

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Reads outside /api/admin that are still the owner's: a post's earlier versions (issue 18). */
const PRIVATE_READS = [/^\/posts\/[^/]+\/revisions(\/|$)/];

export const SIGN_IN_REQUIRED = "Please sign in as an administrator";

/** True when the request (method + path inside /api) needs no admin session. */
export function isPublicApiCall(method: string, path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a broken escape: judged as written (canonical-path.ts refuses it before this)
  }
  const normalized = normalizePath(decoded.toLowerCase()).replace(/\/+$/, "") || "/";
  if (READ_METHODS.has(method.toUpperCase())) {
    return !/^\/admin(\/|$)/.test(normalized) && !PRIVATE_READS.some((pattern) => pattern.test(normalized));
  }
  return PUBLIC_WRITES.has(`${method.toUpperCase()} ${normalized}`);
}

/** 401 for any /api call outside the public list without a signed-in admin. */
export const requireAdminForPrivateApi: RequestHandler = (req, res, next) => {
  if (isPublicApiCall(req.method, req.path)) return next();
  keepPrivate(res);
  if (res.locals.session) next();
  else next(new HttpError(401, SIGN_IN_REQUIRED));
};

/**
 * On every admin route: 401 without a session; the answer is private either way. Generic in
 * the route's parameters, so it leaves their types (inferred from the path) to the handler.
 */
export function adminOnly<P>(_req: Request<P>, res: Response, next: NextFunction): void {
  keepPrivate(res);
  if (res.locals.session) next();
  else next(new HttpError(401, SIGN_IN_REQUIRED));
}
