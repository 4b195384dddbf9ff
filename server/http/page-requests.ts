import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { HttpError } from "./errors";
import { PAGE_METHODS } from "./method-rules";
import type { PageHandler } from "./page-cache";
import { formBytes } from "./page-submissions";
import { setCacheControl } from "./private-answers";

// Express to React Router and back: what @react-router/express does, except that a submission's
// body is the form page-submissions.ts has already read and checked (req.body), not the request
// stream. Reading the body first is what lets a broken one be answered 400/413/415 at the edge,
// and it is why the adapter is ours: React Router's reads the stream itself, and a stream that
// has been read cannot be handed on. It is the one place a page's Response meets Express: the
// page cache and the render queue sit behind it, as wrappers of React Router's handler (ssr.ts).

/** The Fetch Request React Router reads, for an Express request whose form (if any) is in req.body. */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // as @react-router/express: the host name (X-Forwarded-Host's behind a trusted proxy) with
  // the port it was asked for, and the path exactly as sent
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const forwardedPort = req.app.enabled("trust proxy") ? portOf(req.get("x-forwarded-host")) : Number.NaN;
  const port = [forwardedPort, portOf(req.get("host"))].find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${hostname}${port === undefined ? "" : `:${port}`}${req.originalUrl}`);
  } catch {
    throw new HttpError(400, "The Host header does not name a host");
  }

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // Loaders and actions stop when the visitor leaves (their queries are not worth finishing).
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const form = formBytes(req);
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: req.method !== "GET" && req.method !== "HEAD" ? form : undefined,
  });
}

/** Resolves once `res` can take more (drain) or will take nothing more (close). */
function writable(res: ExpressResponse): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      res.off("drain", go);
      res.off("close", go);
      resolve();
    };
    res.on("drain", go);
    res.on("close", go);
  });
}

async function send(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    // a page may set several cookies
    if (name === "set-cookie") res.append(name, value);
    // one Cache-Control, a private answer's kept (private-answers.ts)
    else if (name === "cache-control") setCacheControl(res, value);
    // a page's own value replaces the site's (the unsubscribe page's stricter Referrer-Policy):
    // two would leave the browser to pick one
    else res.setHeader(name, value);
  }
  // React Router's 405 for a page without an action says nothing about what is allowed
  if (response.status === 405 && !res.getHeader("allow")) res.setHeader("Allow", PAGE_METHODS.join(", "));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    let chunk = await reader.read();
    for (;;) {
      // a visitor who left: React Router's work stops through the request's signal
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      if (chunk.done) {
        res.end();
        return;
      }
      const more = res.write(chunk.value);
      // each chunk of a streamed data answer goes out now, not when compression's buffer fills
      // (compression adds flush; an app without it has none)
      if (typeof res.flush === "function") res.flush();
      // Wait for the socket only when there is more to give it: a whole page (one chunk, larger
      // than the socket's buffer) is ended at once instead of a drain later (decision 067).
      const next = await reader.read();
      if (!more && !next.done) await writable(res);
      chunk = next;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * A page handler (React Router's, behind the page cache) as Express middleware.
 * `readPageForm()` must come before it: without it a submission reaches the actions with no body.
 */
export function reactRouterPages<C>({
  handle,
  getLoadContext,
}: {
  handle: PageHandler<C>;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => C;
}): RequestHandler {
  return async (req, res, next) => {
    let request: Request | undefined;
    try {
      request = fetchRequest(req, res);
      await send(res, await handle(request, getLoadContext(req, res)));
    } catch (error) {
      // a visitor who left while the page waited for its render: no one to answer
      if (request?.signal.aborted && res.destroyed) return;
      next(error);
    }
  };
}
