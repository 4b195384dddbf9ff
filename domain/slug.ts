// Addresses made from names: posts (/reviews/{slug}), toys (/toys/{slug}), breeds (/breeds/{slug}).

/** What a slug may be: lowercase letters, digits and single hyphens between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 200;

/** "Best Chew Toys: 2024's Top 10!" -> "best-chew-toys-2024s-top-10" (lowercase, punctuation dropped, spaces to hyphens). */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/, "");
}

/**
 * The slug for a new item: `base`, or `base-2`, `base-3`… when it is taken (a name with no
 * letters or digits gets `fallback`).
 */
export function uniqueSlug(base: string, taken: (slug: string) => boolean, fallback: string): string {
  const root = base || fallback;
  if (!taken(root)) return root;
  for (let n = 2; ; n++) {
    const candidate = `${root.slice(0, MAX_SLUG_LENGTH - String(n).length - 1)}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}
