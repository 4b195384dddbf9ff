import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/hydration";

// The home page is server-rendered, then refreshed in the browser through the spec's
// API calls; intercepting those calls drives the loading, empty and error states.

const toy = (overrides: Record<string, unknown> = {}) => ({
  id: 9001,
  name: "Test Chew Ring",
  slug: "test-chew-ring",
  description: "A ring for testing.",
  details: "Details long enough for the card.",
  imageUrl: "/images/demo/toys/arcline-ball-launcher.svg",
  price: "$9.99",
  priceDiscount: null,
  rating: "4.5",
  reviewCount: 10,
  amazonUrl: null,
  amazonAsin: null,
  affiliateUrl: null,
  affiliateCode: null,
  isTopPick: true,
  inStock: true,
  isPrimeEligible: false,
  materialType: "rubber",
  features: ["solo"],
  ageRecommendation: "adult",
  suitableFor: "small",
  categoryId: 1,
  categoryName: "Healthy Toys",
  categories: [{ id: 1, name: "Healthy Toys" }],
  ...overrides,
});

async function answer(page: Page, path: string, status: number, body: unknown, delayMs = 0) {
  await page.route(`**${path}`, async (route) => {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  });
}

/**
 * Opens / through a client-side navigation: the page then makes the spec's calls (answered by
 * the routes above). Loaded directly, it shows the server's first view, which is final.
 */
async function openHomeInBrowser(page: Page) {
  await page.goto("/about");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

test.describe("home page", () => {
  test("server-renders every section in order with its own SEO data @mobile", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Featured Toys");
    expect(html).toContain("Featured Reviews and Guides");
    expect(html).not.toContain("Loading featured toys");

    await page.goto("/");
    await expect(page).toHaveTitle("Pawsome Picks | Best Toys for Dogs");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /toys for your dog by breed/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /dog toys/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", "https://www.pawsomepicks.com/");
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    const types = (JSON.parse(jsonLd ?? "{}")["@graph"] as { "@type": string }[]).map((n) => n["@type"]);
    expect(types).toEqual(["WebSite", "Organization"]);

    const headings = await page.locator("main h2").allTextContents();
    const order = [
      "Find Toys for Your Dog's Breed",
      "Featured Toys",
      "Featured Reviews and Guides",
      "Toy Categories",
      "Not sure where to start?",
      "Happy Dogs, Happy Parents",
    ];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);
  });

  test("hero has the three badges, the partnership badge, the breed search anchor and the quiz link", async ({
    page,
  }) => {
    await page.goto("/");
    for (const text of [
      "Breed-specific recommendations",
      "Durability tested",
      "Updated weekly",
      "Official Amazon Associate Partner",
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Find Toys by Breed" })).toHaveAttribute("href", "#breed-search");
    await expect(page.getByRole("link", { name: "Take the Toy Quiz" })).toHaveAttribute("href", "/quiz");
    await expect(page.locator("#breed-search")).toHaveCount(1);
  });
});

test.describe("breed search", () => {
  test("submitting without a breed shows the toast", async ({ page }) => {
    await page.goto("/");
    // the toast needs the page's scripts: a click before hydration submits the plain form
    await hydrated(page);
    await page.getByRole("button", { name: "Find Toys" }).click();
    const toastArea = page.getByRole("region", { name: /Notification/ });
    await expect(toastArea.getByText("Please select a breed", { exact: true })).toBeVisible();
    await expect(toastArea.getByText("You need to select a dog breed to get recommendations")).toBeVisible();
  });

  test("shows the breed, its recommendations with notes, and a link to its products @mobile", async ({ page }) => {
    await page.goto("/");
    // the results in place need the scripts: a search before they run opens the breed's page
    await hydrated(page);
    const breeds = (await (await page.request.get("/api/breeds")).json()) as { id: number; name: string }[];
    const beagle = breeds.find((b) => b.name === "Beagle");
    const recs = (await (await page.request.get(`/api/recommendations/${beagle?.id}`)).json()).recommendations as {
      note: string | null;
      toy: { name: string; description: string };
    }[];

    // held until the busy state has been seen, however slow the machine
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/recommendations/*", async (route) => {
      await released;
      await route.continue();
    });
    await page.getByLabel("Your dog's breed", { exact: true }).selectOption({ label: "Beagle" });
    await page.getByRole("button", { name: "Find Toys" }).click();
    await expect(page.getByRole("button", { name: "Searching..." })).toBeDisabled();
    release();

    const results = page.getByTestId("breed-results");
    await expect(results.getByRole("heading", { name: "Beagle" })).toBeVisible();
    await expect(results.getByRole("img", { name: "Beagle" })).toBeVisible();
    await expect(results.getByTestId("toy-card")).toHaveCount(recs.length);
    const withNote = recs.find((r) => r.note);
    if (withNote?.note) {
      const card = results.getByTestId("toy-card").filter({ hasText: withNote.toy.name });
      await expect(card).toContainText(withNote.note);
      await expect(card).not.toContainText(withNote.toy.description);
    }
    await expect(results.getByRole("link", { name: "Browse All Products" })).toHaveAttribute(
      "href",
      `/products?breed=${beagle?.id}`,
    );
    await expect(results.getByRole("link", { name: "Best toys for Beagle" })).toHaveAttribute("href", "/breeds/beagle");
    await expect(results.getByRole("heading", { name: "Beagle" }).getByRole("link")).toHaveAttribute(
      "href",
      "/breeds/beagle",
    );
    await expect(results).toBeInViewport();
    await expect(page.getByRole("button", { name: "Find Toys" })).toBeEnabled();
  });

  test("a 'Please select a breed' error goes away when a later search succeeds", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Find Toys" }).click();
    const toastArea = page.getByRole("region", { name: /Notification/ });
    const error = toastArea.getByText("Please select a breed", { exact: true });
    await expect(error).toBeVisible();
    await page.getByLabel("Your dog's breed", { exact: true }).selectOption({ label: "Beagle" });
    await page.getByRole("button", { name: "Find Toys" }).click();
    await expect(page.getByTestId("breed-results").getByRole("heading", { name: "Beagle" })).toBeVisible();
    // well before the toast's own 5 seconds are up
    await expect(error).toBeHidden({ timeout: 2_000 });
  });

  test("ids stay unique when a breed's picks include a featured toy @mobile", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const breeds = (await (await page.request.get("/api/breeds")).json()) as { id: number; name: string }[];
    const featuredSection = page.locator("section", { has: page.getByRole("heading", { name: "Featured Toys" }) });
    const featured = new Set(await featuredSection.getByTestId("toy-card").getByRole("heading").allTextContents());
    // a breed whose recommendations repeat a featured toy: the page then shows that toy twice
    let overlapping: string | undefined;
    for (const breed of breeds) {
      const { recommendations } = (await (await page.request.get(`/api/recommendations/${breed.id}`)).json()) as {
        recommendations: { toy: { name: string } }[];
      };
      if (recommendations.some((r) => featured.has(r.toy.name))) {
        overlapping = breed.name;
        break;
      }
    }
    expect(overlapping, "the demo content has a breed whose picks include a featured toy").toBeDefined();

    await page.getByLabel("Your dog's breed", { exact: true }).selectOption({ label: overlapping ?? "" });
    await page.getByRole("button", { name: "Find Toys" }).click();
    await expect(page.getByTestId("breed-results").getByTestId("toy-card").first()).toBeVisible();
    const duplicates = await page.evaluate(() => {
      const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
      return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    });
    expect(duplicates).toEqual([]);
  });

  test("a breed with no recommendations shows the empty state", async ({ page }) => {
    // every demo breed has recommendations: the answer for a breed the owner has just added
    await answer(page, "/api/recommendations/*", 200, {
      breed: {
        id: 5,
        name: "Shih Tzu",
        slug: "shih-tzu",
        description: "Companion dogs.",
        imageUrl: null,
        imageAlt: null,
      },
      recommendations: [],
    });
    await page.goto("/");
    await hydrated(page);
    await page.getByLabel("Your dog's breed", { exact: true }).selectOption({ label: "Shih Tzu" });
    await page.getByRole("button", { name: "Find Toys" }).click();
    const results = page.getByTestId("breed-results");
    await expect(results.getByText("No recommendations found yet")).toBeVisible();
    await expect(
      results.getByText("We're working on adding toy recommendations for this breed. Check back soon!"),
    ).toBeVisible();
    await expect(results.getByTestId("toy-card")).toHaveCount(0);
    // an empty catalogue helps nobody: the button leads to every product instead
    await expect(results.getByRole("link", { name: "Browse All Products" })).toHaveAttribute("href", "/products");
  });

  test("a breed without an image shows the dog icon", async ({ page }) => {
    await answer(page, "/api/recommendations/*", 200, {
      breed: { id: 1, name: "Mystery Mutt", description: "Unknown origins.", imageUrl: null },
      recommendations: [],
    });
    await page.goto("/");
    await hydrated(page);
    await page.getByLabel("Your dog's breed", { exact: true }).selectOption({ index: 1 });
    await page.getByRole("button", { name: "Find Toys" }).click();
    await expect(page.getByTestId("breed-icon")).toBeVisible();
  });

  test("a failed fetch shows the error toast", async ({ page }) => {
    await answer(page, "/api/recommendations/*", 500, { message: "boom" });
    await page.goto("/");
    await hydrated(page);
    await page.getByLabel("Your dog's breed", { exact: true }).selectOption({ label: "Beagle" });
    await page.getByRole("button", { name: "Find Toys" }).click();
    const toastArea = page.getByRole("region", { name: /Notification/ });
    await expect(toastArea.getByText("Error", { exact: true })).toBeVisible();
    await expect(toastArea.getByText("Failed to fetch recommendations. Please try again.")).toBeVisible();
    await expect(page.getByTestId("breed-results")).toHaveCount(0);
  });
});

test.describe("featured toys", () => {
  test("shows the top picks with badge, category chips and a retailer link in a new tab @mobile", async ({ page }) => {
    await page.goto("/");
    const picks = (await (await page.request.get("/api/toys/top-picks")).json()) as { name: string }[];
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Featured Toys" }) });
    await expect(section.getByTestId("toy-card")).toHaveCount(picks.length);
    const first = section.getByTestId("toy-card").first();
    await expect(first.getByText("Top Pick")).toBeVisible();
    await expect(first.getByRole("list", { name: "Categories" }).getByRole("listitem").first()).toBeVisible();
    const amazon = first.getByRole("link", { name: "View on Amazon" });
    await expect(amazon).toHaveAttribute("target", "_blank");
    await expect(amazon).toHaveAttribute("rel", /sponsored/);
    await expect(amazon).toHaveAttribute("href", /^\/go\/\d+\?from=home$/);
    await expect(section.getByRole("link", { name: "View All Products" })).toHaveAttribute("href", "/products");
  });

  test("a toy without a retailer link offers 'View Details'", async ({ page }) => {
    await answer(page, "/api/toys/top-picks", 200, [toy()]);
    await openHomeInBrowser(page);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Featured Toys" }) });
    // every product card leads to the toy's own page (issue 17)
    await expect(section.getByRole("link", { name: "View Details" })).toHaveAttribute("href", "/toys/test-chew-ring");
    await expect(section.getByRole("link", { name: "View on Amazon" })).toHaveCount(0);
  });

  test("shows three skeleton cards while loading", async ({ page }) => {
    await page.goto("/about");
    // a click before hydration would load the home page from the server, complete, with no skeletons
    await hydrated(page);
    // long enough that a busy machine still sees the skeletons before the data arrives
    await page.route("**/api/toys/top-picks", async (route) => {
      await new Promise((r) => setTimeout(r, 5000));
      await route.continue();
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Home", exact: true }).click();
    const loading = page.getByRole("status", { name: "Loading featured toys" });
    await expect(loading.getByTestId("card-skeleton")).toHaveCount(3);
    await expect(page.getByRole("heading", { name: "Featured Toys" })).toBeVisible();
    await expect(loading).toHaveCount(0, { timeout: 10_000 });
  });
});

test.describe("featured reviews and guides", () => {
  test("link reviews to /reviews and guides to /guides with 'MMM dd, yyyy' dates", async ({ page }) => {
    await page.goto("/");
    const featured = (await (await page.request.get("/api/posts/featured")).json()) as {
      slug: string;
      postType: string;
      title: string;
    }[];
    const section = page.locator("#latest-reviews");
    await expect(section.getByRole("article")).toHaveCount(featured.length);
    for (const post of featured) {
      const expected = post.postType === "guide" ? `/guides/${post.slug}` : `/reviews/${post.slug}`;
      await expect(section.getByRole("link", { name: post.title })).toHaveAttribute("href", expected);
    }
    for (const date of await section.locator("time").allTextContents())
      expect(date).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}$/);
    await expect(section.getByRole("link", { name: "View All Content" })).toHaveAttribute("href", "/reviews");
  });

  test("a post type other than guide links to /reviews", async ({ page }) => {
    await answer(page, "/api/posts/featured", 200, [
      {
        id: 1,
        title: "Odd One",
        slug: "odd-one",
        excerpt: "An odd post type.",
        imageUrl: null,
        postType: "comparison",
        publishedAt: "2026-03-05T12:00:00.000Z",
        readingTime: 4,
        categoryId: null,
        authorName: null,
        authorImageUrl: null,
      },
    ]);
    await openHomeInBrowser(page);
    await expect(page.locator("#latest-reviews").getByRole("link", { name: "Odd One" })).toHaveAttribute(
      "href",
      "/reviews/odd-one",
    );
    await expect(page.locator("#latest-reviews time")).toHaveText("Mar 05, 2026");
  });
});

test.describe("toy categories", () => {
  test("shows the first six tiles and 'View All Categories' when there are more", async ({ page }) => {
    await page.goto("/");
    const categories = (await (await page.request.get("/api/categories")).json()) as { id: number; name: string }[];
    expect(categories.length).toBeGreaterThan(6);
    const tiles = page.getByTestId("category-tile");
    await expect(tiles).toHaveCount(6);
    for (const [i, c] of categories.slice(0, 6).entries()) {
      await expect(tiles.nth(i)).toHaveAttribute("href", `/products?category=${c.id}`);
      await expect(tiles.nth(i)).toContainText(c.name);
    }
    await expect(page.getByRole("link", { name: "View All Categories" })).toHaveAttribute("href", "/products");
  });

  test("hides 'View All Categories' with six or fewer and uses a default icon for unknown names", async ({ page }) => {
    await answer(page, "/api/categories", 200, [
      { id: 1, name: "Healthy Toys", description: null, icon: null, imageUrl: null },
      { id: 77, name: "Mystery Box", description: null, icon: null, imageUrl: null },
    ]);
    await openHomeInBrowser(page);
    await expect(page.getByTestId("category-tile")).toHaveCount(2);
    await expect(page.getByRole("link", { name: "View All Categories" })).toHaveCount(0);
    await expect(page.getByTestId("category-tile").nth(1).locator("svg")).toHaveClass(/lucide-dog/);
    await expect(page.getByTestId("category-tile").nth(0).locator("svg")).toHaveClass(/lucide-heart-pulse/);
  });
});

test.describe("quiz call to action and testimonials", () => {
  test("the call to action links to the quiz", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Take the Quiz" })).toHaveAttribute("href", "/quiz");
  });

  test("the carousel shows stars, name and '{breed} Parent', autoplays, pauses and wraps @mobile", async ({ page }) => {
    const testimonials = [1, 2, 3].map((i) => ({
      id: i,
      name: `Owner ${i}`,
      dogBreed: `Breed ${i}`,
      content: `Story number ${i}.`,
      rating: 5,
      imageUrl: null,
    }));
    await answer(page, "/api/testimonials", 200, testimonials);
    await page.clock.install();
    await openHomeInBrowser(page);
    const slide = page.getByTestId("testimonial-slide");
    await expect(slide).toContainText("Owner 1");
    await expect(slide).toContainText("Breed 1 Parent");
    await expect(slide.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();

    await page.clock.runFor(5000);
    await expect(slide).toContainText("Owner 2");
    await page.clock.runFor(5000);
    await expect(slide).toContainText("Owner 3");
    await page.clock.runFor(5000);
    await expect(slide).toContainText("Owner 1");

    await page.getByRole("button", { name: "Pause autoplay" }).click();
    await page.clock.runFor(15000);
    await expect(slide).toContainText("Owner 1");

    await page.getByRole("button", { name: "Previous testimonial" }).click();
    await expect(slide).toContainText("Owner 3");
    await page.getByRole("button", { name: "Next testimonial" }).click();
    await expect(slide).toContainText("Owner 1");
    await page.getByRole("button", { name: "Go to testimonial 2" }).click();
    await expect(slide).toContainText("Owner 2");
    await expect(page.getByRole("button", { name: "Go to testimonial 2" })).toHaveAttribute("aria-current", "true");

    await page.getByRole("button", { name: "Play autoplay" }).click();
    await page.clock.runFor(5000);
    await expect(slide).toContainText("Owner 3");
  });
});

test.describe("testimonial carousel motion (WCAG 2.2.2)", () => {
  const stories = (contents: string[]) =>
    contents.map((content, i) => ({
      id: i + 1,
      name: `Owner ${i + 1}`,
      dogBreed: `Breed ${i + 1}`,
      content,
      rating: 5,
      imageUrl: null,
    }));

  async function openCarousel(page: Page, contents = ["First story.", "Second story.", "Third story."]) {
    await answer(page, "/api/testimonials", 200, stories(contents));
    await page.clock.install();
    await openHomeInBrowser(page);
    const carousel = page.getByTestId("testimonial-carousel");
    await carousel.scrollIntoViewIfNeeded();
    return { carousel, slide: page.getByTestId("testimonial-slide") };
  }

  test("holds while the pointer is over it and while focus is inside, then goes on", async ({ page }) => {
    const { carousel, slide } = await openCarousel(page);
    await expect(page.getByRole("button", { name: "Pause autoplay" })).toBeVisible();

    await carousel.hover();
    await page.clock.runFor(12_000);
    await expect(slide).toContainText("Owner 1");
    await page.mouse.move(1, 1);
    await page.clock.runFor(5000);
    await expect(slide).toContainText("Owner 2");

    await page.getByRole("button", { name: "Next testimonial" }).focus();
    await page.clock.runFor(12_000);
    await expect(slide).toContainText("Owner 2");
    await page.getByRole("link", { name: "Take the Quiz" }).focus();
    await page.clock.runFor(5000);
    await expect(slide).toContainText("Owner 3");
  });

  test("does not rotate by itself under reduced motion; Play still starts it", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const { slide } = await openCarousel(page);
    const play = page.getByRole("button", { name: "Play autoplay" });
    await expect(play).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(slide).toContainText("Owner 1");

    await play.click();
    await expect(page.getByRole("button", { name: "Pause autoplay" })).toBeVisible();
    await page.clock.runFor(5000);
    await expect(slide).toContainText("Owner 2");
  });

  test("keeps its height and its controls still from slide to slide @mobile", async ({ page }) => {
    const long = "This rope toy survived three months of tug with our shepherd. ".repeat(6);
    const { carousel } = await openCarousel(page, ["Short.", long, "A middling story about a ball that squeaks."]);
    const next = page.getByRole("button", { name: "Next testimonial" });
    // page coordinates: scroll anchoring must not hide a jump by moving the page under it
    const top = (locator: typeof next) =>
      locator.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
    const height = () => carousel.evaluate((el) => Math.round(el.getBoundingClientRect().height));
    const seen = new Set<string>();
    for (const dot of [1, 2, 3, 1]) {
      await page.getByRole("button", { name: `Go to testimonial ${dot}` }).click();
      await expect(page.getByTestId("testimonial-slide")).toContainText(`Owner ${dot}`);
      seen.add(`${await top(next)} ${await height()}`);
    }
    expect([...seen]).toHaveLength(1);
  });
});

test.describe("sections on their own", () => {
  test("when their calls fail, featured toys and testimonials hide and the lists show their error texts", async ({
    page,
  }) => {
    for (const path of ["/api/toys/top-picks", "/api/testimonials", "/api/posts/featured", "/api/categories"]) {
      await answer(page, path, 500, { message: "down" });
    }
    await openHomeInBrowser(page);
    await expect(page.getByText("Failed to load reviews. Please try again later.")).toBeVisible();
    await expect(page.getByText("Failed to load categories. Please try again later.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Featured Toys" })).toHaveCount(0);
    await expect(page.getByTestId("testimonial-carousel")).toHaveCount(0);
    // the rest of the page is still there
    await expect(page.getByRole("heading", { name: "Find Toys for Your Dog's Breed" })).toBeVisible();
  });

  test("when their calls return nothing, featured toys and testimonials hide", async ({ page }) => {
    await answer(page, "/api/toys/top-picks", 200, []);
    await answer(page, "/api/testimonials", 200, []);
    await openHomeInBrowser(page);
    await expect(page.getByRole("heading", { name: "Featured Toys" })).toHaveCount(0);
    await expect(page.getByTestId("testimonial-carousel")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Toy Categories" })).toBeVisible();
  });
});

test.describe("the home page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the breed search leads to the chosen breed's page @mobile", async ({ page }) => {
    await page.goto("/");
    const select = page.getByLabel("Your dog's breed", { exact: true });
    await expect(select).toBeEnabled();
    await select.selectOption({ label: "Beagle" });
    await page.getByRole("button", { name: "Find Toys" }).click();
    await expect(page).toHaveURL(/\/breeds\/beagle$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Best Toys for Beagle");
  });
});
