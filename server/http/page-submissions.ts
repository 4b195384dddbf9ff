import express, { type Request, type RequestHandler } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { CATALOGUE_IMPORT_MAX_BYTES } from "#domain/catalogue-csv.ts";
import { DEFAULT_EARNINGS_IMPORT_MAX_BYTES } from "#domain/earnings-import.ts";
import { HttpError } from "./errors";
import { MULTIPART_OVERHEAD_BYTES } from "./multipart";

// What a page takes besides being read: a form, posted to a route whose module exports an
// `action` (the form kit, <Form>, fetchers and the RFC 8058 one-click unsubscribe all post one).
// Decided here, at the HTTP edge, for every page alike, before React Router builds its Request:
// a route's `request.formData()` then never meets a body it cannot read, so a broken client gets
// a 4xx that says what to send instead of a 500 with a stack trace in the log.

/** The two encodings an HTML form is sent in; every page action reads its body as one of them. */
export const PAGE_FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The largest form body a page takes. The largest form (a post: 60,000 characters of text plus
 * its other fields) is under 600 KB even with every character escaped as three UTF-8 bytes;
 * images never come through a page form (they go to POST /api/upload).
 */
export const PAGE_FORM_LIMIT_BYTES = 1024 * 1024;

/**
 * The pages whose form carries a file, and the largest multipart body each takes: the products
 * page's catalogue import, which takes the file the API takes (POST /api/admin/toys/import), and
 * the earnings page's report import.
 */
const FILE_FORM_LIMITS = new Map([
  ["/admin/products", CATALOGUE_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES],
  // the earnings page's report import (POST /api/admin/earnings/import's file; the action holds
  // it to EARNINGS_IMPORT_MAX_BYTES, which may be set lower)
  ["/admin/earnings", DEFAULT_EARNINGS_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES],
]);

const READ_METHODS = ["GET", "HEAD"];
const SUBMIT_METHODS = [...READ_METHODS, "POST"];

const NOT_A_FORM = `This page takes a form, sent as ${PAGE_FORM_TYPES.join(" or ")}.`;

/** React Router's route manifest as route objects its own matcher reads (ids kept, nothing else). */
function routeObjects(manifest: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) =>
      route?.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : {
            id: route?.id,
            path: route?.path,
            caseSensitive: route?.caseSensitive,
            children: routeObjects(manifest, route?.id),
          },
    );
}

/**
 * The page a data request (`/quiz.data`; `/_.data` for `/`, `/x/_.data` for `/x/`) is for, as
 * React Router's server reads it (single fetch): the `.data` suffix names the page, not another path.
 */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  return pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : pathname.slice(0, -".data".length);
}

/** The methods a page address (path and query) has, in the order an Allow header lists them. */
export type PageMethods = (pathname: string, search: string) => string[];

/**
 * The methods each page address has, read from the build's route manifest: GET and HEAD
 * everywhere, POST where the route a submission goes to exports an action. That route is the
 * deepest one giving the path a segment, or an index route when the query says `?index`, as
 * React Router picks it.
 */
export function pageMethods(build: ServerBuild): PageMethods {
  const routes = routeObjects(build.routes);
  return (pathname, search) => {
    const matches = matchRoutes(routes, pagePath(pathname), build.basename);
    if (!matches || matches.length === 0) return READ_METHODS;
    const last = matches[matches.length - 1];
    const nakedIndex = new URLSearchParams(search).getAll("index").includes("");
    const target =
      last?.route.index && nakedIndex
        ? last
        : matches.filter((match, i) => i === 0 || (match.route.path ?? "") !== "").at(-1);
    const id = target?.route.id;
    return id !== undefined && build.routes[id]?.module.action ? SUBMIT_METHODS : READ_METHODS;
  };
}

/** Only a form, in the plain encoding: the body is handed on byte for byte. */
const refuseWhatIsNotAForm: RequestHandler = (req, _res, next) => {
  if (READ_METHODS.includes(req.method)) return next();
  // req.is: null without a body, false for another type (or none, or one that does not parse)
  const type = req.is(PAGE_FORM_TYPES);
  if (type === null) return next(new HttpError(415, `No form was sent. ${NOT_A_FORM}`));
  if (type === false) return next(new HttpError(415, NOT_A_FORM));
  next();
};

// Reads the body into req.body (a Buffer): 413 past the limit, 415 for a compressed body (no
// browser compresses a form, and a form must not inflate past its limit), 400 for one cut off.
const readPlainForm = express.raw({ type: PAGE_FORM_TYPES, limit: PAGE_FORM_LIMIT_BYTES, inflate: false });
const fileFormReaders = new Map(
  [...FILE_FORM_LIMITS].map(([path, limit]) => [
    path,
    express.raw({ type: "multipart/form-data", limit, inflate: false }),
  ]),
);

/** The page's own limit for a form with a file (its address or its `.data` one), the common one for the rest. */
const readForm: RequestHandler = (req, res, next) => {
  const reader = req.is("multipart/form-data") ? fileFormReaders.get(req.path.replace(/\.data$/, "")) : undefined;
  (reader ?? readPlainForm)(req, res, next);
};

/** The form must read as the action will read it: the same parser (the Fetch API's). */
const refuseUnreadableForm: RequestHandler = async (req, _res, next) => {
  if (READ_METHODS.includes(req.method)) return next();
  const contentType = req.get("content-type") ?? "";
  try {
    await new Response(formBytes(req) ?? null, { headers: { "content-type": contentType } }).formData();
  } catch {
    return next(
      new HttpError(400, "The form could not be read: its body is broken or cut short. Please send it again."),
    );
  }
  next();
};

/** The form readPageForm() read, as the bytes a Fetch body takes; undefined when none was read. */
export function formBytes(req: Request): Uint8Array<ArrayBuffer> | undefined {
  const body: unknown = req.body;
  if (!Buffer.isBuffer(body)) return undefined;
  // raw-body gives a Buffer over an ordinary ArrayBuffer (never a SharedArrayBuffer)
  return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
}

/**
 * A page submission's body, checked and read before React Router sees it: a readable form of at
 * most PAGE_FORM_LIMIT_BYTES, in req.body. Which methods reach a page is method-rules.ts's part.
 */
export function readPageForm(): RequestHandler[] {
  return [refuseWhatIsNotAForm, readForm, refuseUnreadableForm];
}
