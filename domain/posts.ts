import { z } from "zod";
import type { PostBlock, ProductBoxToy } from "./product-boxes";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "./slug";
import { wireSchema } from "./wire-schema";

// Posts as the storefront reads them (spec/storefront.md §3) and where they live.

export const POST_TYPES = ["review", "guide", "comparison"] as const;
export type PostType = (typeof POST_TYPES)[number];

/**
 * Where a post is in its life: a draft (only the admin sees it), scheduled (published with a
 * publish date still ahead: it goes live by itself then), or published.
 */
export const POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** "scheduled" -> "Scheduled": the admin's status badge. */
export function postStatusLabel(status: PostStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Search engines show about this much of a title and a description. */
export const META_TITLE_HINT = 60;
export const META_DESCRIPTION_HINT = 155;

/** A post without its body, as the lists show it. */
export const postSummarySchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    title: z.string(),
    slug: z.string(),
    excerpt: z.string(),
    imageUrl: z.string().nullable(),
    postType: z.enum(POST_TYPES),
    /** ISO 8601 */
    publishedAt: z.iso.datetime(),
    /** minutes */
    readingTime: z.number().int().positive(),
    categoryId: z.number().int().positive().nullable(),
    authorName: z.string().nullable(),
    authorImageUrl: z.string().nullable(),
    /** ISO 8601: the last change a visitor can see */
    updatedAt: z.iso.datetime(),
    /** visitors only ever see published posts */
    status: z.enum(POST_STATUSES),
  }),
);
export type PostSummary = z.infer<typeof postSummarySchema>;

/** A post with its markdown body (GET /api/posts/{key}, and what the admin writes answer). */
export const postSchema = wireSchema(() =>
  postSummarySchema.extend({
    content: z.string(),
    /** the toy a review is about (its buy box, and the review's `itemReviewed`) */
    reviewedToyId: z.number().int().positive().nullable(),
    /** the editor's rating of that toy, 1 to 5 */
    reviewRating: z.number().min(1).max(5).nullable(),
    /** the search result's title and description, when they differ from the post's */
    metaTitle: z.string().nullable(),
    metaDescription: z.string().nullable(),
    /** the image shared links show, when not the featured image */
    socialImageUrl: z.string().nullable(),
    /** the featured image's alt text (the title when empty) */
    imageAlt: z.string().nullable(),
    /** true: the reading time follows the body (worked out at every save); false: it was typed */
    readingTimeAuto: z.boolean(),
  }),
);
export type Post = z.infer<typeof postSchema>;

/**
 * A post as its detail page shows it: the body rendered on the server to safe HTML, cut at
 * its product tokens, which are filled from the live catalogue.
 */
export type RenderedPost = PostSummary &
  Pick<Post, "reviewRating" | "metaTitle" | "metaDescription" | "socialImageUrl" | "imageAlt"> & {
    blocks: PostBlock[];
    reviewedToy: ProductBoxToy | null;
  };

/** Review ratings are given in halves, 1 to 5. */
export const REVIEW_RATING_STEP = 0.5;

/**
 * The slug a post page's path names, or null when the path is no post page. Read as the router
 * reads it: either section shows any post (`loadPostDetail`), the section's spelling is matched
 * without regard to case and a trailing slash is allowed, while the slug is looked up exactly,
 * so only a slug's own form (lower case) can name a post. Escapes are undone; a broken one is no page.
 */
export function postSlugOfPath(path: string): string | null {
  const match = /^\/(reviews|guides)\/([^/]+)\/?$/i.exec(path);
  if (!match?.[2]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  return slug.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(slug) ? slug : null;
}

/** The fields of a post an earlier version keeps: everything the editor can change. */
export const REVISED_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "content",
  "imageUrl",
  "publishedAt",
  "readingTime",
  "postType",
  "categoryId",
  "reviewedToyId",
  "reviewRating",
  "status",
  "metaTitle",
  "metaDescription",
  "socialImageUrl",
  "imageAlt",
  "readingTimeAuto",
] as const;

/** An earlier version of a post (GET /api/posts/{id}/revisions), newest first. */
export const postRevisionSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    /** ISO 8601: when this version was replaced by a save */
    createdAt: z.iso.datetime(),
    post: postSchema
      .pick({
        title: true,
        slug: true,
        excerpt: true,
        content: true,
        imageUrl: true,
        publishedAt: true,
        readingTime: true,
        postType: true,
        categoryId: true,
        reviewedToyId: true,
        reviewRating: true,
        status: true,
        metaTitle: true,
        metaDescription: true,
        socialImageUrl: true,
        imageAlt: true,
      })
      .extend({
        // versions saved before the reading time could follow the text have none: typed
        readingTimeAuto: z.boolean().optional(),
      }),
  }),
);
export type PostRevision = z.infer<typeof postRevisionSchema>;
