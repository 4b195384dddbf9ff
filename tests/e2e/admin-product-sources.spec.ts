import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { type FeedServer, feedItem, rssFeed, startFeedServer } from "../support/feed-server";
import { signIn } from "./support/admin";
import { E2E_FEED_PORT, E2E_FEED_URL } from "./support/feed";
import { hydrated } from "./support/hydration";

// Issue 27, the owner's side of the product sync: a local product feed connected in the settings,
// a product's retailer item id typed on the product form, "Sync now" on the Product sources page,
// and the feed's price with its time stamp on the toy's page, and with its source, time and
// history back on the product form.

/** A product of this test's own, under a name and feed id no other test or run uses. */
async function createToy(page: Page, tag: string): Promise<{ id: number; name: string; slug: string }> {
  const res = await page.request.post("/api/toys", {
    data: {
      name: `Feed Synced Toy ${tag}`,
      description: "A toy whose price comes from a product feed.",
      details: "A rubber ball that another affiliate programme sells, with its price in a product feed.",
      price: "$10.00",
      rating: "4.0",
      reviewCount: 0,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test.describe("product sources", () => {
  // started by the one test that syncs: the feed's port is one per site, and the projects run
  // this file's tests in parallel workers
  let feed: FeedServer | null = null;
  let toyId: number | null = null;

  test.afterEach(async ({ page }) => {
    // to the trash, so a retry's sync counts only its own product; the feed back to none
    if (toyId !== null) {
      await page.request.delete(`/api/toys/${toyId}`);
      await page.request.put("/api/admin/settings", { data: { feedUrls: null } });
    }
    toyId = null;
    await feed?.close();
    feed = null;
  });

  test("the owner connects a feed in the settings, syncs it now, and sees its price with its stamp on the toy page", async ({
    page,
  }) => {
    // until the test says otherwise, an empty feed: a scheduled sync meanwhile changes nothing
    const served = await startFeedServer({ port: E2E_FEED_PORT });
    feed = served;
    served.feed.body = rssFeed([]);
    await signIn(page);
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const toy = await createToy(page, tag);
    toyId = toy.id;
    const itemId = `E2E-${tag}`;

    // the feed, connected in the settings: no restart, no server configuration
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await hydrated(page);
    const feeds = page.getByRole("region", { name: "Product feeds" });
    await expect(feeds).toContainText("No product feed is set up.");
    await feeds.getByRole("textbox", { name: "Feed addresses" }).fill(E2E_FEED_URL);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    await expect(feeds.getByRole("textbox", { name: "Feed addresses" })).toHaveValue(E2E_FEED_URL);
    await expect(feeds).toContainText("Your setting above applies");

    // The schedule's first run is due as soon as a source exists: a run of this test's own, from
    // the empty feed, makes sure none comes between the feed's new price and "Sync now" below.
    // (A scheduled run under way answers 409 for the moment it takes.)
    await expect.poll(async () => (await page.request.post("/api/admin/product-sync")).status()).toBe(200);

    // the retailer item id, typed on the product form; a save is the owner's own confirmation
    await page.goto(`/admin/products/${toy.id}`);
    await hydrated(page);
    await expect(page.getByTestId("price-source")).toHaveText("You (typed)");
    await page.getByLabel("Retailer item id").fill(`  ${itemId} `);
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);

    served.feed.body = rssFeed([
      feedItem(itemId, { price: "17.25 USD", availability: "in_stock", link: "https://shop.example/e2e-ball" }),
    ]);

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Product sources" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product sources");
    await hydrated(page);
    await expect(page.getByTestId("feed-sources")).toHaveText(E2E_FEED_URL);
    await expect(page.getByTestId("amazon-source")).toContainText("Not set up");

    const button = page.getByRole("button", { name: "Sync now" });
    await button.click();
    const status = page.getByRole("status").filter({ hasText: "Sync finished" });
    await expect(status).toHaveText("Sync finished: 1 checked, 1 updated, 0 unavailable, 0 failed");
    await expect(page.getByRole("button", { name: "Sync now" })).toBeEnabled();

    // the run heads the table, with its counts; its problems (none here) fold away
    const runs = page.getByRole("table", { name: "The last syncs, newest first" });
    const newest = runs.getByTestId("sync-run").first();
    await expect(newest).toContainText("Manual");
    await expect(newest).toContainText("Finished");
    await expect(newest).toContainText(/checked\s*1/);
    await expect(newest).toContainText(/updated\s*1/);

    // the toy's page: the feed's price, with the time it was confirmed
    await page.goto(`/toys/${toy.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(toy.name);
    const price = page.getByRole("main").locator("p").filter({ hasText: "$17.25" }).first();
    await expect(price).toContainText(/\$17\.25 · price as of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC/);
    await expect(price.getByRole("button", { name: /^price as of / })).toBeVisible();

    // the product: the feed's price, its source, the time it was confirmed, and a history row
    await page.goto(`/admin/products/${toy.id}`);
    await hydrated(page);
    await expect(page.getByLabel("Price", { exact: true })).toHaveValue("$17.25");
    await expect(page.getByLabel("Retailer item id")).toHaveValue(itemId);
    await expect(page.getByTestId("price-source")).toHaveText("Product feed");
    const confirmed = page.getByTestId("price-confirmed").locator("time");
    await expect(confirmed).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    const at = Date.parse((await confirmed.getAttribute("datetime")) ?? "");
    expect(Date.now() - at).toBeLessThan(5 * 60_000);

    await page.locator("summary", { hasText: "Price history" }).click();
    const history = page.getByRole("table", { name: /each time a source changed one/ });
    await expect(history.getByRole("row")).toHaveCount(2);
    const row = history.getByRole("row").nth(1);
    await expect(row).toContainText("Product feed");
    await expect(row).toContainText("$17.25");
    await expect(row).toContainText("In stock");
    await expect(row.getByRole("link", { name: "https://shop.example/e2e-ball" })).toBeVisible();

    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test("the page fits a phone, and reads well without a sync of its own @mobile", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/product-sources");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product sources");
    await expect(page.getByRole("heading", { name: "Configured sources" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sync now" })).toBeEnabled();
    // nothing wider than the screen: on a phone innerWidth grows with whatever overflows
    const width = page.viewportSize()?.width ?? 0;
    const widest = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
    expect(widest).toBeLessThanOrEqual(width);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });
});
