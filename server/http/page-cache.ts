import type { RequestHandler, Response } from "express";
import type { ReadCache } from "../services/read-cache";

// Anonymous page views reuse the rendered HTML for a few seconds (decision 016). Rendering a
// catalogue page costs milliseconds of CPU; a stored page costs a map lookup. Entries expire
// with the read cache's lifetime and are dropped whenever it is cleared (any admin write).
//
// The CSP nonce is the one part of a page that differs per response: the stored copy holds a
// placeholder where it was, and every response from the cache gets the nonce of its own
// Content-Security-Policy header, so the policy stays exactly as strict as for a fresh render.

interface StoredPage {
  headers: Record<string, string>;
  /** the page split at each place the nonce goes */
  parts: string[];
  bytes: number;
  expiresAt: number;
}

export interface PageCacheOptions {
  readCache: ReadCache;
  ttlMs: number;
  /** the session cookie's name: a request that carries it is never served from or stored in the cache */
  sessionCookie: string;
  /** bytes of HTML kept at most */
  maxBytes?: number;
  now?: () => number;
}

const STORED_HEADERS = ["content-type", "cache-control", "vary", "link"];

export function pageCache({
  readCache,
  ttlMs,
  sessionCookie,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
}: PageCacheOptions): RequestHandler {
  const pages = new Map<string, StoredPage>();
  let bytes = 0;
  readCache.onClear(() => {
    pages.clear();
    bytes = 0;
  });

  function store(key: string, page: StoredPage) {
    const old = pages.get(key);
    if (old) bytes -= old.bytes;
    pages.set(key, page);
    bytes += page.bytes;
    for (const [oldest, entry] of pages) {
      if (bytes <= maxBytes) break;
      pages.delete(oldest);
      bytes -= entry.bytes;
    }
  }

  return (req, res, next) => {
    if (ttlMs <= 0 || req.method !== "GET" || res.locals.session) return next();
    if ((req.headers.cookie ?? "").includes(`${sessionCookie}=`)) return next();
    const key = req.originalUrl;
    const hit = pages.get(key);
    if (hit && hit.expiresAt > now()) {
      for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      res.status(200).send(hit.parts.join(String(res.locals.cspNonce ?? "")));
      return;
    }

    // A miss renders as usual; the finished page is kept if it is a plain, shareable 200.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding as BufferEncoding));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, typeof rest[0] === "string" ? rest[0] : undefined);
      const cacheable =
        res.statusCode === 200 &&
        !res.getHeader("set-cookie") &&
        !/no-store|private/.test(String(res.getHeader("cache-control") ?? "")) &&
        /^text\/html/.test(String(res.getHeader("content-type") ?? ""));
      if (cacheable) {
        const nonce = String(res.locals.cspNonce ?? "");
        const html = Buffer.concat(chunks).toString("utf8");
        const headers: Record<string, string> = {};
        for (const name of STORED_HEADERS) {
          const value = res.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        store(key, {
          headers,
          parts: nonce ? html.split(nonce) : [html],
          bytes: html.length,
          expiresAt: now() + ttlMs,
        });
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  };
}
