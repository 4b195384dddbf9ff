import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseAllowHosts } from "./address-rules";
import { createSafeFetch, OutboundError, type OutboundRequest, type Resolver } from "./safe-fetch";

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A local server that records what reached it and answers by path. */
async function startServer(route: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      route(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    seen,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type TestServer = Awaited<ReturnType<typeof startServer>>;

let main: TestServer;
let other: TestServer;
let closedPort: number;

function mainRoutes(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? "/", "http://x");
  switch (url.pathname) {
    case "/ok":
      res.writeHead(200, { "content-type": "text/plain", "x-answer": "yes" }).end("hello");
      return;
    case "/echo":
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ method: req.method, body, authorization: req.headers.authorization ?? null }));
      return;
    case "/redirect":
      res
        .writeHead(Number(url.searchParams.get("status") ?? 302), { location: url.searchParams.get("to") ?? "/ok" })
        .end();
      return;
    case "/loop":
      res.writeHead(302, { location: "/loop" }).end();
      return;
    case "/streamed": {
      // no content-length: only counting while reading can stop it
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 120);
      let sent = 0;
      const total = Number(url.searchParams.get("bytes"));
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("error", () => {});
      pump();
      return;
    }
    case "/declared":
      res.writeHead(200, { "content-length": String(50 * 1024 * 1024) });
      res.write("x");
      return;
    case "/gzip-bomb":
      res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(Buffer.alloc(20 * 1024 * 1024)));
      return;
    case "/gzip":
      res.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync("compressed hello"));
      return;
    case "/slow-head":
      setTimeout(() => res.writeHead(200).end("late"), 3_000).unref();
      return;
    case "/slow-body":
      res.writeHead(200);
      res.write("a");
      setTimeout(() => res.end("b"), 3_000).unref();
      return;
    case "/no-content":
      res.writeHead(204).end();
      return;
    default:
      res.writeHead(404).end("not here");
  }
}

beforeAll(async () => {
  main = await startServer(mainRoutes);
  other = await startServer((_req, res) => res.writeHead(200).end("other"));
  const probe = await startServer(() => {});
  closedPort = probe.port;
  await probe.close();
});
afterAll(async () => {
  await main.close();
  await other.close();
});
beforeEach(() => {
  main.seen.length = 0;
  other.seen.length = 0;
});

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

const allowingMain = () => createSafeFetch({ allowHosts: parseAllowHosts([`127.0.0.1:${main.port}`]) });

describe("safe fetch: addresses", () => {
  it("fetches from a host the allow list names, with status, final URL, headers and body", async () => {
    const answer = await allowingMain().request({ url: `${main.origin}/ok` });
    expect(answer.status).toBe(200);
    expect(answer.url).toBe(`${main.origin}/ok`);
    expect(answer.redirects).toEqual([]);
    expect(answer.headers.get("x-answer")).toBe("yes");
    expect(answer.body.toString()).toBe("hello");
    expect(main.seen[0]?.headers["user-agent"]).toBe("PawsomePicks/1.0 (product data and link checks)");
  });

  it.each([
    "http://127.0.0.1:PORT/ok",
    "http://2130706433:PORT/ok",
    "http://0x7f000001:PORT/ok",
    "http://0x7f.0.0.1:PORT/ok",
    "http://0177.0.0.1:PORT/ok",
    "http://017700000001:PORT/ok",
    "http://127.1:PORT/ok",
    "http://0:PORT/ok",
    "http://[::1]:PORT/ok",
    "http://[0:0:0:0:0:0:0:1]:PORT/ok",
    "http://[::ffff:127.0.0.1]:PORT/ok",
    "http://[::ffff:7f00:1]:PORT/ok",
    "http://[::]:PORT/ok",
  ])("refuses %s (a loopback or unspecified address in any spelling) without connecting", async (template) => {
    const error = await failure(createSafeFetch().request({ url: template.replace("PORT", String(main.port)) }));
    expect(error.code).toBe("blocked_address");
    expect(main.seen).toEqual([]);
  });

  it("refuses a name that resolves to a loopback address, judged at the connection's own lookup", async () => {
    const resolver: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const error = await failure(
      createSafeFetch({ resolver }).request({ url: `http://feeds.example.com:${main.port}/ok` }),
    );
    expect(error.code).toBe("blocked_address");
    expect(error.message).toBe("feeds.example.com resolves to 127.0.0.1, a loopback address");
    expect(main.seen).toEqual([]);
  });

  it("refuses a name when any of its addresses is blocked (IPv6 loopback among them)", async () => {
    const resolver: Resolver = async () => [
      { address: "127.0.0.2", family: 4 },
      { address: "::1", family: 6 },
    ];
    const error = await failure(
      createSafeFetch({ resolver }).request({ url: `http://rebind.example.com:${main.port}/` }),
    );
    expect(error.code).toBe("blocked_address");
    expect(main.seen).toEqual([]);
  });

  it("refuses localhost as the system resolver answers it", async () => {
    const error = await failure(createSafeFetch().request({ url: `http://localhost:${main.port}/ok` }));
    expect(error.code).toBe("blocked_address");
    expect(main.seen).toEqual([]);
  });

  it("allows a name on the allow list whatever it resolves to, and a host:port entry on that port only", async () => {
    const resolver: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const byName = createSafeFetch({ resolver, allowHosts: parseAllowHosts(["feeds.internal"]) });
    expect((await byName.request({ url: `http://feeds.internal:${main.port}/ok` })).body.toString()).toBe("hello");

    const byPort = createSafeFetch({ allowHosts: parseAllowHosts([`127.0.0.1:${other.port}`]) });
    expect((await failure(byPort.request({ url: `${main.origin}/ok` }))).code).toBe("blocked_address");
    expect((await byPort.request({ url: `${other.origin}/` })).body.toString()).toBe("other");
  });

  it("fetches only http and https", async () => {
    expect((await failure(createSafeFetch().request({ url: "file:///etc/passwd" }))).code).toBe("unsupported_scheme");
    expect((await failure(createSafeFetch().request({ url: "ftp://example.com/feed.xml" }))).code).toBe(
      "unsupported_scheme",
    );
    expect((await failure(createSafeFetch().request({ url: "not a url" }))).code).toBe("invalid_url");
  });
});

describe("safe fetch: redirects", () => {
  it("follows redirects, recording each hop, to the final answer", async () => {
    const to = encodeURIComponent(`/redirect?status=301&to=${encodeURIComponent("/ok")}`);
    const answer = await allowingMain().request({ url: `${main.origin}/redirect?to=${to}` });
    expect(answer.status).toBe(200);
    expect(answer.url).toBe(`${main.origin}/ok`);
    expect(answer.redirects).toEqual([
      { url: `${main.origin}/redirect?to=${to}`, status: 302 },
      { url: `${main.origin}/redirect?status=301&to=%2Fok`, status: 301 },
    ]);
  });

  it("refuses a redirect to an address the allow list does not name, without connecting to it", async () => {
    const url = `${main.origin}/redirect?to=${encodeURIComponent(`${other.origin}/`)}`;
    const error = await failure(allowingMain().request({ url }));
    expect(error.code).toBe("blocked_address");
    expect(error.url).toBe(`${other.origin}/`);
    expect(error.redirects).toEqual([{ url, status: 302 }]);
    expect(other.seen).toEqual([]);
  });

  it("refuses a redirect to another scheme", async () => {
    const url = `${main.origin}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`;
    expect((await failure(allowingMain().request({ url }))).code).toBe("unsupported_scheme");
  });

  it("gives up after maxRedirects, and answers the redirect itself when told to follow none", async () => {
    const error = await failure(allowingMain().request({ url: `${main.origin}/loop`, maxRedirects: 3 }));
    expect(error.code).toBe("too_many_redirects");
    expect(error.redirects).toHaveLength(4);
    const unfollowed = await allowingMain().request({ url: `${main.origin}/loop`, maxRedirects: 0 });
    expect(unfollowed.status).toBe(302);
    expect(unfollowed.headers.get("location")).toBe("/loop");
  });

  it("turns POST into GET on 303 and 302, keeps it on 307, as browsers do", async () => {
    const post = (status: number): OutboundRequest => ({
      method: "POST",
      url: `${main.origin}/redirect?status=${status}&to=/echo`,
      headers: { "content-type": "text/plain" },
      body: "payload",
    });
    const after303 = JSON.parse((await allowingMain().request(post(303))).body.toString());
    expect(after303).toMatchObject({ method: "GET", body: "" });
    expect(JSON.parse((await allowingMain().request(post(302))).body.toString())).toMatchObject({ method: "GET" });
    expect(JSON.parse((await allowingMain().request(post(307))).body.toString())).toMatchObject({
      method: "POST",
      body: "payload",
    });
  });

  it("drops the Authorization header when a redirect leaves the origin", async () => {
    const both = createSafeFetch({
      allowHosts: parseAllowHosts([`127.0.0.1:${main.port}`, `127.0.0.1:${other.port}`]),
    });
    await both.request({
      url: `${main.origin}/redirect?to=${encodeURIComponent(`${other.origin}/`)}`,
      headers: { Authorization: "Bearer secret" },
    });
    expect(main.seen[0]?.headers.authorization).toBe("Bearer secret");
    expect(other.seen[0]?.headers.authorization).toBeUndefined();
  });
});

describe("safe fetch: limits", () => {
  it("aborts an answer whose declared length is over the limit before reading it", async () => {
    const error = await failure(allowingMain().request({ url: `${main.origin}/declared`, maxBytes: 1024 }));
    expect(error.code).toBe("too_large");
    expect(error.message).toBe(`the answer from 127.0.0.1:${main.port} is larger than 1024 bytes`);
  });

  it("aborts a streamed answer once it passes the limit", async () => {
    const error = await failure(
      allowingMain().request({ url: `${main.origin}/streamed?bytes=${20 * 1024 * 1024}`, maxBytes: 256 * 1024 }),
    );
    expect(error.code).toBe("too_large");
    const small = await allowingMain().request({
      url: `${main.origin}/streamed?bytes=${128 * 1024}`,
      maxBytes: 256 * 1024,
    });
    expect(small.body.length).toBe(128 * 1024);
  });

  it("reads no body when told to discard it: a link check's GET of a large page answers at its head", async () => {
    const answer = await allowingMain().request({
      url: `${main.origin}/streamed?bytes=${20 * 1024 * 1024}`,
      maxBytes: 1024,
      discardBody: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(0);
  });

  it("counts the decoded bytes: a 20 KB gzip bomb of 20 MB fails, a small gzip answer is decoded", async () => {
    expect(
      (await failure(allowingMain().request({ url: `${main.origin}/gzip-bomb`, maxBytes: 1024 * 1024 }))).code,
    ).toBe("too_large");
    expect((await allowingMain().request({ url: `${main.origin}/gzip` })).body.toString()).toBe("compressed hello");
  });

  it("times out a server that does not answer, and one that stops halfway through the body", async () => {
    const head = await failure(allowingMain().request({ url: `${main.origin}/slow-head`, timeoutMs: 300 }));
    expect(head.code).toBe("timeout");
    expect(head.message).toBe(`no complete answer from 127.0.0.1:${main.port} within 300 ms`);
    expect((await failure(allowingMain().request({ url: `${main.origin}/slow-body`, timeoutMs: 300 }))).code).toBe(
      "timeout",
    );
  });

  it("gives up connecting after connectTimeoutMs (a resolver that never answers stands in for a dead host)", async () => {
    const hanging: Resolver = () => new Promise(() => {});
    const error = await failure(
      createSafeFetch({ resolver: hanging }).request({ url: "http://slow.example.com/", connectTimeoutMs: 200 }),
    );
    expect(error.code).toBe("connect_timeout");
  });

  it("reports a refused connection and a name that does not resolve as unreachable", async () => {
    const refused = createSafeFetch({ allowHosts: parseAllowHosts([`127.0.0.1:${closedPort}`]) });
    const error = await failure(refused.request({ url: `http://127.0.0.1:${closedPort}/` }));
    expect(error.code).toBe("unreachable");
    expect(error.message).toBe(`127.0.0.1:${closedPort} cannot be reached (ECONNREFUSED)`);

    const missing: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    const unknown = await failure(createSafeFetch({ resolver: missing }).request({ url: "http://gone.example.com/" }));
    expect(unknown.code).toBe("unreachable");
    expect(unknown.message).toBe("gone.example.com does not resolve");
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const pending = allowingMain().request({ url: `${main.origin}/slow-head`, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).code).toBe("aborted");
  });
});

describe("safe fetch: fetch's signature", () => {
  it("answers a Response a fetch-based client can read", async () => {
    const safe = allowingMain();
    const response = await safe.fetch(`${main.origin}/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ method: "POST", body: '{"a":1}', authorization: null });
    expect((await safe.fetch(`${main.origin}/no-content`)).status).toBe(204);
    expect(await (await safe.fetch(`${main.origin}/gzip`)).text()).toBe("compressed hello");
  });
});
