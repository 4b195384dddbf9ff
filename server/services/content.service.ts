import { asc, desc, eq } from "drizzle-orm";
import { renderMarkdown } from "#domain/markdown.ts";
import type { Post, PostSummary, RenderedPost } from "#domain/posts.ts";
import type { Testimonial } from "#domain/testimonials.ts";
import type { Database } from "#server/db/client.ts";
import { posts, testimonials } from "#server/db/schema.ts";

export const FEATURED_POST_COUNT = 3;

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
};

function toIso<T extends { publishedAt: Date }>(row: T): Omit<T, "publishedAt"> & { publishedAt: string } {
  return { ...row, publishedAt: row.publishedAt.toISOString() };
}

/** Posts and testimonials. */
export function createContentService(db: Database) {
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
      const [row] = await db
        .select({ ...summaryColumns, content: posts.content })
        .from(posts)
        .where(eq(posts.slug, slug));
      return row ? toIso(row) : null;
    },

    /** One post with its body rendered to safe HTML (what the detail pages show), by slug, or null. */
    async getRenderedPostBySlug(slug: string): Promise<RenderedPost | null> {
      const post = await this.getPostBySlug(slug);
      if (!post) return null;
      const { content, ...summary } = post;
      return { ...summary, html: renderMarkdown(content) };
    },

    /** One post with its body, by id, or null. */
    async getPostById(id: number): Promise<Post | null> {
      const [row] = await db
        .select({ ...summaryColumns, content: posts.content })
        .from(posts)
        .where(eq(posts.id, id));
      return row ? toIso(row) : null;
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
