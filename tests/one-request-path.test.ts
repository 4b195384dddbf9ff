import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Issue 29: one door. A page from the cache passes the same Express chain as a render, so a
// guard a developer adds to the app applies to cached answers too, with nothing to remember.
// The guards below sit where a new one would be placed last, right before React Router's
// handler (the page cache is inside that handler): every position earlier in the chain is
// passed by a hit as well. Against the real pages (`npm run build` first).

let server: SeededTestServer;
let refusing = false;

/** A new rule: some requests are refused, whatever the page cache holds. */
const refuseWhenAsked: RequestHandler = (_req, res, next) => {
  if (!refusing) return next();
  res.status(451).type("text").send("Unavailable here");
};
/** A new header on every answer. */
const markAnswers: RequestHandler = (_req, res, next) => {
  res.setHeader("X-Guarded", "yes");
  next();
};

beforeAll(async () => {
  server = await startSeededTestServer({
    renderPages: true,
    readCacheTtlMs: 60_000,
    pages: [refuseWhenAsked, markAnswers],
  });
});
afterAll(() => server.close());

const get = (path: string) => fetch(`${server.url}${path}`, { headers: { "accept-encoding": "gzip" } });

describe("a guard added to the app", () => {
  it("applies to a page the cache holds: it is refused, and changed when let through", async () => {
    await get("/guides");
    const hit = await get("/guides");
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-cache")).toBe("hit");
    expect(hit.headers.get("x-guarded")).toBe("yes");

    refusing = true;
    const refused = await get("/guides");
    expect(refused.status).toBe(451);
    expect(refused.headers.get("x-cache")).toBeNull();
    expect(await refused.text()).toBe("Unavailable here");

    refusing = false;
    const again = await get("/guides");
    expect(again.headers.get("x-cache")).toBe("hit");
    expect(await again.text()).toContain("</html>");
  });
});
