import { asc, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { embeddedSlugs, renderMarkdownParts } from "#domain/markdown.ts";
import type { Post, PostSummary, RenderedPost } from "#domain/posts.ts";
import { type PostBlock, type ProductBoxToy, resolvePostBlocks } from "#domain/product-boxes.ts";
import type { Testimonial } from "#domain/testimonials.ts";
import type { Database } from "#server/db/client.ts";
import { posts, testimonials } from "#server/db/schema.ts";
import type { CatalogService } from "./catalog.service";

export const FEATURED_POST_COUNT = 3;
/** How many posts a toy or breed page lists. */
export const RELATED_POST_COUNT = 6;

const summaryColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  imageUrl: posts.imageUrl,
  postType: posts.postType,
  publishedAt: posts.publishedAt,
  readingTime: posts.readingTime,
  categoryId: posts.categoryId,
  authorName: posts.authorName,
  authorImageUrl: posts.authorImageUrl,
  updatedAt: posts.updatedAt,
};

const postColumns = {
  ...summaryColumns,
  content: posts.content,
  reviewedToyId: posts.reviewedToyId,
  reviewRating: posts.reviewRating,
};

function toIso<T extends { publishedAt: Date; updatedAt: Date }>(
  row: T,
): Omit<T, "publishedAt" | "updatedAt"> & { publishedAt: string; updatedAt: string } {
  return { ...row, publishedAt: row.publishedAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** `%` and `_` are literal characters in a LIKE pattern. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Posts and testimonials. Post bodies are filled with toys from the catalogue. */
export function createContentService(
  db: Database,
  { catalog }: { catalog: Pick<CatalogService, "getBoxToysBySlugs" | "getBoxToy"> },
) {
  /** A body's blocks with its product tokens filled from the live catalogue. */
  async function blocksOf(content: string, audience: "visitor" | "admin"): Promise<PostBlock[]> {
    const parts = renderMarkdownParts(content);
    const toys = await catalog.getBoxToysBySlugs(embeddedSlugs(parts));
    return resolvePostBlocks(parts, toys, audience);
  }

  return {
    /** Every post, newest first, without the body (lists never show it). */
    async listPosts(): Promise<PostSummary[]> {
      const rows = await db.select(summaryColumns).from(posts).orderBy(desc(posts.publishedAt), desc(posts.id));
      return rows.map(toIso);
    },

    /** The newest posts for the home page. */
    async listFeaturedPosts(): Promise<PostSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(posts)
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(FEATURED_POST_COUNT);
      return rows.map(toIso);
    },

    /** One post with its body, by slug, or null. */
    async getPostBySlug(slug: string): Promise<Post | null> {
      const [row] = await db.select(postColumns).from(posts).where(eq(posts.slug, slug));
      return row ? toIso(row) : null;
    },

    /**
     * One post as its detail page shows it, by slug, or null: the body rendered to safe HTML
     * with its buy boxes and comparison tables, and the reviewed toy's box.
     */
    async getRenderedPostBySlug(slug: string): Promise<RenderedPost | null> {
      const post = await this.getPostBySlug(slug);
      if (!post) return null;
      const { content, reviewedToyId, reviewRating, ...summary } = post;
      const [blocks, reviewedToy] = await Promise.all([
        blocksOf(content, "visitor"),
        reviewedToyId === null ? null : catalog.getBoxToy(reviewedToyId),
      ]);
      return { ...summary, blocks, reviewedToy, reviewRating: reviewedToy ? reviewRating : null };
    },

    /** A body as the admin preview shows it: like the public page, plus a warning for every token it cannot show. */
    async previewBlocks(content: string): Promise<PostBlock[]> {
      return blocksOf(content, "admin");
    },

    /** The box of the toy a review is about, for the editor's preview (null when there is none). */
    async reviewedToyBox(toyId: number): Promise<ProductBoxToy | null> {
      return catalog.getBoxToy(toyId);
    },

    /** One post with its body, by id, or null. */
    async getPostById(id: number): Promise<Post | null> {
      const [row] = await db.select(postColumns).from(posts).where(eq(posts.id, id));
      return row ? toIso(row) : null;
    },

    /**
     * Posts about a toy, newest first: the reviews of it and the posts whose body places it
     * (by its current or an earlier slug).
     */
    async listPostsAboutToy(toy: { id: number; slugs: readonly string[] }): Promise<PostSummary[]> {
      const mentions = toy.slugs.map((slug) => ilike(posts.content, contains(slug)));
      const rows = await db
        .select({ ...summaryColumns, content: posts.content, reviewedToyId: posts.reviewedToyId })
        .from(posts)
        .where(or(eq(posts.reviewedToyId, toy.id), ...mentions))
        .orderBy(desc(posts.publishedAt), desc(posts.id));
      // The LIKE finds candidates; only a real token (not a word that contains the slug) counts.
      const slugs = new Set(toy.slugs);
      return rows
        .filter(
          (row) =>
            row.reviewedToyId === toy.id ||
            embeddedSlugs(renderMarkdownParts(row.content)).some((slug) => slugs.has(slug)),
        )
        .slice(0, RELATED_POST_COUNT)
        .map(({ content: _content, reviewedToyId: _toy, ...summary }) => toIso(summary));
    },

    /**
     * Posts for a breed page, newest first: those that name the breed in their title or
     * excerpt, then reviews of toys recommended for it.
     */
    async listPostsForBreed(breed: { name: string; toyIds: readonly number[] }): Promise<PostSummary[]> {
      const conditions: SQL[] = [ilike(posts.title, contains(breed.name)), ilike(posts.excerpt, contains(breed.name))];
      if (breed.toyIds.length > 0) conditions.push(inArray(posts.reviewedToyId, [...breed.toyIds]));
      const rows = await db
        .select(summaryColumns)
        .from(posts)
        .where(or(...conditions))
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(RELATED_POST_COUNT);
      return rows.map(toIso);
    },

    /** Every testimonial, in the order they were added. */
    async listTestimonials(): Promise<Testimonial[]> {
      return db
        .select({
          id: testimonials.id,
          name: testimonials.name,
          dogBreed: testimonials.dogBreed,
          content: testimonials.content,
          rating: testimonials.rating,
          imageUrl: testimonials.imageUrl,
        })
        .from(testimonials)
        .orderBy(asc(testimonials.id));
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
