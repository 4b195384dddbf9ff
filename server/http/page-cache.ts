import type { ReadCache } from "#server/services/read-cache.ts";
import { isFresh, preferredEncoding } from "./negotiation";
import { gzipPieces, type Pieces, plainPieces, prepareSplicedGzip, type SplicedGzip } from "./spliced-gzip";

// Anonymous pages are kept for a few seconds (decisions 016, 017, 067). Rendering a catalogue
// page costs milliseconds of CPU; a stored one costs a map lookup and a checksum. Entries expire
// with the read cache's lifetime and are dropped whenever it is cleared (any admin write), so a
// page never outlives its data.
//
// The cache wraps React Router's request handler (a Request in, a Response out), so it sits at
// the end of the one Express chain every request passes: a hit leaves with the same request id,
// log line, security headers, host rule and guards as a render, because it went through them.
//
// The CSP nonce is the one part of a page that differs per response: the stored copy is split
// where this render's nonce was, and every answer from it gets the nonce of its own request.
// The parts are kept gzip-compressed too, and a client that takes gzip gets that form, on the
// render that stored it as on every hit: each page is compressed once (spliced-gzip.ts), and
// Content-Encoding tells the compression middleware to leave it alone.
//
// One request at a time renders a given URL: when an entry has expired, that request renders a
// fresh copy while the others get the expired one (stale while revalidating, never after an
// admin write, which empties the cache); with no entry at all, the others wait for it. Fifty
// visitors arriving when a page expires cost one render, not fifty at once on the event loop.

/** React Router's request handler, whatever its context is (a load context, a context provider). */
export type PageHandler<C> = (request: Request, context: C) => Promise<Response>;

interface StoredPage {
  headers: [string, string][];
  /** the body split at each place the nonce goes, plain and compressed */
  body: SplicedGzip;
  /** kept only for a body without a nonce in it: it names the exact bytes */
  etag?: string;
  bytes: number;
  expiresAt: number;
}

export interface PageCacheOptions<C> {
  readCache: ReadCache;
  ttlMs: number;
  /** the session cookie's name: a request that carries it is never served from or stored in the cache */
  sessionCookie: string;
  /** this request's CSP nonce, as the renderer writes it into the page */
  nonceOf: (context: C) => string;
  /** true when the answer is someone's own (a session): such requests bypass the cache */
  isPrivate?: (context: C) => boolean;
  /** bytes kept at most */
  maxBytes?: number;
  now?: () => number;
}

/** headers that belong to one response, not to its content: everything else is kept */
const PER_RESPONSE_HEADERS = new Set([
  "x-cache",
  "date",
  "etag",
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
]);
const GZIP = ["gzip"] as const;

/** True when the request names the session cookie: such requests never meet the cache. */
function carriesSession(request: Request, sessionCookie: string): boolean {
  return (request.headers.get("cookie") ?? "").includes(`${sessionCookie}=`);
}

/** The answer's own headers, with X-Cache saying where it came from. */
function withCacheState(response: Response, state: string): Response {
  const headers = new Headers(response.headers);
  headers.set("X-Cache", state);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A stored answer React Router would have given this request, made from the stored parts. */
function answer(request: Request, page: StoredPage, nonce: string, state: string): Response {
  const headers = new Headers(page.headers);
  headers.set("X-Cache", state);
  const asked = { "if-none-match": request.headers.get("if-none-match") ?? undefined };
  if (page.etag) {
    headers.set("ETag", page.etag);
    if (isFresh({ ...asked, "cache-control": request.headers.get("cache-control") ?? undefined }, page.etag)) {
      return new Response(null, { status: 304, headers });
    }
  }
  let body: Pieces;
  if (preferredEncoding({ "accept-encoding": request.headers.get("accept-encoding") ?? undefined }, GZIP)) {
    headers.set("Content-Encoding", "gzip");
    body = gzipPieces(page.body, nonce);
  } else {
    // the compression middleware compresses it in the coding this client takes
    body = plainPieces(page.body, nonce);
  }
  headers.set("Content-Length", String(body.length));
  return new Response(Buffer.concat(body.pieces, body.length), { status: 200, headers });
}

/** The page handler behind an anonymous page cache (see above). */
export function cachedPages<C>(
  handle: PageHandler<C>,
  {
    readCache,
    ttlMs,
    sessionCookie,
    nonceOf,
    isPrivate = () => false,
    maxBytes = 32 * 1024 * 1024,
    now = Date.now,
  }: PageCacheOptions<C>,
): PageHandler<C> {
  const pages = new Map<string, StoredPage>();
  /** URLs being rendered now, each settling with what was stored (or nothing) */
  const rendering = new Map<string, Promise<StoredPage | undefined>>();
  let bytes = 0;
  /** counts clears: a render that began before the last one was made from old data */
  let generation = 0;
  readCache.onClear(() => {
    generation += 1;
    pages.clear();
    bytes = 0;
  });

  function remove(key: string, entry: StoredPage) {
    if (pages.get(key) !== entry) return;
    pages.delete(key);
    bytes -= entry.bytes;
  }

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

  /** A plain, shareable page (see above); anything else goes out as it is. */
  function shareable(response: Response): boolean {
    // `private` alone does not refuse: public pages say it so that no shared cache keeps one
    // visitor's CSP nonce, and this cache gives every copy its own. Everything shaped by a
    // session or personal is `no-store` (private-answers.ts, the admin and unsubscribe pages).
    return (
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      !response.headers.has("content-encoding") &&
      !/no-store/.test(response.headers.get("cache-control") ?? "") &&
      /^text\/html/.test(response.headers.get("content-type") ?? "")
    );
  }

  /** The page as kept: its content's headers and its body split at the nonce. */
  function pageOf(response: Response, text: string, nonce: string): StoredPage {
    const parts = nonce ? text.split(nonce) : [text];
    const headers: [string, string][] = [];
    for (const [name, value] of response.headers) {
      if (!PER_RESPONSE_HEADERS.has(name) && name !== "vary") headers.push([name, value]);
    }
    // a stored page goes out gzipped or not by the request's Accept-Encoding
    const vary = response.headers.get("vary");
    headers.push([
      "vary",
      !vary ? "Accept-Encoding" : /accept-encoding/i.test(vary) ? vary : `${vary}, Accept-Encoding`,
    ]);
    const body = prepareSplicedGzip(parts);
    return {
      headers,
      body,
      etag: parts.length === 1 ? (response.headers.get("etag") ?? undefined) : undefined,
      bytes: [...body.plain, ...body.deflated].reduce((sum, part) => sum + part.length, 0),
      expiresAt: now() + ttlMs,
    };
  }

  /** Renders the page for this request and keeps it when it may be kept. */
  async function render(key: string, stale: StoredPage | undefined, request: Request, context: C): Promise<Response> {
    const nonce = nonceOf(context);
    const startedIn = generation;
    let settle: (page: StoredPage | undefined) => void = () => {};
    const done = new Promise<StoredPage | undefined>((resolve) => {
      settle = resolve;
    });
    rendering.set(key, done);
    let kept: StoredPage | undefined;
    try {
      const response = await handle(request, context);
      if (!shareable(response)) return withCacheState(response, "miss");
      const text = await response.text();
      // made from data an admin write has changed meanwhile: sent, not kept
      if (startedIn !== generation) return withCacheState(new Response(text, response), "miss");
      kept = pageOf(response, text, nonce);
      store(key, kept);
      return answer(request, kept, nonce, "miss");
    } finally {
      if (rendering.get(key) === done) rendering.delete(key);
      // a failed refresh drops the expired copy: what is served next is rendered anew
      if (!kept && stale) remove(key, stale);
      settle(kept);
    }
  }

  return async (request, context) => {
    if (ttlMs <= 0 || request.method !== "GET" || carriesSession(request, sessionCookie) || isPrivate(context)) {
      return handle(request, context);
    }
    // the path and query as sent (`?a=1&b=2` and `?b=2&a=1` are two entries)
    const url = new URL(request.url);
    const key = url.pathname + url.search;
    const nonce = nonceOf(context);
    const hit = pages.get(key);
    if (hit && hit.expiresAt > now()) return answer(request, hit, nonce, "hit");
    const inFlight = rendering.get(key);
    if (inFlight && hit) return answer(request, hit, nonce, "stale");
    if (inFlight) {
      // once that render is done: its page, or (if it was not kept) a render of this request's own
      const fresh = await inFlight;
      if (fresh && pages.get(key) === fresh) return answer(request, fresh, nonce, "hit");
    }
    return render(key, hit, request, context);
  };
}
