import { expect, type Locator, type Page, test } from "@playwright/test";
import { formatPrice } from "../../domain/price";
import { hydrated } from "./support/hydration";

interface ApiToy {
  id: number;
  name: string;
  description: string;
  price: string;
  rating: string;
  isTopPick: boolean;
  inStock: boolean;
  categoryId: number | null;
  categories: { id: number; name: string }[];
}

const price = (text: string) => Number(text.replace(/[$,]/g, ""));

async function allToys(page: Page): Promise<ApiToy[]> {
  return (await (await page.request.get("/api/toys")).json()) as ApiToy[];
}

/** The filter panel that is on screen: the sidebar on desktop, the bottom sheet on phones. */
async function openFilters(page: Page, isMobile: boolean): Promise<Locator> {
  // the filters work before the scripts run too (a form sent by 'Apply Filters'); these tests are
  // about what they do once the scripts run: each change applies at once
  await hydrated(page);
  if (!isMobile) return page.getByRole("complementary", { name: "Filters" });
  await page.getByRole("button", { name: /^Filter & Sort \(\d+ products?\)$/ }).click();
  return page.getByRole("dialog", { name: "Filter & Sort" });
}

async function closeFilters(page: Page, isMobile: boolean) {
  if (isMobile) await page.getByRole("button", { name: /^View \d+ Products?$/ }).click();
}

const cardNames = (page: Page) => page.getByTestId("toy-card").getByRole("heading").allTextContents();

test.describe("products page", () => {
  test("shows breadcrumb, title, affiliate note and the first page of toys by name @mobile", async ({ page }) => {
    await page.goto("/products");
    await expect(page).toHaveTitle("Dog Toys & Products | Pawsome Picks");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dog Toys & Products");
    await expect(page.getByText(/Amazon Associate partner/)).toBeVisible();
    const toys = await allToys(page);
    const names = await cardNames(page);
    expect(names).toEqual(toys.slice(0, 24).map((t) => t.name));
    await expect(page.getByText(`${toys.length} products`, { exact: true })).toBeVisible();
  });

  test("cards show price, half-star rating, Top Pick badge and a retailer link in a new tab @mobile", async ({
    page,
  }) => {
    await page.goto("/products?sort=rating-desc");
    const card = page.getByTestId("toy-card").first();
    await expect(card.getByText(/^\$\d+\.\d{2}$/)).toBeVisible();
    await expect(card.getByRole("img", { name: /^Rated [\d.]+ out of 5$/ })).toBeVisible();
    const link = card.getByRole("link", { name: "View on Amazon" });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /sponsored/);
    const topPicks = page.getByTestId("toy-card").filter({ hasText: "Top Pick" });
    expect(await topPicks.count()).toBeGreaterThan(0);

    const toys = await allToys(page);
    const half = toys.find((t) => Number(t.rating) % 1 >= 0.25 && Number(t.rating) % 1 < 0.75);
    if (half) {
      await page.goto(`/products?search=${encodeURIComponent(half.name)}`);
      const stars = page
        .getByTestId("toy-card")
        .first()
        .getByRole("img", { name: `Rated ${Number(half.rating)} out of 5` });
      await expect(stars.locator('[data-star="half"]')).toHaveCount(1);
      await expect(stars.locator('[data-star="full"]')).toHaveCount(Math.floor(Number(half.rating)));
    }
  });

  test("pre-fills the filters from the query string @mobile", async ({ page, isMobile }) => {
    const breeds = (await (await page.request.get("/api/breeds")).json()) as { id: number; name: string }[];
    const beagle = breeds.find((b) => b.name === "Beagle");
    await page.goto(`/products?search=ball&category=5&breed=${beagle?.id}&sort=price-desc&minPrice=5&maxPrice=40`);
    const panel = await openFilters(page, isMobile);
    await expect(panel.getByLabel("Search")).toHaveValue("ball");
    await expect(panel.getByLabel("Category")).toHaveValue("5");
    await expect(panel.getByLabel("Breed")).toHaveValue(String(beagle?.id));
    await expect(panel.getByLabel("Sort By")).toHaveValue("price-desc");
    await expect(panel.getByRole("slider", { name: "Minimum price" })).toHaveValue("5");
    await expect(panel.getByRole("slider", { name: "Maximum price" })).toHaveValue("40");
  });

  test("search matches name and description, case-insensitively", async ({ page, isMobile }) => {
    await page.goto("/products");
    const panel = await openFilters(page, isMobile);
    await panel.getByLabel("Search").fill("BALL");
    await expect(page).toHaveURL(/search=BALL/);
    await closeFilters(page, isMobile);
    const toys = await allToys(page);
    const expected = toys.filter((t) => `${t.name} ${t.description}`.toLowerCase().includes("ball")).map((t) => t.name);
    await expect.poll(() => cardNames(page)).toEqual(expected);
  });

  test("category matches the main category or any linked one @mobile", async ({ page, isMobile }) => {
    await page.goto("/products");
    const panel = await openFilters(page, isMobile);
    await panel.getByLabel("Category").selectOption({ label: "Water Toys" });
    await expect(page).toHaveURL(/category=4/);
    await closeFilters(page, isMobile);
    const toys = await allToys(page);
    const expected = toys.filter((t) => t.categoryId === 4 || t.categories.some((c) => c.id === 4)).map((t) => t.name);
    await expect.poll(() => cardNames(page)).toEqual(expected);
  });

  test("breed shows the toys recommended for that breed", async ({ page, isMobile }) => {
    const breeds = (await (await page.request.get("/api/breeds")).json()) as { id: number; name: string }[];
    const lab = breeds.find((b) => b.name === "Labrador Retriever");
    const recs = (await (await page.request.get(`/api/recommendations/${lab?.id}`)).json()).recommendations as {
      toy: { name: string };
    }[];
    await page.goto("/products");
    const panel = await openFilters(page, isMobile);
    await panel.getByLabel("Breed").selectOption({ label: "Labrador Retriever" });
    await closeFilters(page, isMobile);
    await expect.poll(async () => (await cardNames(page)).sort()).toEqual(recs.map((r) => r.toy.name).sort());
  });

  test("the price slider keeps toys inside the range", async ({ page, isMobile }) => {
    await page.goto("/products");
    // the slider moves the list through React: keys pressed before hydration move only the thumb
    await hydrated(page);
    const panel = await openFilters(page, isMobile);
    const max = panel.getByRole("slider", { name: "Maximum price" });
    await max.focus();
    for (let i = 0; i < 17; i++) await max.press("ArrowLeft"); // 100 -> 15 in steps of 5
    await expect(page).toHaveURL(/maxPrice=15/);
    await expect(panel.getByText("$0 - $15")).toBeVisible();
    await closeFilters(page, isMobile);
    const toys = await allToys(page);
    const expected = toys.filter((t) => price(t.price) <= 15).map((t) => t.name);
    await expect.poll(() => cardNames(page)).toEqual(expected.slice(0, 24));
  });

  test("sorts by price both ways and by rating", async ({ page, isMobile }) => {
    await page.goto("/products");
    for (const [label, check] of [
      ["Price: Low to High", (a: number[]) => a.every((v, i) => i === 0 || (a[i - 1] ?? 0) <= v)],
      ["Price: High to Low", (a: number[]) => a.every((v, i) => i === 0 || (a[i - 1] ?? 0) >= v)],
    ] as const) {
      const panel = await openFilters(page, isMobile);
      await panel.getByLabel("Sort By").selectOption({ label });
      await closeFilters(page, isMobile);
      // the order is the price a visitor sees: a card on sale shows its sale price first (the
      // regular one struck through after it), and sorts by that
      await expect
        .poll(async () =>
          check(
            (
              await page
                .getByTestId("toy-card")
                .evaluateAll((cards) =>
                  cards.map(
                    (card) =>
                      [...card.querySelectorAll("span")].find((s) => /^\$\d[\d,]*\.\d{2}$/.test(s.textContent ?? ""))
                        ?.textContent ?? "",
                  ),
                )
            )
              // an out-of-stock card says so instead of a price (issue 27)
              .filter(Boolean)
              .map(price),
          ),
        )
        .toBe(true);
    }
    const panel = await openFilters(page, isMobile);
    await panel.getByLabel("Sort By").selectOption({ label: "Rating: High to Low" });
    await closeFilters(page, isMobile);
    const toys = await allToys(page);
    const best = [...toys].sort((a, b) => Number(b.rating) - Number(a.rating))[0];
    await expect(page.getByTestId("toy-card").first()).toContainText(String(best?.rating));
  });

  test("no match shows the empty state and 'Clear All Filters' resets everything @mobile", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/products?search=zzzz-no-such-toy&category=2&sort=price-asc&maxPrice=10");
    await expect(page.getByRole("heading", { name: "No products found" })).toBeVisible();
    await expect(page.getByText("Try adjusting your filters or search term")).toBeVisible();
    await page.getByRole("link", { name: "Clear All Filters" }).click();
    await expect(page).toHaveURL(/\/products$/);
    const toys = await allToys(page);
    await expect(page.getByText(`${toys.length} products`, { exact: true })).toBeVisible();
    const panel = await openFilters(page, isMobile);
    await expect(panel.getByLabel("Search")).toHaveValue("");
    await expect(panel.getByLabel("Category")).toHaveValue("all");
    await expect(panel.getByLabel("Breed")).toHaveValue("all");
    await expect(panel.getByLabel("Sort By")).toHaveValue("name");
    await expect(panel.getByRole("slider", { name: "Maximum price" })).toHaveValue("100");
  });

  test("'Clear Filters' in the panel resets too", async ({ page, isMobile }) => {
    await page.goto("/products?category=3&sort=price-desc");
    const panel = await openFilters(page, isMobile);
    await panel.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("filters live in the URL: back and forward restore them", async ({ page, isMobile }) => {
    await page.goto("/products");
    let panel = await openFilters(page, isMobile);
    await panel.getByLabel("Category").selectOption({ label: "Fetch Toys" });
    await expect(page).toHaveURL(/category=5/);
    await panel.getByLabel("Sort By").selectOption({ label: "Price: High to Low" });
    await expect(page).toHaveURL(/category=5&sort=price-desc/);
    await closeFilters(page, isMobile);
    await page.goBack();
    await expect(page).toHaveURL(/category=5$/);
    panel = await openFilters(page, isMobile);
    await expect(panel.getByLabel("Sort By")).toHaveValue("name");
    await closeFilters(page, isMobile);
    await page.goForward();
    await expect(page).toHaveURL(/sort=price-desc/);
  });

  test("pages through the catalogue 24 at a time", async ({ page }) => {
    const toys = await allToys(page);
    expect(toys.length, "the demo catalogue spans more than one page").toBeGreaterThan(24);
    await page.goto("/products");
    await expect(page.getByTestId("toy-card")).toHaveCount(24);
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => cardNames(page)).toEqual(toys.slice(24, 48).map((t) => t.name));
  });

  test("?id= shows that toy's details above the grid", async ({ page }) => {
    const toys = await allToys(page);
    const toy = toys[3] as ApiToy;
    await page.goto(`/products?id=${toy.id}`);
    const detail = page.getByTestId("highlighted-toy");
    await expect(detail.getByRole("heading", { name: toy.name })).toBeVisible();
    // the price with when it was confirmed, or the out-of-stock note in its place (issue 27)
    await expect(detail).toContainText(toy.inStock ? `${toy.price} · price as of` : "Out of stock · as of");
  });

  test("shows six skeleton cards while the catalogue loads", async ({ page }) => {
    await page.goto("/about");
    // a click before hydration would load the catalogue from the server, complete, with no skeletons
    await hydrated(page);
    await page.route("**/api/toys?*", async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "All Products" }).click();
    await expect(page.getByTestId("card-skeleton")).toHaveCount(6);
    await expect(page.getByTestId("toy-card").first()).toBeVisible({ timeout: 10_000 });
  });

  test("a price stored without its '$' shows in the one price format", async ({ page }) => {
    const toys = await allToys(page);
    const [first, second] = toys as [ApiToy, ApiToy];
    await page.route("**/api/toys?*", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "X-Total-Count": "2" },
        body: JSON.stringify([
          { ...first, price: "7.5" },
          { ...second, price: "$1299" },
        ]),
      }),
    );
    // a client-side navigation, so the page asks the (answered) API
    await page.goto("/about");
    await hydrated(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "All Products" }).click();
    const cards = page.getByTestId("toy-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByText("$7.50", { exact: true })).toBeVisible();
    await expect(cards.nth(1).getByText("$1,299.00", { exact: true })).toBeVisible();
    // the server's first view uses the same format
    await page.goto(`/products?id=${first.id}`);
    await expect(
      page.getByTestId("highlighted-toy").getByText(formatPrice(first.price), { exact: true }),
    ).toBeVisible();
  });

  test("a card without an image says so and a broken image falls back to the placeholder", async ({ page }) => {
    const toys = await allToys(page);
    const [first, second] = toys as [ApiToy, ApiToy];
    await page.route("**/api/toys?*", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        headers: { "X-Total-Count": "2" },
        body: JSON.stringify([
          { ...first, imageUrl: null },
          { ...second, imageUrl: "/images/missing-picture.png" },
        ]),
      }),
    );
    // through a client-side navigation, so the page asks the (answered) API
    await page.goto("/about");
    await hydrated(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "All Products" }).click();
    const cards = page.getByTestId("toy-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByText("No image")).toBeVisible();
    await expect(cards.nth(1).getByRole("img", { name: second.name })).toHaveAttribute("src", "/placeholder.svg");
  });
});

test.describe("the catalogue at its edges", () => {
  test("a page past the last one is a 404 with a way to the last page, not an empty list", async ({ page }) => {
    const toys = await allToys(page);
    const lastPage = Math.ceil(toys.length / 24);
    const response = await page.goto("/products?page=999");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page Not Found | Pawsome Picks");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByText("No products found")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go to the last page" })).toHaveAttribute(
      "href",
      `/products?page=${lastPage}`,
    );
    // the last page itself and a filter that matches nothing are pages as before
    expect((await page.request.get(`/products?page=${lastPage}`)).status()).toBe(200);
    expect((await page.request.get("/products?search=zzzz-no-such-toy&page=2")).status()).toBe(200);
  });

  test("one match is '1 product', on the sidebar and the phone's buttons @mobile", async ({ page, isMobile }) => {
    const [toy] = await allToys(page);
    await page.goto(`/products?search=${encodeURIComponent(toy?.name ?? "")}`);
    await expect(page.getByTestId("toy-card")).toHaveCount(1);
    await expect(page.getByText("1 product", { exact: true })).toBeVisible();
    if (isMobile) {
      await page.getByRole("button", { name: "Filter & Sort (1 product)" }).click();
      await expect(page.getByRole("button", { name: "View 1 Product" })).toBeVisible();
    }
  });

  test("a filter chosen while the page's scripts are still on their way is applied once they run", async ({ page }) => {
    // the scripts are held until after the choice, however fast the machine
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
    // not "load": the page may start the held scripts (and wait on them) before its load event
    await page.goto("/products", { waitUntil: "domcontentloaded" });
    const panel = page.getByRole("complementary", { name: "Filters" });
    await panel.getByLabel("Category").selectOption({ label: "Water Toys" });
    release();
    await hydrated(page);
    await expect(page).toHaveURL(/\/products\?category=4$/);
    await expect(panel.getByLabel("Category")).toHaveValue("4");
    const toys = await allToys(page);
    const water = toys.filter((t) => t.categoryId === 4 || t.categories.some((c) => c.id === 4));
    await expect(page.getByTestId("toy-card")).toHaveCount(water.length);
  });
});

test.describe("the catalogue without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters are a form: 'Apply Filters' sends them, sorted at the price a visitor pays", async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, "the sidebar is the desktop's");
    await page.goto("/products");
    const panel = page.getByRole("complementary", { name: "Filters" });
    await panel.getByLabel("Category").selectOption({ label: "Water Toys" });
    await panel.getByLabel("Sort By").selectOption({ label: "Price: Low to High" });
    await panel.getByRole("button", { name: "Apply Filters" }).click();
    await expect(page).toHaveURL(/category=4/);
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(panel.getByLabel("Category")).toHaveValue("4");
    await expect(panel.getByLabel("Sort By")).toHaveValue("price-asc");
    const toys = await allToys(page);
    const water = toys.filter((t) => t.categoryId === 4 || t.categories.some((c) => c.id === 4));
    await expect(page.getByTestId("toy-card")).toHaveCount(water.length);
    await panel.getByRole("link", { name: "Clear Filters" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("on a phone the 'Filter & Sort' button opens the sheet and 'View n Products' sends it @mobile", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, "phone layout");
    await page.goto("/products");
    const toys = await allToys(page);
    await page.getByRole("button", { name: `Filter & Sort (${toys.length} products)` }).click();
    const sheet = page.getByRole("dialog", { name: "Filter & Sort" });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel("Category").selectOption({ label: "Fetch Toys" });
    await sheet.getByRole("button", { name: `View ${toys.length} Products` }).click();
    await expect(page).toHaveURL(/category=5/);
    const fetch = toys.filter((t) => t.categoryId === 5 || t.categories.some((c) => c.id === 5));
    await expect(page.getByRole("button", { name: `Filter & Sort (${fetch.length} products)` })).toBeVisible();
  });
});

test.describe("products page on a phone", () => {
  test("a sticky 'Filter & Sort (n products)' button opens the filters in a bottom sheet @mobile", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, "phone layout");
    await page.goto("/products");
    await expect(page.getByRole("complementary", { name: "Filters" })).toBeHidden();
    const toys = await allToys(page);
    const trigger = page.getByRole("button", { name: `Filter & Sort (${toys.length} products)` });
    await expect(trigger).toBeVisible();
    await trigger.click();
    const sheet = page.getByRole("dialog", { name: "Filter & Sort" });
    await sheet.getByLabel("Category").selectOption({ label: "Water Toys" });
    const count = toys.filter((t) => t.categoryId === 4 || t.categories.some((c) => c.id === 4)).length;
    await expect(sheet.getByRole("button", { name: `View ${count} Products` })).toBeVisible();
    await sheet.getByRole("button", { name: `View ${count} Products` }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("toy-card")).toHaveCount(count);
    await page.mouse.wheel(0, 1500);
    await expect(page.getByRole("button", { name: `Filter & Sort (${count} products)` })).toBeInViewport();
  });

  for (const height of [812, 640]) {
    test(`'View n Products' is in view as soon as the sheet opens, 375×${height} @mobile`, async ({
      page,
      isMobile,
    }) => {
      test.skip(!isMobile, "phone layout");
      await page.setViewportSize({ width: 375, height });
      await page.goto("/products");
      await hydrated(page);
      await page.getByRole("button", { name: /^Filter & Sort \(\d+ products\)$/ }).click();
      const sheet = page.getByRole("dialog", { name: "Filter & Sort" });
      const view = sheet.getByRole("button", { name: /^View \d+ Products$/ });
      await expect(view).toBeVisible();
      // nothing has scrolled the sheet: the button is in view where it is
      expect(await sheet.evaluate((el) => el.scrollTop)).toBe(0);
      await expect(view).toBeInViewport({ ratio: 1 });
      const onTop = await view.evaluate((button) => {
        const box = button.getBoundingClientRect();
        return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest("button") === button;
      });
      expect(onTop).toBe(true);
      // the filters above it still scroll into reach, and the button stays put meanwhile
      await sheet.getByRole("link", { name: "Clear Filters" }).scrollIntoViewIfNeeded();
      await expect(sheet.getByRole("link", { name: "Clear Filters" })).toBeInViewport();
      await expect(view).toBeInViewport({ ratio: 1 });
    });
  }

  test("the desktop sidebar shows from the large breakpoint", async ({ page, isMobile }) => {
    test.skip(isMobile, "desktop layout");
    await page.goto("/products");
    await expect(page.getByRole("complementary", { name: "Filters" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Filter & Sort/ })).toBeHidden();
  });
});
