import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Decisions 018 and 068: <ScriptsAfterPaint> changes the elements React Router's <Scripts>
// returns, which are not its public API. Rendered by the build (`npm run build` first) with the
// installed React Router, a page must come out changed: no module preloads, and the bootstrap
// module turned into the starter. If <Scripts> changed shape, the module falls back to it
// unchanged and this fails, so the change is seen rather than silently costing the first paint.

let server: SeededTestServer;
beforeAll(async () => {
  server = await startSeededTestServer({ renderPages: true });
});
afterAll(() => server.close());

describe("the page's scripts, as React Router renders them", () => {
  it("start after the first paint: no module preloads in the page, the bootstrap module is the starter", async () => {
    for (const path of ["/", "/products"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html.includes("window.__reactRouterContext"), path).toBe(true);
      expect(/<link[^>]*rel="modulepreload"/.test(html), path).toBe(false);
      const modules = [...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)];
      expect(modules, path).toHaveLength(1);
      expect(modules[0]?.[1], path).toMatch(/^const preloads=\["\/assets\/[^"]+\.js"/);
      expect(modules[0]?.[1], path).toContain("first-contentful-paint");
    }
  });
});
