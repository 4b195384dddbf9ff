import { describe, expect, it } from "vitest";
import { embeddedSlugs, renderMarkdownParts } from "./markdown";
import { boxPrice } from "./price";
import {
  addsReviewedToyBoxes,
  COMPARE_MAX,
  chewStyleOf,
  comparisonRows,
  type ProductBoxToy,
  readableList,
  resolvePostBlocks,
  toyMaterial,
} from "./product-boxes";

function toy(slug: string, fields: Partial<ProductBoxToy> = {}): ProductBoxToy {
  return {
    id: slug.length,
    slug,
    name: slug,
    description: "A toy.",
    imageUrl: null,
    price: "$10.00",
    priceDiscount: null,
    priceAsOf: "2026-11-25T14:11:00.000Z",
    priceHidden: false,
    rating: "4.5",
    reviewCount: 10,
    amazonUrl: "https://www.amazon.com/dp/B000000001",
    isTopPick: false,
    inStock: true,
    isPrimeEligible: false,
    materialType: null,
    ageRecommendation: null,
    suitableFor: null,
    ...fields,
  };
}

const catalogue = (...toys: ProductBoxToy[]) => new Map(toys.map((t) => [t.slug, t]));

describe("product tokens in a post body", () => {
  it("cut the body where a token stands on a line of its own, keeping the markdown around it", () => {
    const parts = renderMarkdownParts(
      "## Intro\n\nText before.\n[[toy:rope-ball]]\nText after.\n\n[[compare:a-toy,b-toy]]\n",
    );
    expect(parts.map((p) => p.kind)).toEqual(["html", "embed", "html", "embed"]);
    expect(parts[0]).toEqual({ kind: "html", html: "<h2>Intro</h2>\n<p>Text before.</p>\n" });
    expect(parts[1]).toEqual({ kind: "embed", embed: { type: "toy", slug: "rope-ball" } });
    expect(parts[3]).toEqual({ kind: "embed", embed: { type: "compare", slugs: ["a-toy", "b-toy"] } });
    expect(embeddedSlugs(parts)).toEqual(["rope-ball", "a-toy", "b-toy"]);
  });

  it("leave tokens inside text, code, lists and quotes as they are written", () => {
    const source = [
      "See [[toy:inline]] here.",
      "",
      "```",
      "[[toy:fenced]]",
      "```",
      "",
      "    [[toy:indented]]",
      "",
      "- [[toy:listed]]",
      "",
      "> [[toy:quoted]]",
    ].join("\n");
    const parts = renderMarkdownParts(source);
    expect(parts.every((p) => p.kind === "html")).toBe(true);
    const html = parts.map((p) => (p.kind === "html" ? p.html : "")).join("");
    for (const slug of ["inline", "fenced", "indented", "listed", "quoted"]) expect(html).toContain(`[[toy:${slug}]]`);
  });

  it("say why a token cannot be used: no slug, a bad slug, one toy to compare, too many toys", () => {
    const reasons = (line: string) => {
      const [part] = renderMarkdownParts(line);
      return part?.kind === "embed" && part.embed.type === "invalid" ? part.embed.reason : null;
    };
    expect(reasons("[[toy:]]")).toMatch(/slug is missing/);
    expect(reasons("[[toy:Bad Slug]]")).toMatch(/not a toy slug/);
    expect(reasons("[[toy:a-toy,b-toy]]")).toMatch(/one toy/);
    expect(reasons("[[compare:a-toy]]")).toMatch(/2 to 6/);
    expect(reasons("[[compare:a-toy,a-toy]]")).toMatch(/2 to 6/);
    const seven = Array.from({ length: COMPARE_MAX + 1 }, (_, i) => `toy-${i}`).join(",");
    expect(reasons(`[[compare:${seven}]]`)).toMatch(/2 to 6/);
  });

  it("render nothing for visitors where a toy is unknown or deleted, and warn the admin instead", () => {
    const parts = renderMarkdownParts(
      "Intro.\n\n[[toy:gone]]\n\n[[toy:here]]\n\n[[compare:here,gone]]\n\n[[compare:x]]",
    );
    const here = toy("here");
    const visitor = resolvePostBlocks(parts, catalogue(here), "visitor");
    expect(visitor.map((b) => b.kind)).toEqual(["html", "toy"]);
    const admin = resolvePostBlocks(parts, catalogue(here), "admin");
    expect(admin.map((b) => b.kind)).toEqual(["html", "missing", "toy", "missing", "missing"]);
    expect(admin[1]).toMatchObject({ token: "[[toy:gone]]", reason: expect.stringContaining('"gone"') });
  });

  it("keep a comparison with the toys it can show when at least two remain", () => {
    const parts = renderMarkdownParts("[[compare:a-toy,b-toy,gone]]");
    const blocks = resolvePostBlocks(parts, catalogue(toy("a-toy"), toy("b-toy", { id: 99 })), "visitor");
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ kind: "compare", toys: [{ slug: "a-toy" }, { slug: "b-toy" }] });
  });

  it("fill a six-toy table in the written order, and show a toy named by an old and a new slug once", () => {
    const slugs = ["t-one", "t-two", "t-three", "t-four", "t-five", "t-six"];
    const toys = slugs.map((slug, i) => toy(slug, { id: i + 1 }));
    const six = resolvePostBlocks(renderMarkdownParts(`[[compare:${slugs.join(",")}]]`), catalogue(...toys), "visitor");
    expect(six[0]).toMatchObject({ kind: "compare" });
    expect(six[0]?.kind === "compare" ? six[0].toys.map((t) => t.slug) : []).toEqual(slugs);

    const renamed = toy("new-name", { id: 7 });
    const map = new Map([
      ["old-name", renamed],
      ["new-name", renamed],
    ]);
    const twice = resolvePostBlocks(renderMarkdownParts("[[compare:old-name,new-name]]"), map, "admin");
    expect(twice).toEqual([
      {
        kind: "missing",
        token: "[[compare:old-name,new-name]]",
        reason: "A comparison table needs at least two different toys.",
      },
    ]);
  });
});

describe("what a box shows", () => {
  it("the sale price with the regular price to strike through, only when a discount is set and lower", () => {
    expect(boxPrice({ price: "$24.99", priceDiscount: "19.5" })).toEqual({ current: "$19.50", regular: "$24.99" });
    expect(boxPrice({ price: "$24.99", priceDiscount: null })).toEqual({ current: "$24.99", regular: null });
    expect(boxPrice({ price: "$24.99", priceDiscount: "24.99" })).toEqual({ current: "$24.99", regular: null });
  });

  it("the chew style by the quiz's material rules, and the comma lists for reading", () => {
    expect(chewStyleOf("Durable natural rubber")).toBe("Power chewers");
    expect(chewStyleOf("rubber")).toBe("Moderate chewers");
    expect(chewStyleOf("Plush")).toBe("Gentle chewers");
    expect(chewStyleOf("nylon")).toBeNull();
    expect(readableList("small, medium,large")).toBe("Small, Medium, Large");
    expect(readableList(" , ")).toBeNull();
  });
});

describe("a review's own buy boxes", () => {
  const reviewed = toy("rope-ball", { id: 7 });
  const blocksOf = (source: string) =>
    resolvePostBlocks(renderMarkdownParts(source), catalogue(reviewed, toy("tug-ring", { id: 8 })), "visitor");

  it("are added under the title and at the end when the body does not place the toy", () => {
    expect(addsReviewedToyBoxes(blocksOf("Our verdict.\n\n[[toy:tug-ring]]"), reviewed)).toBe(true);
    // a comparison that includes the toy is a table, not its buy box
    expect(addsReviewedToyBoxes(blocksOf("[[compare:rope-ball,tug-ring]]"), reviewed)).toBe(true);
  });

  it("give way to the body's own placement, so each place shows the box once", () => {
    expect(addsReviewedToyBoxes(blocksOf("Intro.\n\n[[toy:rope-ball]]\n\nMore."), reviewed)).toBe(false);
    expect(addsReviewedToyBoxes(blocksOf("Intro."), null)).toBe(false);
  });
});

describe("a comparison table's rows", () => {
  it("are the facts a visitor compares: price paid, rating, stock, material, dog size and age as typed", () => {
    const rows = comparisonRows([
      toy("rope-ball", {
        price: "$24.99",
        priceDiscount: "$19.99",
        rating: "4.5",
        materialType: "Natural rubber",
        suitableFor: "small, medium",
        ageRecommendation: "puppy",
      }),
      toy("tug-ring", { price: "$9.5", rating: "4", inStock: false, materialType: "rope" }),
    ]);
    expect(rows).toEqual([
      {
        fact: "price",
        label: "Price",
        values: ["$19.99 · price as of Nov 25, 2026, 14:11 UTC", "Out of stock · as of Nov 25, 2026, 14:11 UTC"],
      },
      { fact: "rating", label: "Rating", values: ["4.5 / 5", "4 / 5"] },
      { fact: "stock", label: "Availability", values: ["In stock", "Out of stock"] },
      { fact: "material", label: "Material", values: ["Natural rubber", "rope"] },
      { fact: "size", label: "Dog size", values: ["Small, Medium", null] },
      { fact: "age", label: "Age", values: ["Puppy", null] },
    ]);
  });

  it("never show the quiz's scoring words, and leave out a row none of the toys has a value for", () => {
    const rows = comparisonRows([
      toy("rope-ball", { materialType: "durable", isTopPick: false }),
      toy("tug-ring", { materialType: " Durable ", isTopPick: false }),
    ]);
    expect(rows.map((row) => row.label)).toEqual(["Price", "Rating", "Availability"]);
    expect(JSON.stringify(rows)).not.toMatch(/durable|chewers|top pick/i);
  });

  it("read a material as typed, unless it is the quiz's toughness word", () => {
    expect(toyMaterial("rubber")).toBe("rubber");
    expect(toyMaterial(" Nylon composite ")).toBe("Nylon composite");
    expect(toyMaterial("durable")).toBeNull();
    expect(toyMaterial("  ")).toBeNull();
    expect(toyMaterial(null)).toBeNull();
  });
});
