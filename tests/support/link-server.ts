// A local retailer's site for the link checks of issue 27: one path per way a link can work or
// fail, as real shops answer. It records every request (method, path, arrival time) and how many
// were being answered at once, so tests can check the checker's pace and its concurrency.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface LinkRequest {
  method: string;
  path: string;
  /** Date.now() when the request arrived */
  at: number;
}

export interface LinkServer {
  /** host:port, for OUTBOUND_ALLOW_HOSTS */
  host: string;
  origin: string;
  /** the full URL of a path on this server */
  url(path: string): string;
  requests: LinkRequest[];
  load: LinkLoad;
  close(): Promise<void>;
}

/** Requests being answered now, and the most at once so far. */
export interface LinkLoad {
  inFlight: number;
  maxInFlight: number;
}

export function newLinkLoad(): LinkLoad {
  return { inFlight: 0, maxInFlight: 0 };
}

/**
 * Paths: `/ok` 200; `/moved` 301 to /ok; `/missing` 404; `/error` 500; `/no-head` 405 to HEAD and
 * 200 to GET; `/head-reset` drops the connection on HEAD, 200 to GET; `/loop` redirects to itself
 * for ever; `/slow` never answers; `/wait` answers 200 after 300 ms; `/gone-product` 301 to the
 * front page `/`, which answers 200; anything else 404.
 */
export async function startLinkServer(
  options: {
    port?: number;
    /** a loopback address of its own (127.0.0.2…): another host as far as the checker's pace goes */
    address?: string;
    /** shared by several servers: the most requests answered at once over all of them */
    load?: LinkLoad;
  } = {},
): Promise<LinkServer> {
  const address = options.address ?? "127.0.0.1";
  const requests: LinkRequest[] = [];
  const load = options.load ?? newLinkLoad();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://link.test");
    requests.push({ method: req.method ?? "", path: url.pathname + url.search, at: Date.now() });
    load.inFlight += 1;
    load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
    res.once("close", () => {
      load.inFlight -= 1;
    });
    const head = req.method === "HEAD";
    switch (url.pathname) {
      case "/":
      case "/ok":
        res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Ball</title><p>A ball.");
        return;
      case "/moved":
        res.writeHead(301, { location: "/ok" }).end();
        return;
      case "/gone-product":
        res.writeHead(301, { location: "/" }).end();
        return;
      case "/error":
        res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
        return;
      case "/no-head":
        if (head) res.writeHead(405, { allow: "GET" }).end();
        else res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Rope</title>");
        return;
      case "/head-reset":
        if (head) req.socket.destroy();
        else res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Rope</title>");
        return;
      case "/loop": {
        const n = Number(url.searchParams.get("n") ?? 0);
        res.writeHead(302, { location: `/loop?n=${n + 1}` }).end();
        return;
      }
      case "/slow":
        // never answers: the checker's time-out ends it
        return;
      case "/wait":
        setTimeout(() => res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html>"), 300);
        return;
      default:
        res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, address, resolve));
  const { port } = server.address() as AddressInfo;
  const host = `${address}:${port}`;
  return {
    host,
    origin: `http://${host}`,
    url: (path) => `http://${host}${path}`,
    requests,
    load,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released): connections to it are refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
