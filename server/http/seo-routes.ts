import { buildRss, buildSitemap, type SitemapEntry } from "#domain/feeds.ts";
import { postPath } from "#domain/post-links.ts";
import type { Services } from "#server/services/create-services.ts";
import { setCacheControl } from "./private-answers";
import { createRouter } from "./router";

// Public pages that are not generated from content.
const STATIC_PATHS = [
  "/",
  "/products",
  "/resources",
  "/reviews",
  "/guides",
  "/breeds",
  "/quiz",
  "/contact",
  "/about",
  "/privacy",
  "/terms",
  "/affiliate-disclosure",
];

const FEED_CACHE = "public, max-age=0, s-maxage=300, stale-while-revalidate=600";

/** robots.txt, sitemap.xml and rss.xml for search engines and feed readers. */
export function seoRouter({ catalog, content }: Services, siteUrl: string) {
  const router = createRouter();
  const abs = (path: string) => `${siteUrl}${path}`;

  router.get("/robots.txt", (_req, res) => {
    setCacheControl(res, FEED_CACHE);
    res
      .type("text/plain")
      .send(
        [
          "User-agent: *",
          "Allow: /",
          "Disallow: /admin",
          "Disallow: /api/",
          "Disallow: /go/",
          "",
          `Sitemap: ${abs("/sitemap.xml")}`,
          "",
        ].join("\n"),
      );
  });

  router.get("/sitemap.xml", async (_req, res) => {
    const [posts, categories, pages] = await Promise.all([
      content.listPosts(),
      catalog.listCategories(),
      catalog.listPageDates(),
    ]);
    const entries: SitemapEntry[] = [
      ...STATIC_PATHS.map((path) => ({ loc: abs(path) })),
      ...categories.map((c) => ({ loc: abs(`/products?category=${c.id}`) })),
      ...posts.map((p) => ({ loc: abs(postPath(p)), lastmod: p.updatedAt.slice(0, 10) })),
      ...pages.toys.map((t) => ({ loc: abs(`/toys/${t.slug}`), lastmod: t.updatedAt.slice(0, 10) })),
      ...pages.breeds.map((b) => ({ loc: abs(`/breeds/${b.slug}`), lastmod: b.updatedAt.slice(0, 10) })),
    ];
    setCacheControl(res, FEED_CACHE);
    res.type("application/xml").send(buildSitemap(entries));
  });

  router.get("/rss.xml", async (_req, res) => {
    const posts = await content.listPosts();
    const xml = buildRss({
      title: "Pawsome Picks: dog toy reviews and guides",
      link: abs("/"),
      selfLink: abs("/rss.xml"),
      description: "Honest dog toy reviews, comparisons and practical guides from the Pawsome Picks team.",
      items: posts.map((p) => ({
        title: p.title,
        link: abs(postPath(p)),
        description: p.excerpt,
        publishedAt: p.publishedAt,
        category: p.postType,
      })),
    });
    setCacheControl(res, FEED_CACHE);
    res.type("application/rss+xml").send(xml);
  });

  return router;
}
