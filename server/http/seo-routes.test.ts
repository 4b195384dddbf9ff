import { get as httpGet } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_CHARACTERS } from "#domain/text.ts";
import { type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";

let server: SeededTestServer;

beforeAll(async () => {
  server = await startSeededTestServer();
});
afterAll(() => server.close());

describe("search engine files", () => {
  it("robots.txt keeps crawlers out of the admin area and points to the sitemap", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/www\.pawsomepicks\.test\/sitemap\.xml$/m);
  });

  it("sitemap.xml lists every public page and every post", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    for (const path of [
      "/",
      "/products",
      "/resources",
      "/reviews",
      "/guides",
      "/quiz",
      "/contact",
      "/about",
      "/privacy",
      "/terms",
      "/affiliate-disclosure",
    ]) {
      expect(xml).toContain(`<loc>https://www.pawsomepicks.test${path}</loc>`);
    }
    const posts = (await (await fetch(`${server.url}/api/posts`)).json()) as { slug: string; postType: string }[];
    for (const post of posts) {
      const section = post.postType === "guide" ? "guides" : "reviews";
      expect(xml).toContain(`<loc>https://www.pawsomepicks.test/${section}/${post.slug}</loc>`);
    }
    expect(xml).toContain("<loc>https://www.pawsomepicks.test/products?category=1</loc>");
    expect(xml).not.toContain("/admin");
  });

  it("rss.xml is an RSS 2.0 feed of the posts, newest first", async () => {
    const res = await fetch(`${server.url}/rss.xml`);
    expect(res.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    const xml = await res.text();
    expect(xml).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
    expect(xml).toContain(
      '<atom:link href="https://www.pawsomepicks.test/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    const posts = (await (await fetch(`${server.url}/api/posts`)).json()) as { title: string }[];
    const items = xml.match(/<item>/g) ?? [];
    expect(items).toHaveLength(posts.length);
    const firstTitle = xml.match(/<item>\s*<title>([^<]*)<\/title>/)?.[1];
    expect(firstTitle).toBe(posts[0]?.title.replace(/&/g, "&amp;").replace(/'/g, "&apos;"));
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
  });

  it("rss.xml and sitemap.xml stay well-formed when a stored title holds a control character", async () => {
    // The API refuses such text (400), so it can only come from before that rule or another path.
    await server.database.db.execute(sql`insert into posts (title, slug, excerpt, content, post_type, published_at)
      values (${"Tug toys\u000B ranked"}, ${"tug-toys-ranked"}, ${"Which rope\u0001 lasts"}, ${"Body."}, 'review', now())`);
    server.services.readCache.clear();
    const rss = await (await fetch(`${server.url}/rss.xml`)).text();
    expect(rss).toContain("<title>Tug toys ranked</title>");
    expect(rss).toContain("<description>Which rope lasts</description>");
    expect([...rss].filter((c) => FORBIDDEN_CHARACTERS.test(c))).toEqual([]);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("<loc>https://www.pawsomepicks.test/reviews/tug-toys-ranked</loc>");
    expect([...sitemap].filter((c) => FORBIDDEN_CHARACTERS.test(c))).toEqual([]);
  });
});

describe("/favicon.ico", () => {
  it("is the site's icon as an ICO file of 16, 32 and 48 px PNGs, cached for a month and revalidated by ETag", async () => {
    const res = await fetch(`${server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/x-icon");
    expect(res.headers.get("cache-control")).toBe("public, max-age=2592000, stale-while-revalidate=86400");
    const ico = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), three images
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const images = [0, 1, 2].map((n) => {
      const entry = 6 + 16 * n;
      const offset = ico.readUInt32LE(entry + 12);
      const png = ico.subarray(offset, offset + ico.readUInt32LE(entry + 8));
      return { size: ico.readUInt8(entry), width: png.readUInt32BE(16), signature: png.subarray(1, 4).toString() };
    });
    expect(images).toEqual([
      { size: 16, width: 16, signature: "PNG" },
      { size: 32, width: 32, signature: "PNG" },
      { size: 48, width: 48, signature: "PNG" },
    ]);

    // node:http, not fetch: fetch adds "Cache-Control: no-cache" to a conditional request
    const again = await new Promise<number | undefined>((resolve, reject) => {
      httpGet(
        `${server.url}/favicon.ico`,
        { headers: { "if-none-match": res.headers.get("etag") ?? "" } },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode);
        },
      ).on("error", reject);
    });
    expect(again).toBe(304);
    expect((await fetch(`${server.url}/favicon.ico`, { method: "HEAD" })).status).toBe(200);
  });
});
