// Where on the site a retailer link sits (`/go/{toyId}?from=...`), so the owner sees which
// placements earn. /go counts only these; any other `from` is counted as "other", so a caller
// cannot fill the click table with rows of its own naming.

export const AFFILIATE_PLACEMENTS = ["home", "breed-search", "products", "product-detail", "quiz"] as const;

export type AffiliatePlacement = (typeof AFFILIATE_PLACEMENTS)[number];

/** The placement a `from` value names, or "other". */
export function placementFrom(value: unknown): AffiliatePlacement | "other" {
  return typeof value === "string" && (AFFILIATE_PLACEMENTS as readonly string[]).includes(value)
    ? (value as AffiliatePlacement)
    : "other";
}
