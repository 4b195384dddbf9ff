import { expect, test } from "@playwright/test";
import { buildRss } from "../../domain/feeds";
import { demoPosts } from "../../server/db/seed/demo/posts";
import { hydrated } from "./support/hydration";

test.describe("public shell", () => {
  test("home loads with its title, header and footer @mobile", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle("Pawsome Picks | Best Toys for Dogs");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Pawsome Picks home" })).toHaveAttribute("href", "/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toBeVisible();
    const footerLinks: [string, string][] = [
      ["Home", "/"],
      ["All Products", "/products"],
      ["Guides", "/guides"],
      ["Reviews", "/reviews"],
      ["Toy Matchmaker Quiz", "/quiz"],
      ["Healthy Toys", "/products?category=1"],
      ["Puzzle Toys", "/products?category=2"],
      ["Durable Toys", "/products?category=3"],
      ["Water Toys", "/products?category=4"],
      ["Fetch Toys", "/products?category=5"],
      ["About Us", "/about"],
      ["Contact", "/contact"],
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Affiliate Disclosure", "/affiliate-disclosure"],
    ];
    for (const [name, href] of footerLinks) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(footer).toContainText("As an Amazon Associate");
  });

  test("footer shows the current year", async ({ page }) => {
    await page.goto("/");
    const year = String(new Date().getFullYear());
    await expect(page.getByTestId("copyright")).toHaveText(`© ${year} Pawsome Picks. All rights reserved.`);
  });

  test("an unknown path shows the 404 page with its links and status @mobile", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page Not Found | Pawsome Picks");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    const links = page.getByRole("navigation", { name: "Helpful links" });
    for (const href of ["/", "/products", "/resources", "/reviews", "/guides", "/about", "/contact"]) {
      await expect(links.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await links.getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("pages carry their own titles", async ({ page }) => {
    const titles: [string, string][] = [
      ["/products", "Dog Toys & Products | Pawsome Picks"],
      ["/resources", "Reviews & Guides | Pawsome Picks"],
      ["/contact", "Contact Us | Pawsome Picks"],
      ["/quiz", "Dog Toy Matchmaker Quiz | Pawsome Picks"],
      ["/privacy", "Privacy Policy | Pawsome Picks"],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });

  test("F8 moves focus to the notification area", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: /Notification/ }).locator("ol")).toBeFocused();
  });
});

test.describe("the RSS feed", () => {
  const review = demoPosts.find((p) => p.postType === "review");
  const FEED_LINK = 'link[rel="alternate"][type="application/rss+xml"][title="Pawsome Picks"][href="/rss.xml"]';

  test("every page links it in its head, in the server's HTML and after hydration", async ({ page, request }) => {
    for (const path of ["/", "/products", `/reviews/${review?.slug}`, "/quiz", "/no-such-page", "/admin/login"]) {
      const head = (await (await request.get(path)).text()).split("</head>")[0] ?? "";
      const feeds = (head.match(/<link [^>]*rel="alternate"[^>]*>/g) ?? []).filter((tag) =>
        tag.includes('type="application/rss+xml"'),
      );
      expect(feeds, path).toHaveLength(1);
      expect(feeds[0], path).toContain('title="Pawsome Picks"');
      expect(feeds[0], path).toContain('href="/rss.xml"');
    }
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator(`head ${FEED_LINK}`)).toHaveCount(1);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator(`head ${FEED_LINK}`)).toHaveCount(1);
  });

  test("is XML a parser accepts, also when a title holds a control character", async ({ page, request }) => {
    const served = await (await request.get("/rss.xml")).text();
    const withControl = buildRss({
      title: "Pawsome Picks",
      link: "https://www.pawsomepicks.com/",
      selfLink: "https://www.pawsomepicks.com/rss.xml",
      description: "Reviews",
      items: [
        {
          title: "Tug toys\u000B ranked",
          link: "https://www.pawsomepicks.com/reviews/tug",
          description: "Rope\u0001 toys",
          publishedAt: "2026-01-05T12:00:00.000Z",
          category: "review",
        },
      ],
    });
    // the browser's own XML parser: it refuses a document with a character XML does not allow
    const parse = (xml: string) =>
      page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        const error = doc.querySelector("parsererror");
        return error
          ? `error: ${error.textContent}`
          : [...doc.querySelectorAll("item > title")].map((t) => t.textContent);
      }, xml);
    expect(await parse(served)).toContain(review?.title);
    expect(await parse(withControl)).toEqual(["Tug toys ranked"]);
  });
});

test.describe("navigation", () => {
  test("desktop header links navigate and highlight the active page", async ({ page, isMobile }) => {
    test.skip(isMobile, "the desktop navigation is hidden on phones");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Reviews & Guides" }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(nav.getByRole("link", { name: "Reviews & Guides" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("mobile menu opens, navigates and closes @mobile", async ({ page, isMobile }) => {
    test.skip(!isMobile, "the menu toggle exists only on small screens");
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Home", "Products", "Reviews & Guides", "Contact"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  });
});
