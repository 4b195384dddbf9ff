// Crawlers and link previewers: their page loads and clicks are not visits. Headless browsers
// and HTTP libraries are not on the list (they cannot be told from people's own automation);
// the per-IP limit bounds what they can add.
const CRAWLER = new RegExp(
  [
    "bot\\b",
    "bot/",
    "crawl",
    "spider",
    "slurp",
    "archiver",
    "facebookexternalhit",
    "embedly",
    "preview",
    "pingdom",
    "uptime",
    "lighthouse",
    "pagespeed",
    "validator",
    "mediapartners",
    "yandex",
    "baiduspider",
    "semrush",
    "ahrefs",
  ].join("|"),
  "i",
);

/** True for a search engine, SEO tool, uptime monitor or link preview user agent. */
export function isCrawler(userAgent: string | undefined): boolean {
  return userAgent !== undefined && CRAWLER.test(userAgent);
}
