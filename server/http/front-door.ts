import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { isAllowedHost } from "./allowed-hosts";
import { preferredEncoding } from "./negotiation";
import type { AssetFiles } from "./precompressed";
import { GZIP, type ResponseCache } from "./response-cache";

// A page or public API read that the response cache holds needs none of the app's middleware:
// its answer is known, and everything that could refuse it was decided when it was stored
// (path spelling, query characters, method, access). Express's chain of twenty layers around
// such an answer was half of a cache hit's time (CPU profile, docs/performance.md), so hits are
// answered here, before Express, with the same request id, log line and security headers.
// What is not answered here goes to Express unchanged: a miss, a stale copy, a request with a
// session cookie, one whose host Express must check (X-Forwarded-Host behind a proxy, a name
// the site does not answer to), a client without gzip (the compression middleware picks its
// encoding) and every request while the server shuts down. Hits are also answered while the
// load shedder refuses new work: a stored answer is not work worth refusing.

export interface FrontDoorOptions {
  cache: ResponseCache;
  /** the build's hashed assets, answered from memory the same way (precompressed.ts) */
  assets?: AssetFiles;
  /** the Express app, for everything else */
  app: RequestListener;
  /** writes the request id header and the request's log line (request-log.ts) */
  track: (req: IncomingMessage, res: ServerResponse) => string;
  /** writes the security headers and returns the response's CSP nonce (security-headers.ts) */
  secure: (res: ServerResponse) => string;
  /** the host names answered (none: any host, as without SITE_URL) */
  allowedHosts?: ReadonlySet<string>;
  isShuttingDown: () => boolean;
}

export function frontDoor({
  cache,
  assets,
  app,
  track,
  secure,
  allowedHosts,
  isShuttingDown,
}: FrontDoorOptions): RequestListener {
  const hostAnswered = (req: IncomingMessage) =>
    !allowedHosts || (req.headers["x-forwarded-host"] === undefined && isAllowedHost(req.headers.host, allowedHosts));
  return (req, res) => {
    const answer =
      isShuttingDown() || !hostAnswered(req)
        ? undefined
        : (assets?.answerFor(req.url ?? "", req) ??
          (req.method === "GET" && preferredEncoding(req.headers, GZIP) === "gzip"
            ? cache.freshAnswer(req)
            : undefined));
    if (!answer) return app(req, res);
    track(req, res);
    answer(res, secure(res));
  };
}
