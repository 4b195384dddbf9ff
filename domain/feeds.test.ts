import { describe, expect, it } from "vitest";
import { buildRss, buildSitemap, escapeXml } from "./feeds";
import { FORBIDDEN_CHARACTERS } from "./text";

/** Characters XML 1.0 does not allow in a document, raw or as a character reference. */
function forbiddenInXml(xml: string): string[] {
  const raw = [...xml].filter((c) => FORBIDDEN_CHARACTERS.test(c));
  const references = [...xml.matchAll(/&#(x[0-9a-f]+|\d+);/gi)]
    .map((m) => String.fromCodePoint(m[1]?.startsWith("x") ? Number.parseInt(m[1].slice(1), 16) : Number(m[1])))
    .filter((c) => FORBIDDEN_CHARACTERS.test(c));
  return [...raw, ...references].map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`);
}

describe("feeds", () => {
  it("escapes XML special characters", () => {
    expect(escapeXml(`Tom & Jerry's <"toys">`)).toBe("Tom &amp; Jerry&apos;s &lt;&quot;toys&quot;&gt;");
  });

  it("builds a urlset with optional lastmod", () => {
    const xml = buildSitemap([{ loc: "https://x.test/a?b=1&c=2" }, { loc: "https://x.test/p", lastmod: "2026-01-05" }]);
    expect(xml).toContain("<loc>https://x.test/a?b=1&amp;c=2</loc>");
    expect(xml).toContain("<lastmod>2026-01-05</lastmod>");
  });

  it("builds RSS items with RFC 822 dates", () => {
    const xml = buildRss({
      title: "T",
      link: "https://x.test/",
      selfLink: "https://x.test/rss.xml",
      description: "D",
      items: [
        {
          title: "A <b>",
          link: "https://x.test/reviews/a",
          description: "E",
          publishedAt: "2026-01-05T12:00:00.000Z",
          category: "review",
        },
      ],
    });
    expect(xml).toContain("<title>A &lt;b&gt;</title>");
    expect(xml).toContain("<pubDate>Mon, 05 Jan 2026 12:00:00 GMT</pubDate>");
    expect(xml).toContain("<lastBuildDate>Mon, 05 Jan 2026 12:00:00 GMT</lastBuildDate>");
  });

  it("drops what XML 1.0 forbids from every text of the feed, keeping tab and line breaks", () => {
    const xml = buildRss({
      title: "Pawsome\u0000 Picks",
      link: "https://x.test/\u0001",
      selfLink: "https://x.test/rss.xml\uFFFE",
      description: "Reviews\u001F and guides",
      items: [
        {
          title: "Best\u000B chew toys",
          link: "https://x.test/reviews/best\u000C",
          description: "Tabs\tand\nlines\r stay\u0008",
          publishedAt: "2026-01-05T12:00:00.000Z",
          category: "review\uFFFF",
        },
      ],
    });
    expect(forbiddenInXml(xml)).toEqual([]);
    expect(xml).toContain("<title>Best chew toys</title>");
    expect(xml).toContain("<title>Pawsome Picks</title>");
    expect(xml).toContain("<link>https://x.test/reviews/best</link>");
    expect(xml).toContain("<category>review</category>");
    expect(xml).toContain("<description>Tabs\tand\nlines\r stay</description>");
  });

  it("drops them from the sitemap too", () => {
    const xml = buildSitemap([{ loc: "https://x.test/\u000Bguides", lastmod: "2026-01-05\u0007" }]);
    expect(forbiddenInXml(xml)).toEqual([]);
    expect(xml).toContain("<loc>https://x.test/guides</loc>");
    expect(xml).toContain("<lastmod>2026-01-05</lastmod>");
  });

  it("the check itself sees a forbidden character, raw or as a reference", () => {
    expect(forbiddenInXml("<a>\u000B</a>")).toEqual(["U+000B"]);
    expect(forbiddenInXml("<a>&#11;&#x1f;&#10;</a>")).toEqual(["U+000B", "U+001F"]);
  });
});
