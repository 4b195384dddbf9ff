import type { Page } from "@playwright/test";
import { hydrated } from "./hydration";

/** The admin password the Playwright web server starts with (playwright.config.ts). */
export const ADMIN_PASSWORD = "correct-horse-battery";

/** Signs in through the login page, as the owner does, and waits for the dashboard. */
export async function signIn(page: Page): Promise<void> {
  await page.goto("/admin/login");
  await hydrated(page);
  await page.getByPlaceholder("Enter admin password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login to Dashboard" }).click();
  await page.waitForURL("**/admin/dashboard");
}
