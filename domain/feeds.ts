import { stripForbiddenCharacters } from "./text";

// sitemap.xml and rss.xml documents, built from plain data.

/**
 * Text as XML 1.0 character data. Characters XML cannot carry at all (control characters,
 * U+FFFE/U+FFFF; not even as a reference) are dropped: the forms refuse them, but a title
 * stored earlier or written by another path would otherwise make the whole feed unreadable.
 */
export function escapeXml(text: string): string {
  return stripForbiddenCharacters(text).replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c,
  );
}

export interface SitemapEntry {
  /** absolute URL */
  loc: string;
  lastmod?: string;
}

/** A sitemaps.org urlset. */
export function buildSitemap(entries: SitemapEntry[]): string {
  const urls = entries
    .map(
      (e) =>
        `  <url>\n    <loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `\n    <lastmod>${escapeXml(e.lastmod)}</lastmod>` : ""}\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export interface RssItem {
  title: string;
  link: string;
  description: string;
  publishedAt: string;
  category: string;
}

export interface RssChannel {
  title: string;
  link: string;
  selfLink: string;
  description: string;
  items: RssItem[];
}

/** An RSS 2.0 feed (dates in RFC 822 form, as the format requires). */
export function buildRss(channel: RssChannel): string {
  const lastBuild = channel.items[0]?.publishedAt ?? new Date(0).toISOString();
  const items = channel.items
    .map((item) =>
      [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(item.link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
        `      <pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate>`,
        `      <category>${escapeXml(item.category)}</category>`,
        `      <description>${escapeXml(item.description)}</description>`,
        "    </item>",
      ].join("\n"),
    )
    .join("\n");
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <atom:link href="${escapeXml(channel.selfLink)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en-us</language>",
    `    <lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>`,
    items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
