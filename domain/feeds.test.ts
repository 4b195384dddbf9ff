import { describe, expect, it } from "vitest";
import { buildRss, buildSitemap, escapeXml } from "./feeds";

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
});
