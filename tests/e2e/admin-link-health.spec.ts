import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { type LinkServer, startLinkServer } from "../support/link-server";
import { signIn } from "./support/admin";
import { hydrated } from "./support/hydration";
import { E2E_LINK_PORT } from "./support/links";

// Issue 27, links that work: a product whose retailer link answers 404 (a local shop at the
// address playwright.config.ts lets the admin site reach), "Check links now" on the dashboard,
// and the broken link in the Link health panel with the way to its product.

let shop: LinkServer | null = null;
let toyId: number | null = null;

test.afterEach(async ({ page }) => {
  // to the trash: the next check leaves it alone
  if (toyId !== null) await page.request.delete(`/api/toys/${toyId}`);
  toyId = null;
  await shop?.close();
  shop = null;
});

test("a broken retailer link shows on the dashboard after Check links now, with its product", async ({ page }) => {
  shop = await startLinkServer({ port: E2E_LINK_PORT });
  await signIn(page);
  const name = `Broken Link Ball ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/toys", {
    data: {
      name,
      description: "A ball whose shop page is gone.",
      details: "A rubber ball sold by a shop that took its page down.",
      price: "$9.00",
      rating: "4.0",
      reviewCount: 0,
      amazonUrl: shop.url("/missing"),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  toyId = (await created.json()).id;

  await page.goto("/admin/dashboard");
  await hydrated(page);
  const panel = page.getByRole("region", { name: "Link health" });
  await panel.getByRole("button", { name: "Check links now" }).click();
  await expect(panel.getByRole("status")).toContainText(/Check finished: \d+ checked/);

  const problem = panel.getByTestId("link-problem").filter({ hasText: name });
  await expect(problem).toContainText("Broken (404 Not Found)");
  await expect(problem).toContainText(shop.url("/missing"));
  await expect(problem.getByRole("link", { name })).toHaveAttribute("href", `/admin/products/${toyId}`);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
