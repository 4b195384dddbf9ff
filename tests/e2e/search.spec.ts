import { expect, test } from "@playwright/test";
import { hydrated } from "./support/hydration";

// Issue 28: the header's search box answers as the visitor types (a combobox over a listbox,
// the count announced), the keyboard opens a result, and the phone's menu has the box too.

test("typing in the header box shows instant results; arrow down and Enter open one", async ({ page }) => {
  await page.goto("/about");
  await hydrated(page);
  const header = page.getByRole("banner");
  const box = header.getByRole("combobox", { name: "Search" });
  await box.fill("puzzlepaw treat");
  const list = header.getByRole("listbox", { name: "Search results" });
  await expect(list).toBeVisible();
  await expect(list.getByRole("option").first()).toContainText("Puzzlepaw Treat Maze");
  await expect(header.getByText(/results? for puzzlepaw treat/)).toHaveText(/^\d+ results? for puzzlepaw treat$/);
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /option-0$/);
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/(toys|reviews|guides)\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Puzzlepaw");

  // Escape closes the list; Enter without a chosen option submits to /search
  const again = page.getByRole("banner").getByRole("combobox", { name: "Search" });
  await again.fill("kong");
  await expect(page.getByRole("banner").getByRole("listbox")).toBeVisible();
  await again.press("Escape");
  await expect(page.getByRole("banner").getByRole("listbox")).toBeHidden();
  await again.fill("chewy rop");
  await again.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=chewy\+rop$/);
  await expect(page.getByTestId("search-results").locator("mark").first()).toBeVisible();
});

test("the phone's menu has the search box, and it searches @mobile", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  // opened while the page loads: the scripts starting must leave it open
  await page.locator("summary", { hasText: "Menu" }).click();
  await hydrated(page);
  const menu = page.locator("#mobile-menu");
  const box = menu.getByRole("combobox", { name: "Search" });
  await expect(box).toBeVisible();
  await expect(box).toHaveAttribute("placeholder", "Search");
  await box.fill("beagle");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=beagle$/);
  await expect(page.getByTestId("search-results")).toContainText("Beagle");
});
