import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoPosts } from "../../server/db/seed/demo/posts";
import { hydrated } from "./support/hydration";

// Resources, the /reviews and /guides lists and the two detail pages, against the demo
// content (5 reviews, 4 guides, 1 comparison). Lists are server-rendered, then refreshed by
// the browser's GET /api/posts; intercepting that call drives the loading and error states.

const reviews = demoPosts.filter((p) => p.postType === "review");
const guides = demoPosts.filter((p) => p.postType === "guide");
const comparisons = demoPosts.filter((p) => p.postType === "comparison");

function post(slug: string) {
  const found = demoPosts.find((p) => p.slug === slug);
  if (!found) throw new Error(`no demo post ${slug}`);
  return found;
}

const IRONJAW = post("ironjaw-tread-chew-review-built-for-power-chewers");
const BREED_SIZE_GUIDE = post("choosing-dog-toys-by-breed-size");
const COMPARISON = comparisons[0] ?? IRONJAW;

/** A request held until the test lets it go, to look at the page while it is pending. */
function holdRequests(page: Page, url: string | RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ready = page.route(url, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return { ready, release: () => release() };
}

/** Opens /resources through the site's navigation (the mobile menu on phones). */
async function openResourcesFromHeader(page: Page, isMobile: boolean) {
  // a click before hydration is an ordinary page load, with no client-side loading state
  await hydrated(page);
  if (isMobile) {
    await page.locator("summary", { hasText: "Menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Reviews & Guides" }).click();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reviews & Guides" }).click();
  }
}

/** The <main> element of a server-rendered page, as HTML text. */
function mainOf(html: string): string {
  const start = html.indexOf("<main");
  return html.slice(start, html.indexOf("</main>", start));
}

const cards = (scope: Locator) => scope.getByRole("article");
const badgeTexts = (scope: Locator) => cards(scope).locator("span.rounded-full").allTextContents();

test.describe("resources page", () => {
  test("shows every post under All Resources and the tabs filter by type @mobile", async ({ page }) => {
    await page.goto("/resources");
    await expect(page).toHaveTitle("Reviews & Guides | Pawsome Picks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Toy Resources");

    const all = page.getByRole("tab", { name: "All Resources" });
    await expect(all).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(cards(panel)).toHaveCount(demoPosts.length);
    const badges = await badgeTexts(panel);
    expect(badges.filter((b) => b === "Review")).toHaveLength(reviews.length);
    expect(badges.filter((b) => b === "Guide")).toHaveLength(guides.length);
    expect(badges.filter((b) => b === "Comparison")).toHaveLength(comparisons.length);

    await page.getByRole("tab", { name: "Reviews" }).click();
    await expect(page.getByRole("tab", { name: "Reviews" })).toHaveAttribute("aria-selected", "true");
    await expect(cards(page.getByRole("tabpanel"))).toHaveCount(reviews.length);
    expect(new Set(await badgeTexts(page.getByRole("tabpanel")))).toEqual(new Set(["Review"]));
    await expect(page).toHaveURL(/\/resources\?tab=reviews$/);

    await page.getByRole("tab", { name: "Guides" }).click();
    await expect(cards(page.getByRole("tabpanel"))).toHaveCount(guides.length);
    expect(new Set(await badgeTexts(page.getByRole("tabpanel")))).toEqual(new Set(["Guide"]));
    for (const guide of guides) {
      await expect(page.getByRole("tabpanel").getByRole("heading", { name: guide.title })).toBeVisible();
    }

    // Keyboard: arrows move between tabs and select them.
    await page.getByRole("tab", { name: "Guides" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("tab", { name: "Reviews" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Reviews" })).toHaveAttribute("aria-selected", "true");
    await expect(cards(page.getByRole("tabpanel"))).toHaveCount(reviews.length);
  });

  test("a shared ?tab= link opens that tab", async ({ page }) => {
    await page.goto("/resources?tab=guides");
    await expect(page.getByRole("tab", { name: "Guides" })).toHaveAttribute("aria-selected", "true");
    await expect(cards(page.getByRole("tabpanel"))).toHaveCount(guides.length);
  });

  test("cards show the type badge and the date as 'MMM d, yyyy'", async ({ page }) => {
    await page.goto("/resources");
    const guideCard = page.getByRole("article").filter({ hasText: BREED_SIZE_GUIDE.title });
    await expect(guideCard.locator("time")).toHaveText("Jan 5, 2026");
    await expect(guideCard.getByText("Guide", { exact: true })).toBeVisible();
    const reviewCard = page.getByRole("article").filter({ hasText: IRONJAW.title });
    await expect(reviewCard.locator("time")).toHaveText("Feb 9, 2026");
    await expect(reviewCard.getByText("Review", { exact: true })).toBeVisible();
    const comparisonCard = page.getByRole("article").filter({ hasText: COMPARISON.title });
    await expect(comparisonCard.locator("time")).toHaveText("Nov 10, 2026");
    await expect(comparisonCard.getByText("Comparison", { exact: true })).toBeVisible();
  });

  test("cards link to /reviews/{slug} or /guides/{slug}", async ({ page }) => {
    await page.goto("/resources");
    await expect(page.getByRole("link", { name: IRONJAW.title })).toHaveAttribute("href", `/reviews/${IRONJAW.slug}`);
    await expect(page.getByRole("link", { name: COMPARISON.title })).toHaveAttribute(
      "href",
      `/reviews/${COMPARISON.slug}`,
    );
    await page.getByRole("link", { name: BREED_SIZE_GUIDE.title }).click();
    await expect(page).toHaveURL(new RegExp(`/guides/${BREED_SIZE_GUIDE.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(BREED_SIZE_GUIDE.title);

    await page.goBack();
    await page.getByRole("link", { name: IRONJAW.title }).click();
    await expect(page).toHaveURL(new RegExp(`/reviews/${IRONJAW.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(IRONJAW.title);
  });

  test("the first HTML already shows the posts, not the loading state", async ({ request }) => {
    const res = await request.get("/resources");
    expect(res.status()).toBe(200);
    // Inside <main> as sent, not streamed in later behind a fallback.
    const main = mainOf(await res.text());
    for (const p of demoPosts) expect(main).toContain(p.title);
    expect(main).not.toContain("Loading resources...");
  });

  test("shows 'Loading resources...' while the posts load after a navigation", async ({ page, isMobile }) => {
    await page.goto("/contact");
    const held = holdRequests(page, "**/api/posts");
    await held.ready;
    await openResourcesFromHeader(page, isMobile);
    await expect(page).toHaveURL(/\/resources$/);
    await expect(page.getByRole("status").filter({ hasText: "Loading resources..." })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
    held.release();
    await expect(page.getByText("Loading resources...")).toHaveCount(0);
    await expect(cards(page.getByRole("tabpanel"))).toHaveCount(demoPosts.length);
  });

  test("shows the error text when GET /api/posts fails", async ({ page, isMobile }) => {
    await page.goto("/contact");
    await page.route("**/api/posts", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
    );
    await openResourcesFromHeader(page, isMobile);
    await expect(page.getByText("Failed to load resources. Please try again later.")).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test("shows 'No resources found.' when there are no posts", async ({ page, isMobile }) => {
    await page.goto("/contact");
    await page.route("**/api/posts", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "[]" }),
    );
    await openResourcesFromHeader(page, isMobile);
    await expect(page.getByText("No resources found.")).toBeVisible();
  });

  test("a card with a broken image shows the placeholder", async ({ page }) => {
    await page.route(`**${IRONJAW.imageUrl}`, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/resources?tab=reviews");
    const card = page.getByRole("article").filter({ hasText: IRONJAW.title });
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator("img")).toHaveAttribute("src", "/placeholder.svg");
  });

  test("hydration is clean, makes no request of its own and never shows the loading state", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector("main")?.textContent?.includes("Loading resources...")) seen.push("loading");
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/posts")) calls.push(request.url());
    });
    await page.goto("/resources");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(cards(page.getByRole("tabpanel"))).toHaveCount(demoPosts.length);
    // switching tabs changes the address only: the whole list is already there
    await page.getByRole("tab", { name: "Guides" }).click();
    await expect(page).toHaveURL(/\?tab=guides$/);
    await page.getByRole("tab", { name: "All Resources" }).click();
    await expect(page).toHaveURL(/\/resources$/);
    expect(calls).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);
    expect(problems).toEqual([]);
  });

  test("fits a phone screen without sideways scrolling @mobile", async ({ page, isMobile }) => {
    test.skip(!isMobile, "phone layout");
    await page.goto("/resources");
    for (const name of ["All Resources", "Reviews", "Guides"]) {
      const box = await page.getByRole("tab", { name }).boundingBox();
      expect(box?.height ?? 0).toBeLessThan(48); // one line, not wrapped
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe("reviews and guides lists", () => {
  test("/reviews lists the reviews and the comparison, no guides", async ({ page }) => {
    await page.goto("/reviews");
    await expect(page).toHaveTitle("Reviews | Pawsome Picks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Toy Reviews");
    const main = page.getByRole("main");
    await expect(cards(main)).toHaveCount(reviews.length + comparisons.length);
    const badges = await badgeTexts(main);
    expect(badges).not.toContain("Guide");
    expect(badges).toContain("Comparison");
    await expect(main.getByRole("link", { name: BREED_SIZE_GUIDE.title })).toHaveCount(0);
  });

  test("/guides lists only guides", async ({ page }) => {
    await page.goto("/guides");
    await expect(page).toHaveTitle("Guides | Pawsome Picks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Toy Guides");
    const main = page.getByRole("main");
    await expect(cards(main)).toHaveCount(guides.length);
    expect(new Set(await badgeTexts(main))).toEqual(new Set(["Guide"]));
  });

  test("the lists are in the first HTML", async ({ request }) => {
    const reviewsHtml = mainOf(await (await request.get("/reviews")).text());
    expect(reviewsHtml).toContain(IRONJAW.title);
    expect(reviewsHtml).not.toContain(BREED_SIZE_GUIDE.title);
    const guidesHtml = mainOf(await (await request.get("/guides")).text());
    expect(guidesHtml).toContain(BREED_SIZE_GUIDE.title);
    expect(guidesHtml).not.toContain(IRONJAW.title);
  });

  test("/guides shows its loading and error states on navigation", async ({ page }) => {
    await page.goto("/contact");
    await hydrated(page);
    const held = holdRequests(page, "**/api/posts");
    await held.ready;
    await page.getByRole("contentinfo").getByRole("link", { name: "Guides", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading guides..." })).toBeVisible();
    held.release();
    await expect(cards(page.getByRole("main"))).toHaveCount(guides.length);

    await page.goto("/contact");
    await hydrated(page);
    await page.route("**/api/posts", (route) => route.fulfill({ status: 503, body: "" }));
    await page.getByRole("contentinfo").getByRole("link", { name: "Reviews", exact: true }).click();
    await expect(page.getByText("Failed to load reviews. Please try again later.")).toBeVisible();
  });
});

test.describe("review detail", () => {
  test("shows badge, title, date, reading time, hero, formatted content and the back link @mobile", async ({
    page,
    request,
  }) => {
    const res = await page.goto(`/reviews/${IRONJAW.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(`${IRONJAW.title} | Pawsome Picks`);
    const article = page.getByRole("article");
    await expect(article.getByText("Review", { exact: true })).toHaveClass(/bg-primary/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(IRONJAW.title);
    await expect(article.locator("time")).toHaveText("February 09, 2026");
    await expect(article.locator("time")).toHaveAttribute("datetime", IRONJAW.publishedAt);
    await expect(article.getByText(`${IRONJAW.readingTime} min read`, { exact: true })).toBeVisible();

    const hero = article.getByRole("img", { name: IRONJAW.title, exact: true });
    await expect(hero).toHaveAttribute("src", IRONJAW.imageUrl ?? "");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    expect((await hero.boundingBox())?.height).toBe(384);
    expect(await hero.evaluate((img) => getComputedStyle(img).objectFit)).toBe("cover");

    // Markdown came out as headings, lists and links with visible styling.
    await expect(article.getByRole("heading", { level: 2, name: "Overview" })).toBeVisible();
    await expect(article.getByRole("heading", { level: 3, name: "Who should skip it" })).toBeVisible();
    const steps = article.locator("h2:text-is('How we tested') + ol");
    await expect(steps.getByRole("listitem")).toHaveCount(5);
    expect(await steps.evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe("decimal");
    const liked = article.locator("h2:text-is('What we liked') + ul");
    await expect(liked.getByRole("listitem")).toHaveCount(5);
    expect(await liked.evaluate((ul) => getComputedStyle(ul).listStyleType)).toBe("disc");
    const h2Size = await article
      .locator("h2")
      .first()
      .evaluate((h) => Number.parseFloat(getComputedStyle(h).fontSize));
    const pSize = await article
      .locator("p")
      .nth(2)
      .evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));
    expect(h2Size).toBeGreaterThan(pSize * 1.2);
    const link = article.getByRole("link", { name: "our guide to toy safety" });
    expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toContain("underline");

    const html = mainOf(await (await request.get(`/reviews/${IRONJAW.slug}`)).text());
    expect(html).toContain(IRONJAW.title);
    expect(html).toContain("February 09, 2026");
    expect(html).toContain("<h2>Overview</h2>");

    await page.getByRole("link", { name: "Back to Reviews" }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Toy Reviews");
  });

  test("carries article SEO data and Review structured data", async ({ page }) => {
    await page.goto(`/reviews/${IRONJAW.slug}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", IRONJAW.excerpt);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/reviews/${IRONJAW.slug}$`),
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    // a raster card made from the post's image (issue 17: social networks show no SVG)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      new RegExp(`/og/posts/${IRONJAW.slug}\\.jpg$`),
    );
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      "content",
      IRONJAW.publishedAt,
    );
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    const review = data.find((d) => d["@type"] === "Review");
    // the review is of the toy it names, with the editor's rating (issue 17)
    expect(review?.itemReviewed).toMatchObject({ "@type": "Product", name: "Ironjaw Tread Chew" });
    expect(review?.reviewRating).toMatchObject({ ratingValue: 4.5, bestRating: 5 });
    expect(review?.datePublished).toBe(IRONJAW.publishedAt);
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(["Home", "Reviews", IRONJAW.title]);
  });

  test("a comparison opens on the review page with its own badge", async ({ page }) => {
    await page.goto(`/reviews/${COMPARISON.slug}`);
    await expect(page.getByRole("article").getByText("Comparison", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COMPARISON.title);
  });

  test("a broken hero image is replaced by the placeholder with a matching alt", async ({ page }) => {
    await page.route(`**${IRONJAW.imageUrl}`, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(`/reviews/${IRONJAW.slug}`);
    const hero = page.getByRole("img", { name: `${IRONJAW.title} (Placeholder Image)` });
    await expect(hero).toHaveAttribute("src", "/placeholder.svg");
    expect((await hero.boundingBox())?.height).toBe(384);
  });

  test("an unknown slug answers 404 with the Review Not Found screen @mobile", async ({ page }) => {
    const res = await page.goto("/reviews/no-such-review");
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle("Review Not Found | Pawsome Picks");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review Not Found");
    await expect(
      page.getByText("We couldn't find the review you're looking for. It may have been moved or deleted."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Back to Reviews" }).click();
    await expect(page).toHaveURL(/\/reviews$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Toy Reviews");
  });

  test("shows a spinner while a navigation loads the post", async ({ page }) => {
    await page.goto("/reviews");
    const held = holdRequests(page, /\/reviews\/[^/]+\.data\?_routes=routes%2Fpublic%2Freview-detail/);
    await held.ready;
    // a click before hydration is an ordinary page load, with no client-side navigation to hold
    await hydrated(page);
    await page.getByRole("link", { name: IRONJAW.title }).click();
    await expect(page).toHaveURL(new RegExp(`/reviews/${IRONJAW.slug}$`));
    await expect(page.getByRole("status", { name: "Loading review" })).toBeVisible();
    held.release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(IRONJAW.title);
    await expect(page.getByRole("status", { name: "Loading review" })).toHaveCount(0);
    await expect(page).toHaveTitle(`${IRONJAW.title} | Pawsome Picks`);
  });

  test("a failed load on navigation shows the Not Found screen", async ({ page }) => {
    await page.goto("/reviews");
    await page.route(/\.data\?_routes=routes%2Fpublic%2Freview-detail/, (route) => route.abort());
    await hydrated(page);
    await page.getByRole("link", { name: IRONJAW.title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Review Not Found");
    await expect(page.getByRole("link", { name: "Back to Reviews" })).toHaveAttribute("href", "/reviews");
  });
});

test.describe("guide detail", () => {
  test("shows the amber 'Guide' badge and the guide @mobile", async ({ page }) => {
    const res = await page.goto(`/guides/${BREED_SIZE_GUIDE.slug}`);
    expect(res?.status()).toBe(200);
    const article = page.getByRole("article");
    const badge = article.getByText("Guide", { exact: true });
    await expect(badge).toHaveClass(/amber/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(BREED_SIZE_GUIDE.title);
    await expect(article.locator("time")).toHaveText("January 05, 2026");
    await expect(article.getByText(`${BREED_SIZE_GUIDE.readingTime} min read`, { exact: true })).toBeVisible();
    await expect(
      article.getByRole("heading", { level: 2, name: "Why size matters more than you think" }),
    ).toBeVisible();
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
    expect(data.map((d) => d["@type"])).toEqual(["Article", "BreadcrumbList"]);

    await page.getByRole("link", { name: "Back to Guides" }).click();
    await expect(page).toHaveURL(/\/guides$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Toy Guides");
  });

  test("does not filter by type: a review opened as a guide reads 'Guide'", async ({ page }) => {
    const res = await page.goto(`/guides/${IRONJAW.slug}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(IRONJAW.title);
    await expect(page.getByRole("article").getByText("Guide", { exact: true })).toBeVisible();
  });

  test("an unknown slug answers 404 with the Guide Not Found screen", async ({ page }) => {
    const res = await page.goto("/guides/no-such-guide");
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle("Guide Not Found | Pawsome Picks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Guide Not Found");
    await expect(
      page.getByText("We couldn't find the guide you're looking for. It may have been moved or deleted."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Back to Guides" }).click();
    await expect(page).toHaveURL(/\/guides$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Toy Guides");
  });

  test("site links inside a guide navigate without a full page load", async ({ page }) => {
    await page.goto(`/guides/${BREED_SIZE_GUIDE.slug}`);
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole("article").getByRole("link", { name: "our guide to toy safety" }).click();
    await expect(page).toHaveURL(/\/guides\/dog-toy-safety-when-to-throw-a-toy-away$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Toy Safety: When to Throw a Toy Away");
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });
});
