import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { EarningsReport } from "../../domain/earnings";
import { demoPosts } from "../../server/db/seed/demo/posts";
import { ADMIN_PASSWORD } from "./support/admin";
import { hydrated } from "./support/hydration";

// Page views per article (issue 28, decision 064): POST /api/track-pageview has no body, so the
// article is read from the Referer the browser sends with it. This walks the site as a visitor
// does, following links without reloading the page, and checks that each page view leaves with
// the address of the page just shown (the Referrer-Policy the site sends lets the full URL go to
// its own origin) and that the owner's report counts it. Other tests view articles on this site
// at the same time, so counts are read before and after and must have grown by at least this walk's.

const GUIDE = demoPosts.find((p) => p.postType === "guide");
if (!GUIDE) throw new Error("the demo content has no guide");

const today = () => new Date().toISOString().slice(0, 10);

async function viewsOf(admin: APIRequestContext, slug: string): Promise<number> {
  const res = await admin.get(`/api/admin/earnings?from=${today()}&to=${today()}&by=post`);
  expect(res.status(), await res.text()).toBe(200);
  const report = (await res.json()) as EarningsReport;
  return report.rows.find((row) => row.key === `post:${slug}`)?.pageViews ?? 0;
}

/** The Referer of each page view the page sends, in order. */
function pageViewReferers(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", async (request) => {
    if (request.url().endsWith("/api/track-pageview") && request.method() === "POST") {
      sent.push((await request.allHeaders()).referer ?? "");
    }
  });
  return sent;
}

test("page views after client-side navigation carry the article's address, and the owner's report counts them", async ({
  page,
  request,
}) => {
  const guide = GUIDE;
  // the owner's session lives in `request`, apart from the page: a signed-in owner is not counted
  expect((await request.post("/api/admin/login", { data: { password: ADMIN_PASSWORD } })).status()).toBe(200);
  const before = await viewsOf(request, guide.slug);
  const referers = pageViewReferers(page);

  const first = await page.goto("/resources");
  expect(first?.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  await hydrated(page);
  await expect.poll(() => referers.length).toBe(1);
  const origin = new URL(page.url()).origin;
  expect(referers[0]).toBe(`${origin}/resources`);

  // a link followed without a page load: the view is sent with the article's address
  await page.getByRole("link", { name: guide.title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title);
  await expect.poll(() => referers.length).toBe(2);
  expect(referers[1]).toBe(`${origin}/guides/${guide.slug}`);

  // back and forward are page views too, each with its own page's address
  await page.goBack();
  await expect.poll(() => referers.length).toBe(3);
  expect(referers[2]).toBe(`${origin}/resources`);
  await page.goForward();
  await expect.poll(() => referers.length).toBe(4);
  expect(referers[3]).toBe(`${origin}/guides/${guide.slug}`);

  await expect.poll(() => viewsOf(request, guide.slug)).toBeGreaterThanOrEqual(before + 2);
});
