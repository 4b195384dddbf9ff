import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { renderMarkdownParts } from "#domain/markdown.ts";
import { type ProductBoxToy, resolvePostBlocks } from "#domain/product-boxes.ts";
import { PostBody } from "./post-body";

const ATTACK = `<img src=x onerror="alert(1)">`;

function toy(slug: string, fields: Partial<ProductBoxToy> = {}): ProductBoxToy {
  return {
    id: 7,
    slug,
    name: "Rope Ball",
    description: "Knotted rope around a rubber ball.",
    imageUrl: "/images/rope.svg",
    price: "$24.99",
    priceDiscount: null,
    priceAsOf: "2026-11-25T14:11:00.000Z",
    priceHidden: false,
    rating: "4.5",
    reviewCount: 1200,
    amazonUrl: "https://www.amazon.com/dp/B000000001",
    isTopPick: true,
    inStock: true,
    isPrimeEligible: true,
    materialType: "durable rubber",
    ageRecommendation: "adult, senior",
    suitableFor: "medium,large",
    ...fields,
  };
}

function render(source: string, toys: ProductBoxToy[], audience: "visitor" | "admin" = "visitor"): string {
  const blocks = resolvePostBlocks(renderMarkdownParts(source), new Map(toys.map((t) => [t.slug, t])), audience);
  return renderToStaticMarkup(
    <MemoryRouter>
      <PostBody blocks={blocks} placement="post:rope-review" />
    </MemoryRouter>,
  );
}

/** The names of a table's rows, in order (the retailer links' row is named "Buy" for screen readers). */
function rowHeaders(html: string): string[] {
  return [...html.matchAll(/<th scope="row"[^>]*>(.*?)<\/th>/g)].map((m) => (m[1] ?? "").replace(/<[^>]+>/g, ""));
}

describe("a post body with product boxes, as the page renders it", () => {
  it("shows a buy box: name, sale price with the regular one struck through, rating, stock note and the tracked retailer link", () => {
    const html = render("Our pick:\n\n[[toy:rope-ball]]", [toy("rope-ball", { priceDiscount: "$19.99" })]);
    expect(html).toContain('href="/toys/rope-ball"');
    expect(html).toContain("$19.99");
    expect(html).toMatch(/<s[^>]*>.*\$24\.99.*<\/s>/);
    expect(html).toContain("price as of Nov 25, 2026, 14:11 UTC");
    // out of stock: the note stands where the price was, with the same stamp
    const soldOut = render("[[toy:rope-ball]]", [toy("rope-ball", { priceDiscount: "$19.99", inStock: false })]);
    expect(soldOut).toContain("Out of stock");
    expect(soldOut).toContain("as of Nov 25, 2026, 14:11 UTC");
    expect(soldOut).not.toContain("$19.99");
    expect(html).toContain("Prime");
    expect(html).toContain('aria-label="Rated 4.5 out of 5"');
    expect(html).toContain('<a href="/go/7?from=post:rope-review" target="_blank" rel="sponsored nofollow noopener"');
    expect(html).toContain("View on Amazon");
  });

  it("shows a comparison table with a column per toy and a row per product fact", () => {
    const toys = Array.from({ length: 6 }, (_, i) => toy(`toy-${i}`, { id: i + 1, name: `Toy ${i}` }));
    const html = render(`[[compare:${toys.map((t) => t.slug).join(",")}]]`, toys);
    expect(html.match(/<th scope="col"/g)).toHaveLength(6);
    expect(rowHeaders(html)).toEqual([
      "Image",
      "Price",
      "Rating",
      "Availability",
      "Material",
      "Dog size",
      "Age",
      "Buy",
    ]);
    expect(html.match(/href="\/go\/\d\?from=post:rope-review"/g)).toHaveLength(6);
    expect(html).toContain("durable rubber");
    expect(html).toContain("Medium, Large");
    expect(html).toContain("Adult, Senior");
    expect(html.match(/>Top Pick</g)).toHaveLength(6);
  });

  it("compares facts, not the quiz's scoring words, and leaves out a row no compared toy has", () => {
    const toys = [
      toy("rope-ball", { materialType: "durable", ageRecommendation: null, suitableFor: null, isTopPick: false }),
      toy("tug-ring", { id: 8, materialType: "durable", ageRecommendation: null, suitableFor: null, isTopPick: false }),
    ];
    const html = render("[[compare:rope-ball,tug-ring]]", toys);
    expect(rowHeaders(html)).toEqual(["Image", "Price", "Rating", "Availability", "Buy"]);
    expect(html).not.toMatch(/durable|chewers|Top pick/i);
    expect(html).not.toContain("—");
  });

  it("names each buy box apart when the body places one toy more than once", () => {
    const html = render("[[toy:rope-ball]]\n\nMore words.\n\n[[toy:tug-ring]]\n\n[[toy:rope-ball]]", [
      toy("rope-ball"),
      toy("tug-ring", { id: 8, name: "Tug Ring" }),
    ]);
    expect([...html.matchAll(/<aside aria-label="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "Buy box: Rope Ball (1 of 2)",
      "Buy box: Tug Ring",
      "Buy box: Rope Ball (2 of 2)",
    ]);
  });

  it("escapes a toy's name and description, and the body's own HTML stays text", () => {
    const html = render(`${ATTACK}\n\n[[toy:rope-ball]]`, [
      toy("rope-ball", { name: ATTACK, description: `<script>alert(2)</script>` }),
    ]);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/<script>/i);
    expect(html).toContain("&lt;img src=x");
    expect(html).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
  });

  it("renders nothing for an unknown toy for visitors; the admin preview warns", () => {
    expect(render("[[toy:nope]]", [])).toBe("<div></div>");
    const admin = render("[[toy:nope]]", [], "admin");
    expect(admin).toContain("Not shown to visitors");
    expect(admin).toContain("[[toy:nope]]");
  });

  it("leads a toy without a retailer link to its page instead", () => {
    const html = render("[[toy:rope-ball]]", [toy("rope-ball", { amazonUrl: null })]);
    expect(html).not.toContain("/go/");
    expect(html).toContain("View Details");
  });
});
