import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page (the root sets `data-hydrated` on <html>). Pages work
 * from the server's HTML before that, but a link clicked earlier is an ordinary page load and
 * controls that need JavaScript are still disabled (decision 005): tests of client-side
 * behaviour wait for this first.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 10_000 });
}
