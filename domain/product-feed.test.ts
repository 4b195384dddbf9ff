import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  decodeEntities,
  type FeedItem,
  parseFeedAvailability,
  parseFeedPrice,
  parseProductFeed,
  parseProductFeedTsv,
  parseProductFeedXml,
} from "./product-feed";

const fixture = (name: string) =>
  readFileSync(new URL(`../tests/fixtures/product-feeds/${name}`, import.meta.url), "utf8");

const usd = (amount: string, display: string) => ({ amount, currency: "USD", display });

const rope: Omit<FeedItem, "line" | "link"> = {
  id: "B07ROPE001",
  title: "Braided Rope Toy & Ball, Large",
  imageLink: "https://cdn.example.com/rope.jpg",
  price: usd("12.99", "$12.99"),
  salePrice: usd("9.99", "$9.99"),
  availability: "in_stock",
  gtin: "0012345678905",
  mpn: "ROPE-L",
  position: 1,
};

describe("parseProductFeed: Merchant Center RSS 2.0 (BOM, CRLF, CDATA, entities)", () => {
  const feed = parseProductFeed(fixture("merchant-rss.xml"));

  it("reads every attribute of a complete item, g:title and g:link over RSS's own", () => {
    expect(feed.format).toBe("rss");
    expect(feed.items[0]).toEqual({
      ...rope,
      link: "https://shop.example.com/products/rope?utm_source=feed&size=l",
      line: 8,
    });
  });

  it("takes the price of the item, never the one nested in g:shipping", () => {
    expect(feed.items[0]?.price?.amount).toBe("12.99");
  });

  it("trims ids, collapses white space, keeps CDATA text and decodes entities in titles", () => {
    expect(feed.items[1]).toMatchObject({
      id: "SQK-200",
      title: 'Squeaky "Hedgehog" <Plush> "Mini"',
      price: usd("1299.00", "$1,299.00"),
      salePrice: null,
      availability: "out_of_stock",
      gtin: null,
      mpn: null,
      position: 2,
    });
    expect(feed.items.find((item) => item.id === "CHEW-3")?.title).toBe(
      "Café Chew\u00a0Bone – Dental".replace("\u00a0", " "),
    );
  });

  it("reports an item without an id and a repeated id with their positions, and keeps the rest", () => {
    expect(feed.items.map((item) => item.id)).toEqual(["B07ROPE001", "SQK-200", "CHEW-3", "TUG-9"]);
    expect(feed.problems.slice(0, 2)).toEqual([
      { position: 3, line: 33, id: null, field: "id", message: "item 3 has no id and was skipped" },
      {
        position: 4,
        line: 38,
        id: "B07ROPE001",
        field: "id",
        message: 'item 4 repeats the id "B07ROPE001" of item 1 and was skipped',
      },
    ]);
  });

  it("keeps an item whose price has no currency or cannot be read, without that price, and says why", () => {
    const chew = feed.items.find((item) => item.id === "CHEW-3");
    expect(chew).toMatchObject({ price: null, availability: "preorder", position: 5 });
    expect(feed.items.find((item) => item.id === "TUG-9")).toMatchObject({
      price: { amount: "8.50", currency: "EUR", display: "€8.50" },
      salePrice: null,
      availability: "backorder",
    });
    expect(feed.problems.slice(2)).toEqual([
      {
        position: 5,
        line: 44,
        id: "CHEW-3",
        field: "price",
        message: 'price: "7.5" has no currency: write it as "7.5 USD"',
      },
      {
        position: 6,
        line: 51,
        id: "TUG-9",
        field: "sale_price",
        message: 'sale_price: "cheap" is not a price: write it as "12.99 USD"',
      },
    ]);
    expect(feed.problemCount).toBe(4);
  });

  it("reads a price without currency in the feed's default currency when one is configured", () => {
    const withDefault = parseProductFeed(fixture("merchant-rss.xml"), { defaultCurrency: "USD" });
    expect(withDefault.items.find((item) => item.id === "CHEW-3")?.price).toEqual(usd("7.50", "$7.50"));
    expect(withDefault.problems.map((problem) => problem.field)).toEqual(["id", "id", "sale_price"]);
  });
});

describe("parseProductFeed: tab-separated file (BOM, CRLF, quoted cells, blank rows)", () => {
  const feed = parseProductFeed(fixture("merchant.tsv"));

  it("reads the header's g:-prefixed names and every attribute of a row", () => {
    expect(feed.format).toBe("tsv");
    expect(feed.items[0]).toEqual({ ...rope, link: "https://shop.example.com/products/rope", line: 2 });
  });

  it("keeps tabs, line breaks and doubled quotes inside a quoted cell, and counts the lines it spans", () => {
    expect(feed.items[1]).toMatchObject({
      id: "SQK-200",
      title: 'Squeaky "Hedgehog" Plush Mini',
      price: { amount: "1299.00", currency: "EUR", display: "€1,299.00" },
      availability: "out_of_stock",
      imageLink: null,
      line: 3,
    });
  });

  it("reports the row without an id, the repeated id and a bad link by line, and keeps the rest", () => {
    expect(feed.items.map((item) => [item.id, item.position, item.line])).toEqual([
      ["B07ROPE001", 1, 2],
      ["SQK-200", 2, 3],
      ["CHEW-3", 5, 8],
      ["TUG-9", 6, 9],
    ]);
    expect(feed.problems).toEqual([
      { position: 3, line: 6, id: null, field: "id", message: "item 3 has no id and was skipped" },
      {
        position: 4,
        line: 7,
        id: "SQK-200",
        field: "id",
        message: 'item 4 repeats the id "SQK-200" of item 2 and was skipped',
      },
      {
        position: 5,
        line: 8,
        id: "CHEW-3",
        field: "price",
        message: 'price: "7.50" has no currency: write it as "7.50 USD"',
      },
      { position: 6, line: 9, id: "TUG-9", field: "link", message: 'link: "not a url" is not an http(s) address' },
    ]);
    expect(feed.items[3]).toMatchObject({ link: null, price: usd("8.50", "$8.50") });
  });

  it("accepts header names as Merchant Center does: any case, spaces for underscores, with or without g:", () => {
    const tsv =
      "ID\tTitle\tImage Link\tG:Sale Price\tprice\tAvailability\nA1\tBall\thttps://x.test/a.png\t3 USD\t4 USD\tin stock\n";
    expect(parseProductFeedTsv(tsv).items[0]).toMatchObject({
      id: "A1",
      title: "Ball",
      imageLink: "https://x.test/a.png",
      price: usd("4.00", "$4.00"),
      salePrice: usd("3.00", "$3.00"),
      availability: "in_stock",
    });
  });

  it("refuses a file whose first row names no id column, saying so", () => {
    const feed = parseProductFeed("title\tprice\nBall\t3 USD\n");
    expect(feed).toEqual({
      format: null,
      items: [],
      problems: [
        {
          position: null,
          line: 1,
          id: null,
          field: "id",
          message: "the first row names no id column: this is not a product feed",
        },
      ],
      problemCount: 1,
    });
  });
});

describe("parseProductFeedXml: what real feeds do", () => {
  const rss = (items: string, namespace = 'xmlns:g="http://base.google.com/ns/1.0"') =>
    `<?xml version="1.0"?><rss version="2.0" ${namespace}><channel><title>S</title>${items}</channel></rss>`;

  it("resolves the namespace, not the prefix: another prefix works, RSS's own <price> is not Google's", () => {
    const feed = parseProductFeedXml(
      rss(
        "<item><gm:id>A</gm:id><price>1.00 USD</price><gm:price>2.00 USD</gm:price><gm:availability>in_stock</gm:availability></item>",
        'xmlns:gm="http://base.google.com/ns/1.0"',
      ),
    );
    expect(feed.items[0]).toMatchObject({ id: "A", price: usd("2.00", "$2.00") });
  });

  it("reads g: written without declaring the namespace, as careless feeds do", () => {
    const feed = parseProductFeedXml(rss("<item><g:id>A</g:id><g:availability>in_stock</g:availability></item>", ""));
    expect(feed.items.map((item) => item.id)).toEqual(["A"]);
  });

  it("reads Atom entries with <link href> and g: attributes", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0"><title>S</title>
      <entry><id>tag:shop,2026:1</id><title>Frisbee</title><link rel="alternate" href="https://shop.test/f"/>
      <g:id>F1</g:id><g:price>6.00 GBP</g:price><g:availability>in_stock</g:availability></entry></feed>`;
    const feed = parseProductFeedXml(atom);
    expect(feed.format).toBe("atom");
    expect(feed.items).toEqual([
      expect.objectContaining({
        id: "F1",
        title: "Frisbee",
        link: "https://shop.test/f",
        price: { amount: "6.00", currency: "GBP", display: "£6.00" },
      }),
    ]);
  });

  it("keeps the items read before a feed that is cut short, and reports the cut item", () => {
    const cut = rss(
      "<item><g:id>A</g:id><g:availability>in_stock</g:availability></item><item><g:id>B</g:id><g:price>1",
    ).slice(0, -"</channel></rss>".length);
    const feed = parseProductFeedXml(cut);
    expect(feed.items.map((item) => item.id)).toEqual(["A"]);
    expect(feed.problems.at(-1)?.message).toBe(
      "the feed ends inside item 2, which was skipped (is the file cut short?)",
    );
  });

  it("never expands entities a DOCTYPE declares (no billion laughs, no file reads)", () => {
    const doctype = `<!DOCTYPE rss [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY x SYSTEM "file:///etc/passwd">]>`;
    const feed = parseProductFeedXml(
      `${doctype}${rss("<item><g:id>A</g:id><g:title>&b; &x;</g:title><g:availability>in_stock</g:availability></item>")}`,
    );
    expect(feed.items[0]?.title).toBe("&b; &x;");
  });

  it("keeps a stray < and an unknown entity as text instead of failing", () => {
    const feed = parseProductFeedXml(
      rss(
        "<item><g:id>A</g:id><g:title>Size < 5 kg &bogus; R&D</g:title><g:availability>in_stock</g:availability></item>",
      ),
    );
    expect(feed.items[0]?.title).toBe("Size < 5 kg &bogus; R&D");
  });

  it("says so when the text is not a product feed at all", () => {
    expect(parseProductFeed("<html><body>Sign in</body></html>")).toMatchObject({
      format: null,
      items: [],
      problems: [{ position: null, message: "this is not an RSS or Atom product feed" }],
    });
  });

  it("reports missing and unknown availability and keeps the item as unknown", () => {
    const feed = parseProductFeedXml(
      rss("<item><g:id>A</g:id></item><item><g:id>B</g:id><g:availability>sold out</g:availability></item>"),
    );
    expect(feed.items.map((item) => item.availability)).toEqual(["unknown", "unknown"]);
    expect(feed.problems.map((problem) => problem.message)).toEqual([
      "availability is missing",
      'availability: "sold out" is not one of in_stock, out_of_stock, preorder, backorder',
    ]);
  });

  it("lists at most maxProblems problems but counts them all", () => {
    const feed = parseProductFeedXml(rss("<item><g:title>no id</g:title></item>".repeat(30)), { maxProblems: 10 });
    expect(feed.problems).toHaveLength(10);
    expect(feed.problemCount).toBe(30);
  });
});

describe("parseFeedPrice", () => {
  it.each([
    ["12.99 USD", "12.99", "USD"],
    ["USD 12.99", "12.99", "USD"],
    ["1,299.00 EUR", "1299.00", "EUR"],
    ["1.299,00 EUR", "1299.00", "EUR"],
    ["1 299,00 EUR", "1299.00", "EUR"],
    ["12,99 EUR", "12.99", "EUR"],
    ["1,299 USD", "1299.00", "USD"],
    ["1.299.000 JPY", "1299000", "JPY"],
    ["1500 JPY", "1500", "JPY"],
    ["12.9 usd", "12.90", "USD"],
    ["  7 GBP ", "7.00", "GBP"],
    ["$12.99", "12.99", "USD"],
    ["€8.50", "8.50", "EUR"],
  ])("%s -> %s %s", (text, amount, currency) => {
    const parsed = parseFeedPrice(text);
    expect(parsed.ok && parsed.money.amount).toBe(amount);
    expect(parsed.ok && parsed.money.currency).toBe(currency);
  });

  it.each(["", "free", "12.99 US", "-3 USD", "12..99 USD", "USD", "12.99 USD extra"])("refuses %j", (text) => {
    expect(parseFeedPrice(text).ok).toBe(false);
  });

  it("uses the default currency only for a bare number", () => {
    expect(parseFeedPrice("12.99", "CAD")).toEqual({
      ok: true,
      money: { amount: "12.99", currency: "CAD", display: "CA$12.99" },
    });
    expect(parseFeedPrice("12.99")).toEqual({
      ok: false,
      message: '"12.99" has no currency: write it as "12.99 USD"',
    });
  });
});

describe("parseFeedAvailability", () => {
  it.each([
    ["in_stock", "in_stock"],
    ["in stock", "in_stock"],
    ["In-Stock", "in_stock"],
    ["https://schema.org/InStock", "in_stock"],
    ["available for order", "in_stock"],
    ["out of stock", "out_of_stock"],
    ["OUT_OF_STOCK", "out_of_stock"],
    ["preorder", "preorder"],
    ["pre-order", "preorder"],
    ["backorder", "backorder"],
    ["sold out", null],
  ])("%s -> %s", (text, expected) => {
    expect(parseFeedAvailability(text)).toBe(expected);
  });
});

describe("decodeEntities", () => {
  it("decodes character references and the named entities feeds use, leaving the rest", () => {
    expect(decodeEntities("&lt;&#65;&#x42;&eacute;&Uuml;&ntilde;&nbsp;&hellip;&#0;&#xD800;&nope;")).toBe(
      "<ABéÜñ\u00a0…&#0;&#xD800;&nope;",
    );
  });
});

describe("10,000 items", () => {
  const rssItem = (n: number) =>
    `<item><g:id>SKU-${n}</g:id><g:title>Toy number ${n} &amp; friends</g:title><g:link>https://shop.test/p/${n}?a=1&amp;b=2</g:link><g:image_link>https://cdn.shop.test/${n}.jpg</g:image_link><g:price>${(n % 90) + 10}.99 USD</g:price>${n % 3 === 0 ? "<g:sale_price>9.99 USD</g:sale_price>" : ""}<g:availability>${n % 5 === 0 ? "out of stock" : "in stock"}</g:availability><g:gtin>00${String(n).padStart(11, "0")}</g:gtin></item>\n`;

  it("parses the RSS and the TSV form in one linear pass each", () => {
    const count = 10_000;
    const xml = `<rss xmlns:g="http://base.google.com/ns/1.0"><channel>${Array.from({ length: count }, (_, n) => rssItem(n)).join("")}</channel></rss>`;
    const tsv = `id\ttitle\tlink\tprice\tavailability\n${Array.from(
      { length: count },
      (_, n) => `SKU-${n}\tToy number ${n}\thttps://shop.test/p/${n}\t${(n % 90) + 10}.99 USD\tin stock\n`,
    ).join("")}`;

    // CPU time, not wall time: other processes on a busy machine must not fail this test.
    const started = process.cpuUsage();
    const fromXml = parseProductFeed(xml);
    const fromTsv = parseProductFeed(tsv);
    const used = process.cpuUsage(started);
    const cpuMs = (used.user + used.system) / 1000;

    expect(fromXml.items).toHaveLength(count);
    expect(fromXml.problemCount).toBe(0);
    expect(fromXml.items[9_999]).toMatchObject({
      id: "SKU-9999",
      title: "Toy number 9999 & friends",
      link: "https://shop.test/p/9999?a=1&b=2",
      price: usd("19.99", "$19.99"),
      salePrice: usd("9.99", "$9.99"),
      availability: "in_stock",
      line: 10_000,
    });
    expect(fromTsv.items).toHaveLength(count);
    expect(fromTsv.items[9_999]?.line).toBe(10_001);
    // Measured 0.4 s (XML, 3 MB) and 0.25 s (TSV) of CPU on a loaded 2-core machine (decision
    // 054); the bound only catches a quadratic slip, which would take minutes.
    expect(cpuMs).toBeLessThan(5_000);
  });
});
