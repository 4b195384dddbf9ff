import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import type { RequestHandler } from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReadCache } from "#server/services/read-cache.ts";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";
import { cachedPages, type PageHandler } from "./page-cache";
import { reactRouterPages } from "./page-requests";

// The page cache wraps React Router's handler (a Request in, a Response out), at the end of the
// one Express chain. Here a stand-in for React Router writes the request's nonce into an inline
// script, as entry.server.tsx does; the whole app runs around it, so what a hit shares with a
// render (headers, log line, host rule, path spelling, guards) is what a visitor would see.

interface Context {
  nonce: string;
  signedIn: boolean;
}

let server: SeededTestServer;
let renders = 0;
const lines: Record<string, unknown>[] = [];
const SCRIPT = "window.__data = { toys: 3 };";

const page: PageHandler<Context> = async (request, context) => {
  renders += 1;
  const { pathname } = new URL(request.url);
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache" });
  if (pathname === "/private") headers.set("Cache-Control", "private, no-store");
  if (pathname === "/cookie") headers.set("Set-Cookie", "seen=1; Path=/");
  return new Response(
    `<!doctype html><h1>Toys ${renders}</h1><p>${"Chew toys. ".repeat(200)}</p><script nonce="${context.nonce}">${SCRIPT}</script>`,
    { status: pathname === "/missing" ? 404 : 200, headers },
  );
};

/** The page cache behind our Express adapter, as ssr.ts puts React Router's handler there. */
function pagesFor(server: SeededTestServer): RequestHandler {
  return reactRouterPages({
    handle: cachedPages(page, {
      readCache: server.services.readCache,
      ttlMs: 60_000,
      sessionCookie: "__Host-pawsome_session",
      nonceOf: (context) => context.nonce,
      isPrivate: (context) => context.signedIn,
    }),
    getLoadContext: (_req, res) => ({ nonce: String(res.locals.cspNonce), signedIn: Boolean(res.locals.session) }),
  });
}

let pages: RequestHandler = (_req, _res, next) => next();

beforeAll(async () => {
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  server = await startSeededTestServer({
    pages: [(req, res, next) => pages(req, res, next)],
    readCacheTtlMs: 60_000,
    logger,
    mode: "production",
    allowedHosts: { extra: [] },
  });
  pages = pagesFor(server);
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the body as sent (compressed or not) */
  raw: Buffer;
  /** the body as text, gunzipped when it came gzipped */
  body: string;
}

/** A raw GET: the Host header and encodings exactly as given. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        headers: { host: "www.pawsomepicks.test", "accept-encoding": "gzip, deflate, br", ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body: body.toString("utf8") });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("the page cache, at the end of the one request path", () => {
  it("answers a hit with the headers a render has, its own nonce, request id and log line", async () => {
    const before = renders;
    const miss = await get("/guides?page=3");
    expect(miss.headers["x-cache"]).toBe("miss");
    lines.length = 0;
    const hit = await get("/guides?page=3", { "x-request-id": "visit-77" });
    expect(hit.status).toBe(200);
    expect(hit.headers["x-cache"]).toBe("hit");
    expect(hit.headers["x-request-id"]).toBe("visit-77");
    expect(renders).toBe(before + 1);
    const nonce = nonceOf(hit);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(miss));
    expect(hit.body).toContain(`<script nonce="${nonce}">${SCRIPT}</script>`);
    expect(hit.body).toBe(miss.body.replace(String(nonceOf(miss)), String(nonce)));
    for (const name of [
      "content-type",
      "content-encoding",
      "cache-control",
      "vary",
      "strict-transport-security",
      "x-content-type-options",
      "referrer-policy",
      "cross-origin-opener-policy",
      "x-frame-options",
    ]) {
      expect({ name, value: hit.headers[name] }).toEqual({ name, value: miss.headers[name] });
    }
    expect(hit.headers.vary).toMatch(/Accept-Encoding/i);
    expect(String(hit.headers["content-security-policy"])).toBe(
      String(miss.headers["content-security-policy"]).replace(String(nonceOf(miss)), String(nonce)),
    );
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({
        msg: "request completed",
        req: { id: "visit-77", method: "GET", url: "/guides?page=3" },
        res: { statusCode: 200 },
      }),
    ]);
  });

  it("sends the render that stores a page in the stored gzip form: one compression for miss and hits", async () => {
    const miss = await get("/compressed");
    const hit = await get("/compressed");
    expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["miss", "hit"]);
    for (const answer of [miss, hit]) {
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
    }
    // the same stored parts: the bytes differ only where the nonce (and its checksum) goes
    expect(Math.abs(miss.raw.length - hit.raw.length)).toBeLessThanOrEqual(2);
    expect(hit.body).toBe(miss.body.split(String(nonceOf(miss))).join(String(nonceOf(hit))));
  });

  it("is compressed by the server's usual means for clients without gzip, and sent plain to those with none", async () => {
    await get("/resources");
    const brotli = await get("/resources", { "accept-encoding": "br" });
    expect(brotli.headers["x-cache"]).toBe("hit");
    expect(brotli.headers["content-encoding"]).toBe("br");
    const plain = await get("/resources", { "accept-encoding": "identity" });
    expect(plain.headers["x-cache"]).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain(`nonce="${nonceOf(plain)}"`);
    const refused = await get("/resources", { "accept-encoding": "gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("forgets every page when content changes", async () => {
    await get("/reviews");
    expect((await get("/reviews")).headers["x-cache"]).toBe("hit");
    server.services.readCache.clear();
    expect((await get("/reviews")).headers["x-cache"]).toBe("miss");
  });

  it("never stores errors, private pages or answers that set a cookie; never HEAD", async () => {
    for (const path of ["/missing", "/private", "/cookie"]) {
      await get(path);
      expect({ path, cache: (await get(path)).headers["x-cache"] }).toEqual({ path, cache: "miss" });
    }
    const { port } = new URL(server.url);
    const head = await new Promise<string | undefined>((resolve, reject) => {
      httpRequest({ host: "127.0.0.1", port, path: "/reviews", method: "HEAD" }, (res) => {
        res.resume();
        resolve(res.headers["x-cache"] as string | undefined);
      })
        .on("error", reject)
        .end();
    });
    expect(head).toBeUndefined();
  });

  it("never answers a request that carries a session from the cache, nor keeps its page", async () => {
    await get("/about-us");
    expect((await get("/about-us")).headers["x-cache"]).toBe("hit");
    const cookie = await adminCookie(server);
    const signedIn = await get("/about-us", { cookie });
    expect(signedIn.headers["x-cache"]).toBeUndefined();
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    const forged = await get("/about-us", { cookie: "__Host-pawsome_session=forged" });
    expect(forged.headers["x-cache"]).toBeUndefined();
    expect(forged.headers["cache-control"]).toBe("private, no-store");
  });

  it("still refuses a host the site does not answer to, with the page in the cache", async () => {
    await get("/reviews");
    expect((await get("/reviews")).headers["x-cache"]).toBe("hit");
    const rebinding = await get("/reviews", { host: "attacker.example" });
    expect(rebinding.status).toBe(421);
    expect(rebinding.body).not.toContain("Chew toys");
  });

  it("keeps every other spelling of a cached path on its usual answer", async () => {
    await get("/resources");
    expect((await get("/resources")).headers["x-cache"]).toBe("hit");
    for (const path of ["//resources", "/resources/./", "/%72esources", "/x/../resources"]) {
      const answer = await get(path);
      expect({ path, status: answer.status, location: answer.headers.location }).toEqual({
        path,
        status: 301,
        location: path === "/resources/./" ? "/resources/" : "/resources",
      });
    }
    expect((await get("/resources%00")).status).toBe(400);
  });
});

describe("the page cache: one render per URL at a time", () => {
  let clock = 0;
  let slowRenders = 0;
  let failNext = false;
  const readCache = createReadCache({ ttlMs: 1_000 });
  const slowPage: PageHandler<string> = async () => {
    slowRenders += 1;
    const render = slowRenders;
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (failNext) {
      failNext = false;
      return new Response("<p>down</p>", { status: 503, headers: { "Content-Type": "text/html" } });
    }
    return new Response(`<p>render ${render}</p>`, { headers: { "Content-Type": "text/html" } });
  };
  const cached = cachedPages(slowPage, {
    readCache,
    ttlMs: 1_000,
    sessionCookie: "pawsome_session",
    nonceOf: (nonce) => nonce,
    now: () => clock,
  });

  const slow = async () => {
    const res = await cached(new Request("http://localhost/slow"), "");
    return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text() };
  };

  it("renders once for many visitors arriving together", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, slow));
    expect(slowRenders).toBe(1);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(["<p>render 1</p>"]));
    expect(answers.filter((a) => a.cache === "miss")).toHaveLength(1);
  });

  it("serves the expired copy while one request renders the next", async () => {
    clock += 1_001;
    const answers = await Promise.all(Array.from({ length: 10 }, slow));
    expect(slowRenders).toBe(2);
    expect(answers.filter((a) => a.cache === "stale").map((a) => a.body)).toEqual(Array(9).fill("<p>render 1</p>"));
    expect(answers.find((a) => a.cache === "miss")?.body).toBe("<p>render 2</p>");
    expect(await slow()).toEqual({ status: 200, cache: "hit", body: "<p>render 2</p>" });
  });

  it("does not keep a render that began before content changed", async () => {
    readCache.clear();
    const during = slow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    readCache.clear(); // an admin write lands while the page is being rendered from the old data
    expect((await during).cache).toBe("miss");
    const next = await slow();
    expect(next.cache).toBe("miss");
    expect(next.body).toBe(`<p>render ${slowRenders}</p>`);
  });

  it("drops the expired copy when the refresh fails, so errors are not hidden", async () => {
    clock += 1_001;
    failNext = true;
    expect((await slow()).status).toBe(503);
    const next = await slow();
    expect(next).toMatchObject({ status: 200, cache: "miss" });
    expect(next.body).toBe(`<p>render ${slowRenders}</p>`);
  });
});

describe("the page cache: validators and size", () => {
  const readCache = createReadCache({ ttlMs: 60_000 });
  const body = (name: string) => `<p>${name} ${"x".repeat(2_000)}</p>`;
  const plainPage: PageHandler<string> = async (request) =>
    new Response(body(new URL(request.url).pathname), {
      headers: { "Content-Type": "text/html", ETag: 'W/"page-1"' },
    });

  it("keeps the ETag of a page without a nonce and answers 304 to a client that has it", async () => {
    const cached = cachedPages(plainPage, { readCache, ttlMs: 60_000, sessionCookie: "s", nonceOf: () => "" });
    await cached(new Request("http://localhost/tag"), "");
    const again = await cached(new Request("http://localhost/tag", { headers: { "if-none-match": 'W/"page-1"' } }), "");
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe('W/"page-1"');
    expect(again.headers.get("x-cache")).toBe("hit");
  });

  it("has no ETag when the page holds a nonce (every answer's bytes differ)", async () => {
    const cached = cachedPages(
      async () => new Response("<p>n0nce</p>", { headers: { "Content-Type": "text/html", ETag: '"a"' } }),
      { readCache, ttlMs: 60_000, sessionCookie: "s", nonceOf: () => "n0nce" },
    );
    await cached(new Request("http://localhost/n"), "");
    const hit = await cached(new Request("http://localhost/n"), "");
    expect(hit.headers.get("x-cache")).toBe("hit");
    expect(hit.headers.get("etag")).toBeNull();
  });

  it("lets the oldest pages go past its size", async () => {
    let rendered = 0;
    const cached = cachedPages(
      async (request: Request) => {
        rendered += 1;
        return plainPage(request, "");
      },
      { readCache, ttlMs: 60_000, sessionCookie: "s", nonceOf: () => "", maxBytes: 5_000 },
    );
    for (const path of ["/a", "/b", "/c", "/a"]) await cached(new Request(`http://localhost${path}`), "");
    // each page keeps about 2 KB plain and its deflated twin: two fit, so /a went when /c came
    expect(rendered).toBe(4);
    expect((await cached(new Request("http://localhost/c"), "")).headers.get("x-cache")).toBe("hit");
  });

  it("leaves a request with the session cookie or a private context to the handler", async () => {
    let rendered = 0;
    const cached = cachedPages(
      async (request: Request, signedIn: boolean) => {
        rendered += 1;
        return plainPage(request, String(signedIn));
      },
      { readCache, ttlMs: 60_000, sessionCookie: "s", nonceOf: () => "", isPrivate: (signedIn) => signedIn },
    );
    await cached(new Request("http://localhost/p"), false);
    const withCookie = await cached(new Request("http://localhost/p", { headers: { cookie: "a=1; s=x" } }), false);
    const signedIn = await cached(new Request("http://localhost/p"), true);
    expect(withCookie.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(rendered).toBe(3);
  });
});
