import { expect, test } from "@playwright/test";

// The storefront's budget: at most 130 KB of gzipped JavaScript for / and /products
// (the browser here asks for gzip over plain HTTP; over HTTPS it gets smaller Brotli).
const JS_BUDGET_BYTES = 130 * 1024;

for (const path of ["/", "/products"]) {
  test(`${path} ships at most 130 KB of gzipped JavaScript`, async ({ page }) => {
    const scripts: Promise<number>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "script") scripts.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const total = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
    console.log(`JS shipped by ${path}: ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeGreaterThan(50 * 1024);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
  });
}
