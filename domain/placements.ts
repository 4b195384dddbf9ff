import { SLUG_PATTERN } from "./slug";

// Where on the site a retailer link sits (`/go/{toyId}?from=...`), so the owner sees which
// placements and which articles earn. /go counts only these; any other `from` is counted as
// "other", so a caller cannot fill the click table with rows of its own naming. A placement
// that names something (`post:{slug}`, `breed:{slug}`, `email:{id}`) is only kept when that
// thing exists (checked by /go).

/** Placements that name no page of their own. */
export const FIXED_PLACEMENTS = ["home", "breed-search", "catalogue", "toy-page", "quiz", "email"] as const;
export type FixedPlacement = (typeof FIXED_PLACEMENTS)[number];

/** Placements that name the post, breed page or newsletter the link sat in. */
export type NamedPlacement = `post:${string}` | `breed:${string}` | `email:${number}`;

export type AffiliatePlacement = FixedPlacement | NamedPlacement;

/** What a `from` value names: a fixed placement, a post or breed by slug, a newsletter by id, or nothing known. */
export type ParsedPlacement =
  | { kind: "fixed"; placement: FixedPlacement }
  | { kind: "post" | "breed"; slug: string }
  | { kind: "email"; id: number }
  | { kind: "other" };

const NAMED = /^(post|breed|email):(.{1,200})$/;

/** Reads a `from` value; anything not of the known forms is "other". */
export function parsePlacement(value: unknown): ParsedPlacement {
  if (typeof value !== "string") return { kind: "other" };
  if ((FIXED_PLACEMENTS as readonly string[]).includes(value)) {
    return { kind: "fixed", placement: value as FixedPlacement };
  }
  const named = NAMED.exec(value);
  if (!named) return { kind: "other" };
  const [, kind, key = ""] = named;
  if (kind === "email") {
    return /^[1-9]\d{0,8}$/.test(key) ? { kind: "email", id: Number(key) } : { kind: "other" };
  }
  return SLUG_PATTERN.test(key) ? { kind: kind as "post" | "breed", slug: key } : { kind: "other" };
}

/** The stored name of a parsed placement ("other" for unknown ones). */
export function placementName(placement: ParsedPlacement): AffiliatePlacement | "other" {
  switch (placement.kind) {
    case "fixed":
      return placement.placement;
    case "post":
    case "breed":
      return `${placement.kind}:${placement.slug}`;
    case "email":
      return `email:${placement.id}`;
    default:
      return "other";
  }
}

/** The dashboard's group of a stored placement: every post is "posts", every breed page "breed pages"… */
export function placementGroup(stored: string): string {
  if (stored.startsWith("post:")) return "Articles";
  if (stored.startsWith("breed:")) return "Breed pages";
  if (stored === "email" || stored.startsWith("email:")) return "Newsletters";
  switch (stored) {
    case "home":
      return "Home page";
    case "breed-search":
      return "Home breed search";
    case "catalogue":
      return "Catalogue";
    case "toy-page":
      return "Toy pages";
    case "quiz":
      return "Quiz results";
    default:
      return "Other";
  }
}
