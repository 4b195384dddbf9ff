import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/hydration";

// The server's first view is final (decision 005, issue 16): a page loaded in the browser makes
// no /api data request until the visitor does something, and with the API unreachable (blocked
// by robots.txt for a crawler, or down) it still shows everything it rendered.

const PAGES: { path: string; content: (page: Page) => ReturnType<Page["getByTestId"]> }[] = [
  { path: "/", content: (page) => page.getByTestId("toy-card") },
  { path: "/products", content: (page) => page.getByTestId("toy-card") },
  { path: "/resources", content: (page) => page.getByRole("article") },
  { path: "/reviews", content: (page) => page.getByRole("article") },
  { path: "/guides", content: (page) => page.getByRole("article") },
  {
    path: "/reviews/ironjaw-tread-chew-review-built-for-power-chewers",
    content: (page) => page.getByRole("heading", { level: 1 }),
  },
];

/** Tracking calls (visit and page view counters) carry no page data. */
const isDataCall = (url: string) => /\/api\//.test(new URL(url).pathname) && !/\/api\/track-/.test(url);

test.describe("the first view", () => {
  for (const { path, content } of PAGES) {
    test(`${path} makes no /api data request on load and hydration @mobile`, async ({ page }) => {
      const calls: string[] = [];
      page.on("request", (request) => {
        if (isDataCall(request.url())) calls.push(request.url());
      });
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      await expect(content(page).first()).toBeVisible();
      expect(calls).toEqual([]);
    });

    test(`${path} keeps all its content with every /api request blocked`, async ({ page }) => {
      await page.route("**/api/**", (route) => route.abort());
      await page.goto(path);
      const count = await content(page).count();
      expect(count).toBeGreaterThan(0);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
      await expect(content(page)).toHaveCount(count);
      await expect(page.getByText(/Failed to load/)).toHaveCount(0);
      await expect(page.getByRole("status")).toHaveCount(0);
    });
  }
});
