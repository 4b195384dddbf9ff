import { get as httpGet } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReadCache } from "#server/services/read-cache.ts";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";
import { anonymousResponseCache } from "./response-cache";

let server: SeededTestServer;
let renders = 0;
const SCRIPT = "window.__data = { toys: 3 };";

// Stands in for React Router: a page with the request's nonce on its inline script.
const page: RequestHandler = (req, res) => {
  renders += 1;
  const nonce = String(res.locals.cspNonce);
  if (req.path === "/private") res.setHeader("Cache-Control", "no-store");
  res
    .status(req.path === "/missing" ? 404 : 200)
    .type("html")
    .send(
      `<!doctype html><h1>Toys ${renders}</h1><p>${"Chew toys. ".repeat(200)}</p><script nonce="${nonce}">${SCRIPT}</script>`,
    );
};

beforeAll(async () => {
  server = await startSeededTestServer({ pages: [page], readCacheTtlMs: 60_000 });
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { "accept-encoding": "identity", ...headers } });

describe("the anonymous response cache: pages", () => {
  it("renders once, then serves the stored page with this response's own nonce", async () => {
    const first = await get("/products?page=2");
    expect(first.headers.get("x-cache")).toBe("miss");
    const firstNonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1];
    const firstHtml = await first.text();
    expect(firstHtml).toContain(`<script nonce="${firstNonce}">${SCRIPT}</script>`);

    const second = await get("/products?page=2");
    expect(second.headers.get("x-cache")).toBe("hit");
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(firstNonce);
    expect(await second.text()).toBe(firstHtml.replace(`nonce="${firstNonce}"`, `nonce="${nonce}"`));
    expect(renders).toBe(1);
  });

  it("is sent gzip-compressed from the stored parts, with this response's nonce", async () => {
    const first = await get("/guides");
    const firstNonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    const firstHtml = await first.text();
    // a raw request, so the gzip member is checked byte for byte (CRC and length included)
    const res = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      httpGet(`${server.url}/guides`, { headers: { "accept-encoding": "gzip, deflate, br" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });
    expect(res.headers["x-cache"]).toBe("hit");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(gunzipSync(res.body).toString("utf8")).toBe(firstHtml.split(firstNonce).join(nonce));
  });

  it("is compressed by the server's usual means for clients without gzip", async () => {
    await get("/resources");
    const res = await fetch(`${server.url}/resources`, { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("x-cache")).toBe("hit");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(await res.text()).toContain("<h1>Toys");
  });

  it("forgets every page when content changes", async () => {
    await get("/reviews");
    expect((await get("/reviews")).headers.get("x-cache")).toBe("hit");
    server.services.readCache.clear();
    expect((await get("/reviews")).headers.get("x-cache")).toBe("miss");
  });

  it("never stores or serves pages for the signed-in owner, errors or private pages", async () => {
    await get("/about");
    const owner = await get("/about", { cookie: "pawsome_session=abc" });
    expect(owner.headers.get("x-cache")).toBeNull();
    await get("/missing");
    expect((await get("/missing")).headers.get("x-cache")).toBe("miss");
    await get("/private");
    expect((await get("/private")).headers.get("x-cache")).toBe("miss");
  });
});

describe("the anonymous response cache: public API reads", () => {
  it("answers a repeated read from memory with the same body and ETag, and 304 when the client has it", async () => {
    const first = await get("/api/toys/top-picks");
    expect(first.headers.get("x-cache")).toBe("miss");
    const firstBody = await first.text();
    const second = await get("/api/toys/top-picks", { "accept-encoding": "gzip" });
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("content-type")).toMatch(/^application\/json/);
    expect(second.headers.get("cache-control")).toBe("no-cache");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await second.text()).toBe(firstBody);
    // fetch would add "Cache-Control: no-cache" (an unconditional reload) unless one is given
    const revalidated = await get("/api/toys/top-picks", {
      "if-none-match": String(first.headers.get("etag")),
      "cache-control": "max-age=0",
    });
    expect(revalidated.status).toBe(304);
  });

  it("keeps the headers that describe the content, such as the total of a paged list", async () => {
    const first = await get("/api/toys?page=1&pageSize=2");
    expect(first.headers.get("x-cache")).toBe("miss");
    const total = first.headers.get("x-total-count");
    expect(Number(total)).toBeGreaterThan(2);
    const second = await get("/api/toys?page=1&pageSize=2");
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("x-total-count")).toBe(total);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
  });

  it("shows an admin's change at once: the write empties the cache", async () => {
    const cookie = await adminCookie(server);
    await get("/api/toys?search=Cache%20Test%20Rope");
    const before = await (await get("/api/toys?search=Cache%20Test%20Rope")).json();
    expect(before.items ?? before).toHaveLength(0);
    const created = await fetch(`${server.url}/api/toys`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({
        name: "Cache Test Rope",
        description: "A rope toy made to check that new products show at once.",
        details: "Braided cotton rope with two knots, made for this test of the response cache.",
        price: "$12.99",
        rating: "4.5",
        materialType: "durable",
        features: ["interactive"],
        ageRecommendation: "adult",
        suitableFor: "medium",
      }),
    });
    expect(created.status).toBe(201);
    const after = await get("/api/toys?search=Cache%20Test%20Rope");
    expect(after.headers.get("x-cache")).toBe("miss");
    const body = await after.json();
    expect((body.items ?? body).map((toy: { name: string }) => toy.name)).toEqual(["Cache Test Rope"]);
  });

  it("never answers a private read from the cache", async () => {
    expect((await get("/api/admin/session")).status).toBe(401);
    const again = await get("/api/admin/session");
    expect(again.status).toBe(401);
    expect(again.headers.get("x-cache")).toBeNull();
    const cookie = await adminCookie(server);
    const signedIn = await get("/api/admin/session", { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-cache")).toBeNull();
  });
});

describe("the anonymous response cache: one render per URL at a time", () => {
  let clock = 0;
  let slowRenders = 0;
  let failNext = false;
  const readCache = createReadCache({ ttlMs: 1_000 });
  let url = "";
  let close = () => {};

  beforeAll(async () => {
    const app = express();
    app.use(
      anonymousResponseCache({
        readCache,
        ttlMs: 1_000,
        sessionCookie: "pawsome_session",
        now: () => clock,
      }).middleware,
    );
    app.get("/slow", async (_req, res) => {
      slowRenders += 1;
      const render = slowRenders;
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (failNext) {
        failNext = false;
        res.status(503).type("html").send("<p>down</p>");
        return;
      }
      res.type("html").send(`<p>render ${render}</p>`);
    });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => listening.close();
  });
  afterAll(() => close());

  const slow = async () => {
    const res = await fetch(`${url}/slow`);
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
