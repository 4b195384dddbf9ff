import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { demoPosts } from "../../server/db/seed/demo/posts";
import { hydrated } from "./support/hydration";

// Every public page: no WCAG A/AA violations (axe), no console errors, and no request to
// any host but this site.
const review = demoPosts.find((p) => p.postType === "review");
const guide = demoPosts.find((p) => p.postType === "guide");
const PAGES = [
  "/",
  "/products",
  "/products?category=3&sort=price-asc",
  "/resources",
  "/reviews",
  "/guides",
  `/reviews/${review?.slug}`,
  `/guides/${guide?.slug}`,
  "/reviews/no-such-review",
  "/contact",
  "/quiz",
  "/about",
  "/privacy",
  "/terms",
  "/affiliate-disclosure",
  "/no-such-page",
];

test.describe("every public page", () => {
  test.describe.configure({ timeout: 60_000 });
  // At 375 px the scan covers the layouts that differ most on a phone (menu, sheet, forms).
  const PHONE_PAGES = new Set(["/", "/products", "/contact", `/reviews/${review?.slug}`, "/quiz"]);
  for (const path of PAGES) {
    const tag = PHONE_PAGES.has(path) ? " @mobile" : "";
    test(`${path} is accessible, clean and self-contained${tag}`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
      const foreign: string[] = [];
      const errors: string[] = [];
      page.on("request", (r) => {
        const url = new URL(r.url());
        if (url.protocol.startsWith("http") && url.origin !== origin) foreign.push(r.url());
      });
      page.on("console", (m) => {
        // a deliberate 404 page logs its own status as a failed resource
        if (m.type() === "error" && !/status of 404/.test(m.text())) errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));

      await page.goto(path);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      expect(results.violations.map((v) => v.id)).toEqual([]);
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
