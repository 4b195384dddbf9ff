// Where a post lives and how the storefront labels it: without Zod, so the cards and post pages
// that read only these do not load the post schemas of posts.ts (decision 069).

/** The byline every post gets (spec §2: "the author is always set to the team name and a placeholder image"). */
export const POST_AUTHOR = { name: "Pawsome Picks Team", imageUrl: "/placeholder.svg" } as const;

/** Guides live under /guides; reviews, comparisons and anything else under /reviews. */
export function postPath(post: { postType: string; slug: string }): string {
  return post.postType === "guide" ? `/guides/${post.slug}` : `/reviews/${post.slug}`;
}

/** "review" -> "Review": the badge text of the review detail page. */
export function postTypeLabel(postType: string): string {
  return postType.charAt(0).toUpperCase() + postType.slice(1);
}
