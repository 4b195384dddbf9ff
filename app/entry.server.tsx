import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { appContext } from "./lib/app-context.server";
import { NonceProvider } from "./lib/nonce";

// The key the server fills each request's AppContext under, taken from this build (server/ssr.ts).
export { appContext };

export const streamTimeout = 5_000;

/**
 * Errors of loaders, actions and rendering go to the server's log as `err` (its serializer keeps
 * the kind, code and stack, never a failed query's parameters). A 404 or 405 React Router
 * answers itself is an answer, not a failure, and a request the visitor abandoned is neither.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  context.get(appContext).logger.error({ err: error, path: new URL(request.url).pathname }, "page request failed");
};

// Pages are sent once fully rendered (onAllReady) for every client, not only bots: the
// first HTML then holds all content, which is what search engines and slow phones need,
// and loaders already await their data so nothing is lost by not streaming.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(appContext).cspNonce;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    let shellRendered = false;
    // Abort a render stuck past the timeout so the request does not hang.
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const app = (
      <NonceProvider nonce={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      // React would otherwise move large finished sections behind the shell (filled in by
      // script); crawlers and readers without JavaScript must get them in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        shellRendered = true;
        // The whole page is ready, so it goes out as one body rather than a stream of small
        // chunks: one write through compression instead of hundreds (measured: decision 016).
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeout);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: statusCode }));
        });
        body.on("error", reject);
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        statusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
