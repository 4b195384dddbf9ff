import type { RequestHandler } from "express";
import { HttpError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses unsafe requests another site made the browser send: `Sec-Fetch-Site: cross-site`,
 * or an `Origin` that is neither the site's public origin nor the origin the request came to.
 * Requests without either header (curl, mail providers' one-click unsubscribe) pass: they
 * carry no browser's cookies on someone else's behalf.
 */
export function refuseCrossSiteWrites(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.headers["sec-fetch-site"] === "cross-site") {
      return next(new HttpError(403, "Cross-site requests are not allowed"));
    }
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `${req.protocol}://${req.get("host")}`;
      if (origin !== siteOrigin && origin !== ownOrigin) {
        return next(new HttpError(403, "Cross-site requests are not allowed"));
      }
    }
    next();
  };
}
