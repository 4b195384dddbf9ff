import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import type { ReadCache } from "#server/services/read-cache.ts";
import { isFresh, preferredEncoding } from "./negotiation";
import { isPrivateAnswer, settleCacheControl } from "./private-answers";
import { gzipPieces, type Pieces, plainPieces, prepareSplicedGzip, type SplicedGzip } from "./spliced-gzip";

// Anonymous GETs of pages and public API reads reuse the finished response for a few seconds
// (never an answer marked private: admin data, or anything shaped by a session; decision 019)
// (decisions 016, 017). Rendering a catalogue page costs milliseconds of CPU; a stored response
// costs a map lookup and a checksum. Entries expire with the read cache's lifetime and are
// dropped whenever it is cleared (any admin write), so a response never outlives its data.
//
// The CSP nonce is the one part of a page that differs per response: the stored copy is split
// where it was, and every response from the cache gets the nonce of its own
// Content-Security-Policy header, so the policy stays exactly as strict as for a fresh render.
// The parts between the nonces are kept gzip-compressed too, so a hit does not compress the
// whole page again (spliced-gzip.ts).
//
// One request at a time renders a given URL: when an entry has expired, that request renders a
// fresh copy while the others get the expired one (stale while revalidating, never after an
// admin write, which empties the cache); with no entry at all, the others wait for it. Fifty
// visitors arriving when a page expires cost one render, not fifty at once on the event loop.
//
// A fresh hit needs nothing Express does: the front door (front-door.ts) answers it before the
// middleware chain, through `freshAnswer`; the middleware serves hits only to requests that
// went the long way (a forwarded host to check, a server shutting down).

interface StoredResponse {
  headers: Record<string, string>;
  /** the body split at each place the nonce goes, plain and compressed */
  body: SplicedGzip;
  bytes: number;
  expiresAt: number;
}

export interface ResponseCacheOptions {
  readCache: ReadCache;
  ttlMs: number;
  /** the session cookie's name: a request that carries it is never served from or stored in the cache */
  sessionCookie: string;
  /** bytes kept at most */
  maxBytes?: number;
  now?: () => number;
}

/** headers that belong to one response, not to its content: everything else is kept */
const PER_RESPONSE_HEADERS = new Set([
  "content-security-policy",
  "x-request-id",
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
const CACHED_TYPES = /^(text\/html|application\/json)/;
/** the one coding stored answers come in (besides plain) */
export const GZIP = ["gzip"] as const;

export interface ResponseCache {
  /** serves hits and stale copies, lets misses through and keeps what they answer */
  middleware: RequestHandler;
  /**
   * For an anonymous GET with a stored, unexpired response: what answers it, given the
   * response's nonce; undefined when there is none, and the request goes on to the app.
   */
  freshAnswer(req: IncomingMessage): ((res: ServerResponse, nonce: string) => void) | undefined;
}

/** True when the request names the session cookie: such requests never meet the cache. */
function carriesSession(req: IncomingMessage, sessionCookie: string): boolean {
  return (req.headers.cookie ?? "").includes(`${sessionCookie}=`);
}

export function anonymousResponseCache({
  readCache,
  ttlMs,
  sessionCookie,
  maxBytes = 32 * 1024 * 1024,
  now = Date.now,
}: ResponseCacheOptions): ResponseCache {
  const responses = new Map<string, StoredResponse>();
  /** URLs being rendered now, each settling once its render has ended */
  const rendering = new Map<string, Promise<void>>();
  let bytes = 0;
  /** counts clears: a render that began before the last one was made from old data */
  let generation = 0;
  readCache.onClear(() => {
    generation += 1;
    responses.clear();
    bytes = 0;
  });

  function remove(key: string, entry: StoredResponse) {
    if (responses.get(key) !== entry) return;
    responses.delete(key);
    bytes -= entry.bytes;
  }

  function store(key: string, response: StoredResponse) {
    const old = responses.get(key);
    if (old) bytes -= old.bytes;
    responses.set(key, response);
    bytes += response.bytes;
    for (const [oldest, entry] of responses) {
      if (bytes <= maxBytes) break;
      responses.delete(oldest);
      bytes -= entry.bytes;
    }
  }

  function serve(req: IncomingMessage, res: ServerResponse, hit: StoredResponse, nonce: string, state = "hit") {
    for (const [name, value] of Object.entries(hit.headers)) res.setHeader(name, value);
    res.setHeader("X-Cache", state);
    if (hit.headers.etag && isFresh(req.headers, hit.headers.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = 200;
    let body: Pieces;
    if (preferredEncoding(req.headers, GZIP) === "gzip") {
      // set before the body goes out, so the compression middleware leaves it as it is
      res.setHeader("Content-Encoding", "gzip");
      body = gzipPieces(hit.body, nonce);
    } else {
      body = plainPieces(hit.body, nonce);
    }
    // the pieces go out as they are, gathered into one socket write (Node corks the socket)
    res.setHeader("Content-Length", body.length);
    for (const piece of body.pieces) res.write(piece);
    res.end();
  }

  function freshAnswer(req: IncomingMessage) {
    if (ttlMs <= 0 || req.method !== "GET" || carriesSession(req, sessionCookie)) return undefined;
    const hit = responses.get(req.url ?? "");
    if (!hit || hit.expiresAt <= now()) return undefined;
    return (res: ServerResponse, nonce: string) => serve(req, res, hit, nonce);
  }

  const handler: RequestHandler = (req, res, next) => {
    if (ttlMs <= 0 || req.method !== "GET" || res.locals.session || isPrivateAnswer(res)) return next();
    if (carriesSession(req, sessionCookie)) return next();
    const key = req.originalUrl;
    const nonce = String(res.locals.cspNonce ?? "");
    const hit = responses.get(key);
    if (hit && hit.expiresAt > now()) return serve(req, res, hit, nonce);
    const inFlight = rendering.get(key);
    if (inFlight && hit) return serve(req, res, hit, nonce, "stale");
    if (inFlight) {
      // look again once that render is done; if it was not stored, this request renders its own
      inFlight.then(() => {
        const fresh = responses.get(key);
        if (fresh && fresh.expiresAt > now()) serve(req, res, fresh, nonce);
        else render(key, hit, res, next);
      });
      return;
    }
    render(key, hit, res, next);
  };

  /** Lets the request through to the page or API handler and keeps what it answers. */
  function render(key: string, stale: StoredResponse | undefined, res: Response, next: () => void) {
    let settle = () => {};
    const done = new Promise<void>((resolve) => {
      settle = resolve;
    });
    rendering.set(key, done);
    const startedIn = generation;
    let stored = false;
    res.once("close", () => {
      if (rendering.get(key) === done) rendering.delete(key);
      // a failed refresh drops the expired copy: what is served next is rendered anew
      if (!stored && stale) remove(key, stale);
      settle();
    });

    // The response goes out as usual; the finished body is kept if it is a plain, shareable 200.
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
      // what is kept is what leaves: the answer's one Cache-Control (private-answers.ts)
      settleCacheControl(res);
      // `private` alone does not refuse: public pages say it so that no shared cache keeps one
      // visitor's CSP nonce, and this cache gives every copy its own. Everything shaped by a
      // session or personal is `no-store` (private-answers.ts, the admin and unsubscribe pages).
      const cacheable =
        startedIn === generation &&
        !isPrivateAnswer(res) &&
        res.statusCode === 200 &&
        !res.getHeader("set-cookie") &&
        !/no-store/.test(String(res.getHeader("cache-control") ?? "")) &&
        CACHED_TYPES.test(String(res.getHeader("content-type") ?? ""));
      if (cacheable) {
        const nonce = String(res.locals.cspNonce ?? "");
        const text = Buffer.concat(chunks).toString("utf8");
        const parts = nonce ? text.split(nonce) : [text];
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (value !== undefined && !PER_RESPONSE_HEADERS.has(name)) headers[name] = String(value);
        }
        // a hit is gzipped or not by the request's Accept-Encoding, as the compression middleware does
        if (!/accept-encoding/i.test(headers.vary ?? "")) {
          headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
        }
        // An ETag names the exact bytes, so it is kept only for a body without a nonce in it.
        const etag = res.getHeader("etag");
        if (etag !== undefined && parts.length === 1) headers.etag = String(etag);
        const body = prepareSplicedGzip(parts);
        store(key, {
          headers,
          body,
          bytes: [...body.plain, ...body.deflated].reduce((sum, part) => sum + part.length, 0),
          expiresAt: now() + ttlMs,
        });
        stored = true;
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    res.setHeader("X-Cache", "miss");
    next();
  }

  return { middleware: handler, freshAnswer };
}
