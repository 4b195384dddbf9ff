// Posts as the storefront reads them (spec/storefront.md §3) and where they live.

export const POST_TYPES = ["review", "guide", "comparison"] as const;
export type PostType = (typeof POST_TYPES)[number];

export interface PostSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string | null;
  postType: string;
  publishedAt: string;
  readingTime: number;
  categoryId: number | null;
  authorName: string | null;
  authorImageUrl: string | null;
}

export interface Post extends PostSummary {
  content: string;
}

/** Guides live under /guides; reviews, comparisons and anything else under /reviews. */
export function postPath(post: Pick<PostSummary, "postType" | "slug">): string {
  return post.postType === "guide" ? `/guides/${post.slug}` : `/reviews/${post.slug}`;
}

/** "review" -> "Review": the badge text of the review detail page. */
export function postTypeLabel(postType: string): string {
  return postType.charAt(0).toUpperCase() + postType.slice(1);
}
