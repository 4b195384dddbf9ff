import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN_PASSWORD, signIn } from "./support/admin";
import { hydrated } from "./support/hydration";

// The owner changes the admin password in the admin area (issue 15). This spec has a server of
// its own (playwright.config.ts): the password it changes is the one every other admin spec uses.

const NEW_PASSWORD = "a-brand-new-passphrase";

test.describe.configure({ mode: "serial" });

const current = (page: Page) => page.getByLabel("Current password", { exact: true });
const fresh = (page: Page) => page.getByLabel("New password", { exact: true });
const repeat = (page: Page) => page.getByLabel("Repeat the new password");
const submit = (page: Page) => page.getByRole("button", { name: "Change Password" });

async function signInWith(page: Page, password: string) {
  return page.request.post("/api/admin/login", { data: { password } });
}

test("the admin header leads to 'Change password'; the form explains every mistake under its field", async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole("link", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/admin\/password$/);
  await expect(page.getByRole("heading", { level: 1, name: "Change Password" })).toBeVisible();
  await hydrated(page);

  // nothing filled in: the browser-side check, with focus on the first field
  await submit(page).click();
  await expect(current(page)).toBeFocused();
  await expect(current(page)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter your current password")).toBeVisible();

  await current(page).fill(ADMIN_PASSWORD);
  await fresh(page).fill("short");
  await repeat(page).fill("different-words");
  await submit(page).click();
  await expect(page.getByText("Use at least 8 characters")).toBeVisible();
  await expect(page.getByText("The two new passwords do not match")).toBeVisible();
  await expect(fresh(page)).toBeFocused();

  // the server's verdict on the current password appears under that field
  await current(page).fill("not-the-password");
  await fresh(page).fill(NEW_PASSWORD);
  await repeat(page).fill(NEW_PASSWORD);
  await submit(page).click();
  await expect(page.getByText("The current password is not correct")).toBeVisible();
  await expect(current(page)).toHaveAttribute("aria-invalid", "true");
  expect((await signInWith(page, ADMIN_PASSWORD)).status()).toBe(200);

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});

test("a change keeps this browser signed in, signs out every other one, and the new password works", async ({
  page,
  browser,
}) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage);

  await signIn(page);
  await page.goto("/admin/password");
  await hydrated(page);
  await current(page).fill(ADMIN_PASSWORD);
  await fresh(page).fill(NEW_PASSWORD);
  await repeat(page).fill(NEW_PASSWORD);
  await submit(page).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();
  await expect(current(page)).toHaveValue("");

  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await otherPage.goto("/admin/dashboard");
  await expect(otherPage).toHaveURL(/\/admin\/login$/);
  await other.close();

  expect((await signInWith(page, ADMIN_PASSWORD)).status()).toBe(401);
  expect((await signInWith(page, NEW_PASSWORD)).status()).toBe(200);
});

test("works before the scripts have loaded (a plain form post)", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  expect((await signInWith(page, NEW_PASSWORD)).status()).toBe(200);
  await page.goto("/admin/password");
  await current(page).fill("wrong-current-one");
  await fresh(page).fill(ADMIN_PASSWORD);
  await repeat(page).fill(ADMIN_PASSWORD);
  await submit(page).click();
  await expect(page.getByText("The current password is not correct")).toBeVisible();

  await current(page).fill(NEW_PASSWORD);
  await fresh(page).fill(ADMIN_PASSWORD);
  await repeat(page).fill(ADMIN_PASSWORD);
  await submit(page).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  expect((await signInWith(page, ADMIN_PASSWORD)).status()).toBe(200);
  await context.close();
});
