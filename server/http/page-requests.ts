import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { HttpError } from "./errors";
import { formBytes } from "./page-submissions";

// Express to React Router and back: what @react-router/express does, except that a submission's
// body is the form page-submissions.ts has already read and checked (req.body), not the request
// stream. Reading the body first is what lets a broken one be answered 400/413/415 at the edge,
// and it is why the adapter is ours: React Router's reads the stream itself, and a stream that
// has been read cannot be handed on.

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
  // append, not set: a page may set several cookies
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // a visitor who left: React Router's work stops through the request's signal
      if (res.destroyed) {
        await reader.cancel();
        return;
      }
      if (done) {
        res.end();
        return;
      }
      const more = res.write(value);
      // each chunk of a streamed data answer goes out now, not when compression's buffer fills
      // (compression adds flush; an app without it has none)
      if (typeof res.flush === "function") res.flush();
      if (!more) await writable(res);
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * React Router's request handler for the build, as Express middleware. `readPageForm()` must
 * come before it: without it a submission reaches the actions with no body.
 */
export function reactRouterPages({
  build,
  getLoadContext,
  mode,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider | Promise<RouterContextProvider>;
  mode: "production" | "development" | "test";
}): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      await send(res, await handle(fetchRequest(req, res), await getLoadContext(req, res)));
    } catch (error) {
      next(error);
    }
  };
}
