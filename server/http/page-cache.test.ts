import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";

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

describe("the anonymous page cache", () => {
  it("renders once, then serves the stored page with this response's own nonce", async () => {
    const first = await get("/products?page=2");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstNonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy") ?? "")?.[1];
    const firstHtml = await first.text();
    expect(firstHtml).toContain(`<script nonce="${firstNonce}">${SCRIPT}</script>`);

    const second = await get("/products?page=2");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(firstNonce);
    expect(await second.text()).toBe(firstHtml.replace(`nonce="${firstNonce}"`, `nonce="${nonce}"`));
    expect(renders).toBe(1);
  });

  it("is compressed like any page", async () => {
    await get("/guides");
    const res = await fetch(`${server.url}/guides`, { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("x-page-cache")).toBe("hit");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(await res.text()).toContain("<h1>Toys");
  });

  it("forgets every page when content changes", async () => {
    await get("/reviews");
    expect((await get("/reviews")).headers.get("x-page-cache")).toBe("hit");
    server.services.readCache.clear();
    expect((await get("/reviews")).headers.get("x-page-cache")).toBe("miss");
  });

  it("never stores or serves pages for the signed-in owner, errors or private pages", async () => {
    await get("/about");
    const owner = await get("/about", { cookie: "pawsome_session=abc" });
    expect(owner.headers.get("x-page-cache")).toBeNull();
    await get("/missing");
    expect((await get("/missing")).headers.get("x-page-cache")).toBe("miss");
    await get("/private");
    expect((await get("/private")).headers.get("x-page-cache")).toBe("miss");
  });
});
