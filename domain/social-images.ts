// Open Graph cards (issue 17): every card the site offers is a 1200 × 630 JPEG, the default one
// (public/images/og-default.jpg) and those rendered from an item's image at /og/{kind}/{slug}.jpg
// (server/http/social-images.ts), so pages can state the size without reading the image.

/** The size of every social card. */
export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** The site's own card, shown where a page has no image of its own. */
export const DEFAULT_SOCIAL_IMAGE = {
  path: "/images/og-default.jpg",
  alt: "Pawsome Picks: the best toys for your dog, by breed",
} as const;

/** The card rendered from a post's, toy's or breed's image. */
export function socialImagePath(kind: "posts" | "toys" | "breeds", slug: string): string {
  return `/og/${kind}/${slug}.jpg`;
}
