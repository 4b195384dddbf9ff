import { z } from "zod";
import { toySchema } from "./catalog";
import type { MarkdownPart } from "./markdown";
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
