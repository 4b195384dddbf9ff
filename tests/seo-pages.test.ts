import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "../domain/catalog";
import { PAGE_SIZE } from "../domain/catalog-query";
import { adminCookie, type SeededTestServer, startSeededTestServer, TEST_SITE_URL } from "./support/test-server";

// What search engines and social networks read in the server-rendered pages (issue 26): every
// ItemList item is a toy's own canonical page, every page's Open Graph card has its size and
// alt text, sentences built around breed names read right, a review shows each buy box once per
// place with its own name, and no placeholder image where it has none. Needs the production
// build (npm test builds first).

let server: SeededTestServer;
let cookie: string;
type JsonLd = Record<string, unknown>;

beforeAll(async () => {
  server = await startSeededTestServer({ renderPages: true });
  cookie = await adminCookie(server);
}, 120_000);
afterAll(() => server?.close());

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name] ?? "");

async function page(path: string): Promise<string> {
  const res = await fetch(`${server.url}${path}`);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return res.text();
}

/** The content of each <meta> of the page, by its property or name. */
function metaOf(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta [^>]*>/g)) {
    const key = /(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /content="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined) tags.set(key, decode(content));
  }
  return tags;
}

function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "") as JsonLd,
  );
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
const local = (url: string) => url.replace(TEST_SITE_URL, "");

async function sitemapPaths(): Promise<string[]> {
  const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => local(decode(m[1] ?? "")));
}

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function toyNamed(name: string): Promise<Toy> {
  const toys = (await (await fetch(`${server.url}/api/toys?search=${encodeURIComponent(name)}`)).json()) as Toy[];
  const toy = toys.find((t) => t.name === name);
  if (!toy) throw new Error(`no demo toy named ${name}`);
  return toy;
}

/** A published review of `toy` with this body; no image unless one is given. */
async function review(slug: string, toy: Toy, content: string, imageUrl?: string) {
  const created = await admin("POST", "/api/posts", {
    title: `Review ${slug}`,
    slug,
    excerpt: "A review made for the page tests.",
    content,
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
    readingTime: 3,
    postType: "review",
    reviewedToyId: toy.id,
    reviewRating: 4.5,
    ...(imageUrl ? { imageUrl } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return page(`/reviews/${slug}`);
}

const buyBoxNames = (html: string) =>
  [...html.matchAll(/<aside aria-label="([^"]+)" data-testid="buy-box"/g)].map((m) => decode(m[1] ?? ""));

const TOY_PAGE = new RegExp(`^${TEST_SITE_URL}/toys/[a-z0-9-]+$`);

/** The item URLs of every ItemList of the page. */
function itemListUrls(html: string): string[] {
  return jsonLdOf(html)
    .filter((block) => block["@type"] === "ItemList")
    .flatMap((list) => (list.itemListElement as { url: string }[]).map((item) => item.url));
}

describe("every page of the sitemap", () => {
  it("names its Open Graph card with width, height and alt text, and any ItemList points at toy pages", async () => {
    const paths = await sitemapPaths();
    expect(paths.length).toBeGreaterThan(60);
    const problems: string[] = [];
    let items = 0;
    for (const path of paths) {
      const html = await page(path);
      const meta = metaOf(html);
      const image = meta.get("og:image") ?? "";
      if (
        !/^https:\/\/www\.pawsomepicks\.test\/(og\/(posts|toys|breeds)\/[a-z0-9-]+\.jpg|images\/og-default\.jpg)$/.test(
          image,
        )
      ) {
        problems.push(`${path}: og:image ${image}`);
      }
      if (meta.get("og:image:width") !== "1200" || meta.get("og:image:height") !== "630") {
        problems.push(`${path}: og:image size ${meta.get("og:image:width")} x ${meta.get("og:image:height")}`);
      }
      if (!meta.get("og:image:alt")?.trim()) problems.push(`${path}: no og:image:alt`);
      if (meta.get("twitter:image:alt") !== meta.get("og:image:alt")) problems.push(`${path}: twitter:image:alt`);
      for (const url of itemListUrls(html)) {
        items += 1;
        if (!TOY_PAGE.test(url)) problems.push(`${path}: ItemList item ${url}`);
      }
    }
    expect(problems).toEqual([]);
    // the catalogue, its category pages and the breed pages have lists
    expect(items).toBeGreaterThan(50);
  });
});

describe("the catalogue's ItemList", () => {
  it("on a filtered and a later page too, points each item at its toy's canonical page, counting on across pages", async () => {
    for (const path of [
      "/products?category=1&maxPrice=40&sort=price-asc",
      "/products?search=ball",
      "/products?page=2",
    ]) {
      const urls = itemListUrls(await page(path));
      expect(urls.length, path).toBeGreaterThan(0);
      for (const url of urls) expect(url, path).toMatch(TOY_PAGE);
    }
    const second = jsonLdOf(await page("/products?page=2")).find((block) => block["@type"] === "ItemList");
    expect(((second?.itemListElement ?? []) as { position: number }[])[0]?.position).toBe(PAGE_SIZE + 1);
    // an item's address is the page's own canonical, not a duplicate
    const [url = ""] = itemListUrls(await page("/products"));
    expect(canonicalOf(await page(local(url)))).toBe(url);
  });
});

describe("Open Graph", () => {
  it("describes the card: the site's own, or the item's image", async () => {
    expect(metaOf(await page("/about")).get("og:image:alt")).toBe(
      "Pawsome Picks: the best toys for your dog, by breed",
    );
    const toy = await toyNamed("Ironjaw Tread Chew");
    const meta = metaOf(await page(`/toys/${toy.slug}`));
    expect(meta.get("og:image")).toBe(`${TEST_SITE_URL}/og/toys/${toy.slug}.jpg`);
    expect(meta.get("og:image:alt")).toBe(toy.imageAlt || toy.name);
  });

  it("a breed page's description reads 'an Australian Shepherd', 'a Beagle'", async () => {
    expect(metaOf(await page("/breeds/australian-shepherd")).get("description")).toMatch(
      /best toys for an Australian Shepherd,/,
    );
    expect(metaOf(await page("/breeds/beagle")).get("description")).toMatch(/best toys for a Beagle,/);
  });
});

describe("a review's buy boxes", () => {
  it("are under the title and at the end, with names a screen reader tells apart", async () => {
    const html = await page("/reviews/ironjaw-tread-chew-review-built-for-power-chewers");
    expect(buyBoxNames(html)).toEqual(["Buy box: Ironjaw Tread Chew", "Buy box: Ironjaw Tread Chew (end of review)"]);
  });

  it("show once where the body places the reviewed toy itself, not three times", async () => {
    const toy = await toyNamed("Bobbin Buoy Float");
    const html = await review(
      "placed-once",
      toy,
      `Our verdict first, in a sentence or two.\n\n[[toy:${toy.slug}]]\n\nThe rest of it, at some length.`,
    );
    expect(buyBoxNames(html)).toEqual([`Buy box: ${toy.name}`]);
    expect(html.indexOf("Our verdict first.")).toBeLessThan(html.indexOf('data-testid="buy-box"'));
  });
});

describe("a review without an image", () => {
  it("shows no placeholder hero and names no image in its structured data or social card", async () => {
    const toy = await toyNamed("Arcline Ball Launcher");
    const html = await review("no-image-review", toy, "Straight to the point: a review with no picture of its own.");
    const article = html.slice(html.indexOf("<article"), html.indexOf("</article>"));
    expect(article).not.toContain("placeholder.svg");
    expect(article).not.toContain('fetchPriority="high"');
    const reviewLd = jsonLdOf(html).find((block) => block["@type"] === "Review");
    expect(reviewLd).toBeDefined();
    expect(reviewLd).not.toHaveProperty("image");
    expect(JSON.stringify(jsonLdOf(html))).not.toContain("placeholder");
    expect(metaOf(html).get("og:image")).toBe(`${TEST_SITE_URL}/images/og-default.jpg`);

    // with an image, the hero and the structured data show it
    const pictured = await review(
      "pictured-review",
      toy,
      "With a picture, so the hero and the structured data show it.",
      "/images/demo/toys/arcline-ball-launcher.svg",
    );
    expect(pictured).toContain('src="/images/demo/toys/arcline-ball-launcher.svg" alt="Review pictured-review"');
    expect(jsonLdOf(pictured).find((block) => block["@type"] === "Review")).toMatchObject({
      image: `${TEST_SITE_URL}/images/demo/toys/arcline-ball-launcher.svg`,
    });
  });
});
