import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/admin";

// Issue 16, "the admin area, one pattern": a persistent navigation to every admin area, one page
// header with breadcrumbs, and one way of saying "not found" inside the admin shell.
const AREAS = [
  { link: "Dashboard", path: "/admin/dashboard", heading: "Admin Dashboard" },
  { link: "Posts", path: "/admin/posts", heading: "Posts" },
  { link: "Products", path: "/admin/products", heading: "Products" },
  { link: "Categories", path: "/admin/categories", heading: "Categories" },
  { link: "Breeds", path: "/admin/breeds", heading: "Breeds" },
  { link: "Media", path: "/admin/media", heading: "Media Library" },
  { link: "Quiz submissions", path: "/admin/quiz-submissions", heading: "Quiz Submissions" },
] as const;

test("every admin area is one click away from every other, and the current one is marked @mobile", async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  for (const area of AREAS) {
    await nav.getByRole("link", { name: area.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${area.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(area.heading);
    await expect(nav.getByRole("link", { name: area.link, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
    // the account actions stay in the bar on every page
    await expect(page.getByRole("link", { name: "View site" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  }
  // a page deeper in an area marks its area
  await page.goto("/admin/posts/new");
  await expect(nav.getByRole("link", { name: "Posts", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link")).toHaveText([
    "Dashboard",
    "Posts",
  ]);
  // the bar fits a phone without sideways scrolling of the page
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("an unknown post, product or admin page says so inside the admin shell, with a way back", async ({ page }) => {
  await signIn(page);
  for (const [path, heading, back] of [
    ["/admin/posts/999999", "Post Not Found", "Back to Posts"],
    ["/admin/products/999999", "Product Not Found", "Back to Products"],
    ["/admin/no-such-page", "Page Not Found", "Back to the dashboard"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    await expect(page.getByRole("link", { name: back })).toBeVisible();
  }
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
});
