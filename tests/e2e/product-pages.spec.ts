import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import {
  breadcrumbErrors,
  itemListErrors,
  jsonLdOf,
  ofType,
  productErrors,
  reviewErrors,
} from "./support/rich-results";

// Issue 17: a page for every toy and every breed, buy boxes and comparison tables inside
// posts, and rich results that Google's rules accept. Read-only against the demo content.

interface ApiToy {
  id: number;
  name: string;
  slug: string;
  price: string;
  priceDiscount: string | null;
  rating: string;
  amazonUrl: string | null;
  details: string;
  features: string[];
  materialType: string | null;
  categories: { id: number; name: string }[];
}

const IRONJAW_REVIEW = "/reviews/ironjaw-tread-chew-review-built-for-power-chewers";
const COMPARISON = "/reviews/rubber-vs-nylon-vs-rope-chew-toys-which-is-best";

async function apiToy(page: Page, name: string): Promise<ApiToy> {
  const toys = (await (await page.request.get(`/api/toys?search=${encodeURIComponent(name)}`)).json()) as ApiToy[];
  const toy = toys.find((t) => t.name === name);
  if (!toy) throw new Error(`no demo toy ${name}`);
  return toy;
}

async function meta(page: Page, selector: string, attribute = "content") {
  return page.locator(selector).getAttribute(attribute);
}

test.describe("toy pages", () => {
  test("show everything about the toy, its breeds and posts, with its own SEO data @mobile", async ({ page }) => {
    const toy = await apiToy(page, "Ironjaw Tread Chew");
    const response = await page.goto(`/toys/${toy.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`${toy.name} | Pawsome Picks`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(toy.name);
    await expect(page.getByText(toy.details.split("\n")[0] ?? "", { exact: false }).first()).toBeVisible();
    for (const feature of toy.features)
      await expect(page.getByRole("listitem").filter({ hasText: feature }).first()).toBeVisible();
    await expect(page.getByRole("img", { name: `Rated ${toy.rating} out of 5` }).first()).toBeVisible();
    for (const category of toy.categories) {
      await expect(
        page.getByRole("list", { name: "Categories" }).getByRole("link", { name: category.name }),
      ).toHaveAttribute("href", `/products?category=${category.id}`);
    }
    const amazon = page.getByRole("link", { name: "View on Amazon" });
    await expect(amazon).toHaveAttribute("href", `/go/${toy.id}?from=toy-page`);
    await expect(amazon).toHaveAttribute("rel", "sponsored nofollow noopener");
    await expect(amazon).toHaveAttribute("target", "_blank");

    // the breeds it is recommended for, with the owner's notes, link to their pages
    const breeds = page.locator("section", {
      has: page.getByRole("heading", { name: "Recommended for these breeds" }),
    });
    await expect(breeds.getByRole("link").first()).toHaveAttribute("href", /^\/breeds\/[a-z0-9-]+$/);
    // the review of it, and the comparison that places it
    const posts = page.locator("section", {
      has: page.getByRole("heading", { name: "Reviews and guides about this toy" }),
    });
    await expect(posts.getByRole("link", { name: /Ironjaw Tread Chew Review/ })).toHaveAttribute(
      "href",
      IRONJAW_REVIEW,
    );
    await expect(posts.getByRole("link", { name: /Rubber vs Nylon vs Rope/ })).toHaveAttribute("href", COMPARISON);

    expect(await meta(page, 'link[rel="canonical"]', "href")).toBe(`https://www.pawsomepicks.com/toys/${toy.slug}`);
    expect(await meta(page, 'meta[name="description"]')).toBeTruthy();
    const ogImage = await meta(page, 'meta[property="og:image"]');
    expect(ogImage).toBe(`https://www.pawsomepicks.com/og/toys/${toy.slug}.jpg`);

    const blocks = await jsonLdOf(page);
    expect(productErrors(ofType(blocks, "Product"))).toEqual([]);
    expect(ofType(blocks, "Product")).toMatchObject({
      name: toy.name,
      offers: { priceCurrency: "USD", url: toy.amazonUrl },
    });
    expect(breadcrumbErrors(ofType(blocks, "BreadcrumbList"))).toEqual([]);
  });

  test("answer 404 for an unknown toy, and its social image is a 1200 × 630 JPEG", async ({ page, request }) => {
    const missing = await page.goto("/toys/no-such-toy");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Toy Not Found");
    expect((await request.get("/toys/NOT%20A%20SLUG", { maxRedirects: 0 })).status()).not.toBe(500);

    const toy = await apiToy(page, "Ironjaw Tread Chew");
    const image = await request.get(`/og/toys/${toy.slug}.jpg`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    const bytes = await image.body();
    // JPEG: SOI marker, and a baseline or progressive frame header with 630 × 1200
    expect(bytes.subarray(0, 2).toString("hex")).toBe("ffd8");
    const sof = bytes.findIndex((b, i) => b === 0xff && (bytes[i + 1] === 0xc0 || bytes[i + 1] === 0xc2));
    expect(bytes.readUInt16BE(sof + 5)).toBe(630);
    expect(bytes.readUInt16BE(sof + 7)).toBe(1200);
    expect((await request.get("/og/toys/no-such-toy.jpg")).status()).toBe(404);
  });

  test("every product card leads to its toy page, and /products?id= points there", async ({ page }) => {
    await page.goto("/products");
    const card = page.getByTestId("toy-card").first();
    const name = (await card.getByRole("heading").textContent()) ?? "";
    const toy = await apiToy(page, name);
    await expect(card.getByRole("link", { name })).toHaveAttribute("href", `/toys/${toy.slug}`);

    await page.goto(`/products?id=${toy.id}`);
    expect(await meta(page, 'link[rel="canonical"]', "href")).toBe(`https://www.pawsomepicks.com/toys/${toy.slug}`);
    await expect(page.getByTestId("highlighted-toy").getByRole("link", { name: "View Details" })).toHaveAttribute(
      "href",
      `/toys/${toy.slug}`,
    );
  });

  test("have no accessibility violations", async ({ page }) => {
    await page.goto("/toys/ironjaw-tread-chew");
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});

test.describe("breed pages", () => {
  test("/breeds lists every breed with its size and number of toys @mobile", async ({ page }) => {
    const breeds = (await (await page.request.get("/api/breeds")).json()) as { name: string; slug: string }[];
    await page.goto("/breeds");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Best Dog Toys by Breed");
    const list = page.locator("#breed-list");
    await expect(list.getByRole("listitem")).toHaveCount(breeds.length);
    const beagle = list.getByRole("listitem").filter({ hasText: "Beagle" });
    await expect(beagle.getByRole("link", { name: "Beagle" })).toHaveAttribute("href", "/breeds/beagle");
    await expect(beagle).toContainText(/\d+ recommended toys?/);
    // every demo breed has toys (issue 26): no breed page is empty
    for (const item of await list.getByRole("listitem").all()) {
      await expect(item).not.toContainText(/\b[0-2] recommended toys?\b/);
    }
  });

  test("a breed page is the 'Best toys for' landing page: cards with notes, the quiz, posts, rich results @mobile", async ({
    page,
  }) => {
    const recs = (await (await page.request.get("/api/breeds")).json()) as { id: number; slug: string; name: string }[];
    const beagle = recs.find((b) => b.slug === "beagle");
    const { recommendations } = (await (await page.request.get(`/api/recommendations/${beagle?.id}`)).json()) as {
      recommendations: {
        toy: { name: string; slug: string; id: number; amazonUrl: string | null };
        note: string | null;
      }[];
    };
    await page.goto("/breeds/beagle");
    await expect(page).toHaveTitle("Best Toys for Beagle | Pawsome Picks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Best Toys for Beagle");
    const cards = page.getByTestId("toy-card");
    await expect(cards).toHaveCount(recommendations.length);
    const withNote = recommendations.find((r) => r.note);
    if (withNote?.note) await expect(cards.filter({ hasText: withNote.toy.name })).toContainText(withNote.note);
    const linked = recommendations.find((r) => r.toy.amazonUrl);
    await expect(
      cards.filter({ hasText: linked?.toy.name ?? "" }).getByRole("link", { name: "View on Amazon" }),
    ).toHaveAttribute("href", `/go/${linked?.toy.id}?from=breed:beagle`);
    await expect(page.getByRole("link", { name: "Take the Quiz" })).toHaveAttribute("href", "/quiz");
    expect(await meta(page, 'link[rel="canonical"]', "href")).toBe("https://www.pawsomepicks.com/breeds/beagle");

    const blocks = await jsonLdOf(page);
    const list = ofType(blocks, "ItemList");
    expect(itemListErrors(list)).toEqual([]);
    expect(list?.itemListElement).toHaveLength(recommendations.length);
    expect(breadcrumbErrors(ofType(blocks, "BreadcrumbList"))).toEqual([]);
  });

  // a breed without recommendations (one the owner has just added): tests/e2e/admin-catalogue.spec.ts
  test("an unknown breed is 404", async ({ page }) => {
    expect((await page.goto("/breeds/no-such-breed"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Breed Not Found");
  });

  test("have no accessibility violations", async ({ page }) => {
    for (const path of ["/breeds", "/breeds/beagle"]) {
      await page.goto(path);
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    }
  });
});

test.describe("products inside posts", () => {
  test("a review shows its toy's buy box under the title and at the end, and a Review rich result @mobile", async ({
    page,
  }) => {
    const toy = await apiToy(page, "Ironjaw Tread Chew");
    await page.goto(IRONJAW_REVIEW);
    const boxes = page.getByTestId("buy-box");
    await expect(boxes).toHaveCount(2);
    for (const box of [boxes.first(), boxes.last()]) {
      await expect(box.getByRole("link", { name: toy.name })).toHaveAttribute("href", `/toys/${toy.slug}`);
      const amazon = box.getByRole("link", { name: "View on Amazon" });
      await expect(amazon).toHaveAttribute(
        "href",
        `/go/${toy.id}?from=post:ironjaw-tread-chew-review-built-for-power-chewers`,
      );
      await expect(amazon).toHaveAttribute("rel", "sponsored nofollow noopener");
      await expect(amazon).toHaveAttribute("target", "_blank");
    }
    // the first box sits between the title and the body, the second after the body
    const order = await page.evaluate(() => {
      const article = document.querySelector("article");
      const all = [...(article?.querySelectorAll("h1, [data-testid=buy-box], h2:not([data-testid=buy-box] h2)") ?? [])];
      return all.map((el) => (el.getAttribute("data-testid") ? "box" : el.tagName));
    });
    expect(order[0]).toBe("H1");
    expect(order[1]).toBe("box");
    expect(order.at(-1)).toBe("box");

    const blocks = await jsonLdOf(page);
    const review = ofType(blocks, "Review");
    expect(reviewErrors(review)).toEqual([]);
    expect(review).toMatchObject({
      itemReviewed: { "@type": "Product", name: toy.name },
      reviewRating: { ratingValue: 4.5, bestRating: 5 },
    });
    expect(await meta(page, 'meta[property="og:image"]')).toBe(
      "https://www.pawsomepicks.com/og/posts/ironjaw-tread-chew-review-built-for-power-chewers.jpg",
    );
  });

  test("the comparison post carries a comparison table, one column per toy", async ({ page }) => {
    await page.goto(COMPARISON);
    const table = page.getByTestId("comparison-table").getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveCount(3);
    // product facts only: no quiz words (the Ironjaw's "durable" is none) and, with no Top Pick among
    // them, no row of dashes
    await expect(table.getByRole("rowheader")).toHaveText([
      "Image",
      "Price",
      "Rating",
      "Availability",
      "Material",
      "Dog size",
      "Age",
      "Buy",
    ]);
    await expect(table.getByRole("row", { name: /^Material/ })).toHaveText(/^Material\s*—\s*nylon\s*rope$/);
    const links = table.getByRole("link", { name: "View on Amazon" });
    await expect(links).toHaveCount(3);
    await expect(links.first()).toHaveAttribute(
      "href",
      /^\/go\/\d+\?from=post:rubber-vs-nylon-vs-rope-chew-toys-which-is-best$/,
    );
    expect((await new AxeBuilder({ page }).include("[data-testid=comparison-table]").analyze()).violations).toEqual([]);
  });

  test("guides place buy boxes from the catalogue", async ({ page }) => {
    await page.goto("/guides/the-puppy-teething-toy-guide-for-new-owners");
    await expect(page.getByTestId("buy-box")).toHaveCount(2);
    await page.goto("/guides/keeping-a-senior-dog-mentally-active-with-toys");
    await expect(page.getByTestId("buy-box")).toHaveCount(1);
  });
});

test("home featured cards show price and rating like the catalogue's", async ({ page }) => {
  await page.goto("/");
  const section = page.locator("section", { has: page.getByRole("heading", { name: "Featured Toys" }) });
  const first = section.getByTestId("toy-card").first();
  await expect(first.getByText(/^\$\d+\.\d{2}$/).first()).toBeVisible();
  await expect(first.getByRole("img", { name: /^Rated [\d.]+ out of 5$/ })).toBeVisible();
});
