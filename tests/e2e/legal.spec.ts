import { expect, type Page, test } from "@playwright/test";

// CONTACT_TO of playwright.config.ts
const SUPPORT_EMAIL = "hello@pawsomepicks.com";
const LAST_UPDATED = "Last Updated: April 7, 2024";

const PAGES = [
  { path: "/privacy", heading: "Privacy Policy", title: "Privacy Policy | Pawsome Picks", legal: true },
  { path: "/terms", heading: "Terms of Service", title: "Terms of Service | Pawsome Picks", legal: true },
  {
    path: "/affiliate-disclosure",
    heading: "Affiliate Disclosure",
    title: "Affiliate Disclosure | Pawsome Picks",
    legal: true,
  },
  { path: "/about", heading: "About Pawsome Picks", title: "About Us | Pawsome Picks", legal: false },
];

function content(page: Page) {
  return page.getByRole("main");
}

test.describe("legal and about pages", () => {
  for (const { path, heading, title, legal } of PAGES) {
    test(`${path} shows its heading, title and support e-mail @mobile`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      const main = content(page);
      if (legal) {
        await expect(main.getByText(LAST_UPDATED, { exact: true })).toBeVisible();
      } else {
        await expect(main.getByText(LAST_UPDATED)).toHaveCount(0);
      }
      const mail = main.getByRole("link", { name: SUPPORT_EMAIL }).first();
      await expect(mail).toBeVisible();
      await expect(mail).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    });
  }

  test("the terms have exactly 11 numbered sections, in order, reachable from the contents", async ({ page }) => {
    await page.goto("/terms");
    const sections = content(page).getByRole("heading", { level: 2 });
    await expect(sections).toHaveCount(11);
    const texts = await sections.allTextContents();
    texts.forEach((text, index) => {
      expect(text).toMatch(new RegExp(`^${index + 1}\\. \\S`));
    });
    expect(texts[0]).toBe("1. Acceptance of Terms");
    expect(texts[10]).toBe("11. Contact Us");

    const toc = page.getByRole("navigation", { name: "On this page" });
    await toc.getByRole("link", { name: "11. Contact Us" }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole("heading", { level: 2, name: "11. Contact Us" })).toBeInViewport();
  });

  test("the affiliate disclosure carries the Amazon Associate statement", async ({ page }) => {
    await page.goto("/affiliate-disclosure");
    const main = content(page);
    await expect(
      main.getByText("As an Amazon Associate, Pawsome Picks earns from qualifying purchases.", { exact: true }),
    ).toBeVisible();
    await expect(main).toContainText("Amazon Services LLC Associates Program");
  });

  test("the privacy policy explains what is collected and how to unsubscribe", async ({ page }) => {
    await page.goto("/privacy");
    const main = content(page);
    await expect(main.getByRole("heading", { level: 2, name: "What we collect" })).toBeVisible();
    await expect(main).toContainText("We do not store your IP address.");
    await expect(main).toContainText("Every newsletter e-mail contains an unsubscribe link.");
  });

  test("the about page leads to the quiz, the products and the contact page", async ({ page }) => {
    await page.goto("/about");
    const main = content(page);
    await expect(main.getByRole("link", { name: "Toy Matchmaker Quiz", exact: true })).toHaveAttribute("href", "/quiz");
    await expect(main.getByRole("link", { name: "contact page" })).toHaveAttribute("href", "/contact");
    await expect(main.getByRole("link", { name: "Affiliate Disclosure", exact: true })).toHaveAttribute(
      "href",
      "/affiliate-disclosure",
    );
    await main.getByRole("link", { name: "Take the Toy Matchmaker Quiz" }).click();
    await expect(page).toHaveURL(/\/quiz$/);
  });
});
