import { createServer, type RequestListener, type Server } from "node:http";

/**
 * How long an idle keep-alive connection stays open. Longer than the idle time of the clients
 * and proxies in front (load balancers keep 60 s; Node's and browsers' agents a few seconds):
 * the side that waits longer never closes a connection just as the other sends on it, which the
 * sender sees as ECONNRESET. Node's default, 5 s, equals its own agent's, and a browser test's
 * request met exactly that race on a busy machine.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The site's HTTP server for `app` (production and tests alike). */
export function createHttpServer(app: RequestListener): Server {
  const server = createServer(app);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return server;
}
