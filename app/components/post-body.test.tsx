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

describe("a post body with product boxes, as the page renders it", () => {
  it("shows a buy box: name, sale price with the regular one struck through, rating, stock note and the tracked retailer link", () => {
    const html = render("Our pick:\n\n[[toy:rope-ball]]", [
      toy("rope-ball", { priceDiscount: "$19.99", inStock: false }),
    ]);
    expect(html).toContain('href="/toys/rope-ball"');
    expect(html).toContain("$19.99");
    expect(html).toMatch(/<s[^>]*>.*\$24\.99.*<\/s>/);
    expect(html).toContain("Out of stock");
    expect(html).toContain("Prime");
    expect(html).toContain('aria-label="Rated 4.5 out of 5"');
    expect(html).toContain('<a href="/go/7?from=post:rope-review" target="_blank" rel="sponsored nofollow noopener"');
    expect(html).toContain("View on Amazon");
  });

  it("shows a comparison table with a column per toy and the rows of the issue", () => {
    const toys = Array.from({ length: 6 }, (_, i) => toy(`toy-${i}`, { id: i + 1, name: `Toy ${i}` }));
    const html = render(`[[compare:${toys.map((t) => t.slug).join(",")}]]`, toys);
    expect(html.match(/<th scope="col"/g)).toHaveLength(6);
    for (const row of ["Image", "Price", "Rating", "Material", "Best for", "Age", "Chew style", "Top pick"]) {
      expect(html).toContain(
        `<th scope="row" class="sticky left-0 z-10 bg-stone-50 px-3 py-3 text-left text-sm font-bold whitespace-nowrap">${row}</th>`,
      );
    }
    expect(html.match(/href="\/go\/\d\?from=post:rope-review"/g)).toHaveLength(6);
    expect(html).toContain("Medium, Large");
    expect(html).toContain("Power chewers");
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
