import { expect, test } from "@playwright/test";

test("public pages may be cached briefly by a CDN; API reads revalidate", async ({ request }) => {
  for (const path of ["/", "/products", "/resources", "/contact"]) {
    const res = await request.get(path);
    expect(res.headers()["cache-control"], path).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  }
  expect((await request.get("/api/toys")).headers()["cache-control"]).toBe("no-cache");
  const asset = (await (await request.get("/")).text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect((await request.get(asset ?? "/missing")).headers()["cache-control"]).toBe(
    "public, max-age=31536000, immutable",
  );
});
