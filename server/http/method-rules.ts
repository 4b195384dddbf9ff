import type { RequestHandler } from "express";
import { isApiPath } from "./canonical-path";
import { HttpError } from "./errors";
import type { PageMethods } from "./page-submissions";
import { methodsByPath, type RouteEntry } from "./route-table";

// 405 with Allow for a method a path does not have (RFC 9110 §15.5.6), instead of a 404 that
// says the path does not exist or a 500 from a layer that cannot handle the method at all
// (React Router's Request cannot be built for TRACE).

export const PAGE_METHODS = ["GET", "HEAD"];
/** methods React Router answers itself: GET/HEAD render, the others go to the route's action or get 405 */
const ROUTER_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
/** paths served from files, which have no action */
const FILE_PATHS = /^\/(assets|uploads)\//;

/**
 * `routes` is read on the first request, once every route is registered. Express answers
 * OPTIONS on its own routes itself (200 with Allow). `pages` says which methods each page has
 * (React Router's route manifest: POST where the route exports an action); without it (an app
 * that renders no pages with React Router) pages are left to whatever renders them.
 */
export function methodRules(routes: () => RouteEntry[], pages?: PageMethods): RequestHandler {
  let methodsOf: ((path: string) => string[] | null) | undefined;
  return (req, res, next) => {
    methodsOf ??= methodsByPath(routes());
    const allowed = methodsOf(req.path);
    if (allowed) {
      if (req.method === "OPTIONS" || allowed.includes(req.method)) return next();
      return refuse(res, allowed, req.method, next);
    }
    // an unknown API path: the access guard and the API's JSON 404 answer it
    if (isApiPath(req.path)) return next();
    if (FILE_PATHS.test(req.path)) {
      if (PAGE_METHODS.includes(req.method)) return next();
      return refuse(res, PAGE_METHODS, req.method, next);
    }
    if (pages) {
      // every page can be read, and asking which methods the others have is a route match
      if (PAGE_METHODS.includes(req.method)) return next();
      const query = req.originalUrl.indexOf("?");
      const allowed = pages(req.path, query === -1 ? "" : req.originalUrl.slice(query));
      return allowed.includes(req.method) ? next() : refuse(res, allowed, req.method, next);
    }
    if (!ROUTER_METHODS.has(req.method)) return refuse(res, PAGE_METHODS, req.method, next);
    // React Router's 405 for a page without an action gets its Allow where pages are sent (page-requests.ts)
    next();
  };
}

function refuse(res: Parameters<RequestHandler>[1], allowed: string[], method: string, next: (e: unknown) => void) {
  res.setHeader("Allow", allowed.join(", "));
  next(new HttpError(405, `${method} is not allowed here; allowed: ${allowed.join(", ")}`));
}
