import { expect, type Page } from "@playwright/test";
import { hydrated } from "./hydration";

/** The admin password the Playwright web server starts with (playwright.config.ts). */
export const ADMIN_PASSWORD = "correct-horse-battery";

/**
 * Signs in through the login API (the browser context keeps the session cookie) and opens the
 * dashboard. The login screen itself is tested, through the UI, in admin-auth.spec.ts; the other
 * admin specs only need a session, and going through the form each time cost a page load and a
 * hydration per test.
 */
export async function signIn(page: Page): Promise<void> {
  const response = await page.request.post("/api/admin/login", { data: { password: ADMIN_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto("/admin/dashboard");
  await hydrated(page);
}
