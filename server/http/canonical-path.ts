import type { RequestHandler } from "express";
import { HttpError } from "./errors";

// One spelling per address (decision 019). Express and React Router each decide for themselves
// what a path means (case, trailing and doubled slashes, percent escapes, dot segments); an
// access rule written against one reading can be walked around with another. So before any
// router sees a request, the path must already be in the one form every layer reads the same
// way: otherwise a page is redirected to that form and an API call is refused.

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const ESCAPE = /%([0-9A-Fa-f]{2})/g;

export type PathVerdict =
  | { kind: "canonical" }
  /** the same resource under its one spelling (pages only) */
  | { kind: "redirect"; path: string }
  /** a control character, a backslash or a broken escape: no resource has such a name */
  | { kind: "bad" };

/** True when a path (without its query) is, or would be once unescaped, under /api. */
export function isApiPath(path: string): boolean {
  return /^\/+api(\/|$)/i.test(unescapeUnreserved(path));
}

function unescapeUnreserved(path: string): string {
  return path.replace(ESCAPE, (escaped, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escaped;
  });
}

/** The path with unreserved characters unescaped, slashes collapsed and dot segments resolved. */
export function normalizePath(path: string): string {
  const out: string[] = [];
  const segments = unescapeUnreserved(path).split("/");
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    if (segment === "..") out.pop();
    else if (segment !== "." && (segment !== "" || (last && out.length > 0))) out.push(segment);
  });
  // a path that ended in "/", "/." or "/.." keeps its trailing slash, as a browser resolves it
  const tail = segments.at(-1);
  if ((tail === "." || tail === "..") && out.length > 0) out.push("");
  return `/${out.join("/")}`;
}

/** Decides what to do with a request path (the part before "?"). */
export function checkPath(path: string): PathVerdict {
  if (!path.startsWith("/") || path.includes("\\")) return { kind: "bad" };
  for (const [, hex] of path.matchAll(ESCAPE)) {
    const code = Number.parseInt(hex ?? "", 16);
    // %00-%1F and %7F: no page or API name holds a control character; %5C is the backslash
    if (code < 0x20 || code === 0x7f || code === 0x5c) return { kind: "bad" };
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return { kind: "bad" };
  const normal = normalizePath(path);
  if (normal !== path) return { kind: "redirect", path: normal };
  return { kind: "canonical" };
}

/**
 * Refuses or redirects every request whose path is not in its one canonical form, and API
 * paths that are not lower case (the API's own routes are all lower case and its routers
 * are case-sensitive, so an upper-case spelling could only ever miss or mislead).
 */
export const canonicalPath: RequestHandler = (req, res, next) => {
  const raw = req.url;
  const queryAt = raw.indexOf("?");
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const verdict = checkPath(path);
  if (verdict.kind === "bad") return next(new HttpError(400, "The address contains characters that are not allowed"));
  const api = isApiPath(path);
  if (api && (verdict.kind === "redirect" || /[A-Z]/.test(path))) {
    return next(new HttpError(404, `No API route for ${req.method} ${path}`));
  }
  if (verdict.kind === "redirect") {
    if (req.method !== "GET" && req.method !== "HEAD") {
      return next(new HttpError(404, "Not found"));
    }
    res.setHeader("Cache-Control", "no-store");
    return res.redirect(301, `${verdict.path}${queryAt === -1 ? "" : raw.slice(queryAt)}`);
  }
  next();
};
