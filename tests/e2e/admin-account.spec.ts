import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { startSmtpTestServer } from "../support/smtp-test-server";
import { ADMIN_PASSWORD, signIn } from "./support/admin";
import { hydrated } from "./support/hydration";
import { ACCOUNT_SMTP_PORT } from "./support/ports";

// The owner changes the admin password in the admin area (issue 15), and gets in with an
// e-mailed link while sign-in is throttled (issue 26). This spec has a server of its own
// (playwright.config.ts): the password it changes is the one every other admin spec uses, and
// the throttle it sets off holds for every browser that server does not know.

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

// Last in this file: it leaves this server's sign-in throttled for browsers it does not know.
test("while sign-in is throttled, the owner signs in with a one-time link e-mailed to the owner's address", async ({
  browser,
}) => {
  const smtp = await startSmtpTestServer({ port: ACCOUNT_SMTP_PORT });
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // someone guesses from this address until sign-in is held back for browsers the site does not know
    for (let i = 0; i < 5; i++) expect((await signInWith(page, `guess-${i}`)).status()).toBe(401);
    await page.goto("/admin/login");
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Email me a sign-in link" })).toHaveCount(0);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Login to Dashboard" }).click();
    await expect(page.getByText(/Too many failed login attempts/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    // the offer, by keyboard: Tab from the password field reaches it
    const offer = page.getByRole("button", { name: "Email me a sign-in link" });
    await expect(offer).toBeVisible();
    await expect(offer).toHaveAccessibleDescription(/one-time sign-in link/);
    await page.getByLabel("Password", { exact: true }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(offer).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/sign-in-link$/);
    await expect(page.getByRole("heading", { level: 1, name: "Check the owner's inbox" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("It works once, within 15 minutes.");
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

    // the e-mail reaches the configured owner address (CONTACT_TO) with the link
    const [mail] = await smtp.waitForMessages(1, 10_000);
    expect(mail?.to).toEqual(["hello@pawsomepicks.com"]);
    const link = /https:\/\/www\.pawsomepicks\.com(\/admin\/sign-in-link\?token=[A-Za-z0-9_-]+)/.exec(
      mail?.parsed.text ?? "",
    )?.[1];
    expect(link).toBeDefined();

    // opening it only asks; the session starts with the click
    await page.goto(link ?? "");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Pawsome Picks" })).toBeVisible();
    expect((await page.request.get("/api/admin/session")).status()).toBe(401);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    const signInButton = page.getByRole("button", { name: "Sign in", exact: true });
    await signInButton.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    expect((await page.request.get("/api/admin/session")).status()).toBe(200);

    // once only
    await page.goto(link ?? "");
    await expect(page.getByRole("heading", { level: 1, name: "This sign-in link has been used" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the login page" }).click();
    await expect(page).toHaveURL(/\/admin\/(login|dashboard)$/);
  } finally {
    await context.close();
    await smtp.close();
  }
});
