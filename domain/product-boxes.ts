import { z } from "zod";
import { toySchema } from "./catalog";
import type { MarkdownPart } from "./markdown";
import { priceView, priceViewText } from "./price-stamp";
import { POWER_CHEWER_MATERIAL } from "./quiz-scoring";
import { wireSchema } from "./wire-schema";

// Toys placed inside posts (buy boxes and comparison tables, issue 17), the way affiliate
// publishers' tools (AAWP, Lasso) place them: the post names a toy by slug, and the page shows
// it from the live catalogue, so a price change shows in every post at once.

/** The fewest toys that make a comparison table, and the most one holds. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 6;

/** What a buy box, a comparison column or a review's `itemReviewed` shows of a toy. */
export const productBoxToySchema = wireSchema(() =>
  toySchema.pick({
    id: true,
    slug: true,
    name: true,
    description: true,
    imageUrl: true,
    price: true,
    priceDiscount: true,
    priceAsOf: true,
    priceHidden: true,
    rating: true,
    reviewCount: true,
    amazonUrl: true,
    isTopPick: true,
    inStock: true,
    isPrimeEligible: true,
    materialType: true,
    ageRecommendation: true,
    suitableFor: true,
  }),
);
export type ProductBoxToy = z.infer<typeof productBoxToySchema>;

/**
 * One piece of a post body as a page shows it. `missing` is a token the admin preview warns
 * about (an unknown or deleted toy, or a token that is not well formed); visitors never get one.
 */
export const postBlockSchema = wireSchema(() =>
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("html"), html: z.string() }),
    z.object({ kind: z.literal("toy"), toy: productBoxToySchema }),
    z.object({ kind: z.literal("compare"), toys: z.array(productBoxToySchema).min(2).max(6) }),
    z.object({ kind: z.literal("missing"), token: z.string(), reason: z.string() }),
  ]),
);
export type PostBlock = z.infer<typeof postBlockSchema>;

/**
 * Whether a review adds its toy's buy box under the title and at the end: not when the body
 * places that toy's box itself, so a box shows once per place it is placed (the writer's own
 * placement stands in for the automatic two, instead of a third box of one toy).
 */
export function addsReviewedToyBoxes(blocks: readonly PostBlock[], reviewedToy: { id: number } | null): boolean {
  return reviewedToy !== null && !blocks.some((block) => block.kind === "toy" && block.toy.id === reviewedToy.id);
}

/**
 * What a toy is made of as the owner typed it; null when nothing is typed or the text is the
 * quiz's word for toys built for power chewers ("durable", spec §9), which says how tough a
 * toy is, not what it is made of. The other quiz words (rubber, plush) are materials.
 */
export function toyMaterial(materialType: string | null): string | null {
  const typed = (materialType ?? "").trim();
  return typed === "" || typed.toLowerCase() === POWER_CHEWER_MATERIAL ? null : typed;
}

/** A fact a comparison table compares (the table draws price, rating and stock its own way). */
export type ComparisonFact = "price" | "rating" | "stock" | "material" | "size" | "age";

/** One row of a comparison table: a value per toy, in the toys' order; null where a toy has none. */
export interface ComparisonRow {
  fact: ComparisonFact;
  label: string;
  values: (string | null)[];
}

/**
 * The rows of a comparison table, as text: the price a visitor pays, the rating, stock, material,
 * dog sizes and ages as the owner typed them; never the quiz's scoring words. A row none of the
 * toys has a value for is left out (no row of dashes).
 */
export function comparisonRows(toys: readonly ProductBoxToy[]): ComparisonRow[] {
  const rows: ComparisonRow[] = [
    // the price with its stamp, or the out-of-stock or check-the-price note (price-stamp.ts)
    { fact: "price", label: "Price", values: toys.map((toy) => priceViewText(priceView(toy))) },
    { fact: "rating", label: "Rating", values: toys.map((toy) => (toy.rating.trim() ? `${toy.rating} / 5` : null)) },
    {
      fact: "stock",
      label: "Availability",
      // stock is shown only beside a price that may be shown: both were confirmed together
      values: toys.map((toy) => (toy.priceHidden ? null : toy.inStock ? "In stock" : "Out of stock")),
    },
    { fact: "material", label: "Material", values: toys.map((toy) => toyMaterial(toy.materialType)) },
    { fact: "size", label: "Dog size", values: toys.map((toy) => readableList(toy.suitableFor)) },
    { fact: "age", label: "Age", values: toys.map((toy) => readableList(toy.ageRecommendation)) },
  ];
  return rows.filter((row) => row.values.some((value) => value !== null));
}

/** The chew style a toy's material suits, by the quiz's own rules (durable, rubber, plush); null when none. */
export function chewStyleOf(materialType: string | null): string | null {
  const material = (materialType ?? "").toLowerCase();
  if (material.includes("durable")) return "Power chewers";
  if (material.includes("rubber")) return "Moderate chewers";
  if (material.includes("plush")) return "Gentle chewers";
  return null;
}

/** "small,medium" -> "Small, Medium": the comma lists of the product form, for reading. */
export function readableList(text: string | null): string | null {
  const items = (text ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => item.charAt(0).toUpperCase() + item.slice(1));
  return items.length > 0 ? items.join(", ") : null;
}

/**
 * The post body's blocks, with each token filled from `toys` (found by current or earlier
 * slug). For visitors (`audience: "visitor"`) a token that cannot be shown is left out, and a
 * comparison keeps the toys it can show if at least two remain; for the admin preview each
 * problem is a `missing` block that says what is wrong.
 */
export function resolvePostBlocks(
  parts: readonly MarkdownPart[],
  toys: ReadonlyMap<string, ProductBoxToy>,
  audience: "visitor" | "admin",
): PostBlock[] {
  const blocks: PostBlock[] = [];
  const warn = (token: string, reason: string) => {
    if (audience === "admin") blocks.push({ kind: "missing", token, reason });
  };
  for (const part of parts) {
    if (part.kind === "html") {
      blocks.push(part);
      continue;
    }
    const { embed } = part;
    if (embed.type === "invalid") {
      warn(embed.token, embed.reason);
    } else if (embed.type === "toy") {
      const toy = toys.get(embed.slug);
      if (toy) blocks.push({ kind: "toy", toy });
      else warn(`[[toy:${embed.slug}]]`, `No toy has the slug "${embed.slug}" (deleted, or mistyped).`);
    } else {
      const found = embed.slugs.flatMap((slug) => toys.get(slug) ?? []);
      const unknown = embed.slugs.filter((slug) => !toys.has(slug));
      const token = `[[compare:${embed.slugs.join(",")}]]`;
      if (unknown.length > 0) {
        warn(token, `No toy has the slug ${unknown.map((slug) => `"${slug}"`).join(", ")} (deleted, or mistyped).`);
      }
      // one toy twice (an old and a new slug of it) is one column
      const columns = [...new Map(found.map((toy) => [toy.id, toy])).values()];
      if (columns.length >= 2) blocks.push({ kind: "compare", toys: columns });
      else if (unknown.length === 0) warn(token, "A comparison table needs at least two different toys.");
    }
  }
  return blocks;
}

/** POST /api/admin/post-preview: a post body (and its reviewed toy) as the editor's preview shows it. */
export const postPreviewRequestSchema = wireSchema(() =>
  z.object({
    content: z.string("Content must be text").max(60_000, "Content must be at most 60000 characters"),
    reviewedToyId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  }),
);

export const postPreviewSchema = wireSchema(() =>
  z.object({ blocks: z.array(postBlockSchema), reviewedToy: productBoxToySchema.nullable() }),
);
export type PostPreview = z.infer<typeof postPreviewSchema>;
