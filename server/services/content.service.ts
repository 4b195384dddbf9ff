import { and, arrayOverlaps, asc, desc, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { embeddedSlugs, placedToySlugs, renderMarkdownParts } from "#domain/markdown.ts";
import type { Post, PostRevision, PostStatus, PostSummary, PostType, RenderedPost } from "#domain/posts.ts";
import { type PostBlock, type ProductBoxToy, resolvePostBlocks } from "#domain/product-boxes.ts";
import type { Testimonial } from "#domain/testimonials.ts";
import type { Database } from "#server/db/client.ts";
import { postRevisions, postSlugHistory, posts, testimonials } from "#server/db/schema.ts";
import type { CatalogService } from "./catalog.service";

export const FEATURED_POST_COUNT = 3;
/** How many posts a toy or breed page lists. */
export const RELATED_POST_COUNT = 6;

/** What a post's status is at `at`: a published post whose date is still ahead is scheduled. */
function statusAt(at: Date) {
  return sql<PostStatus>`case when ${posts.status} = 'draft' then 'draft' when ${posts.publishedAt} > ${at} then 'scheduled' else 'published' end`;
}

/** Visitors see a post once it is published, its date has come, and it is not in the trash. */
function visibleAt(at: Date): SQL {
  return and(eq(posts.status, "published"), lte(posts.publishedAt, at), isNull(posts.deletedAt)) as SQL;
}

const baseSummaryColumns = {
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

const summaryColumnsAt = (at: Date) => ({ ...baseSummaryColumns, status: statusAt(at) });

const postColumnsAt = (at: Date) => ({
  ...summaryColumnsAt(at),
  content: posts.content,
  reviewedToyId: posts.reviewedToyId,
  reviewRating: posts.reviewRating,
  metaTitle: posts.metaTitle,
  metaDescription: posts.metaDescription,
  socialImageUrl: posts.socialImageUrl,
  imageAlt: posts.imageAlt,
  readingTimeAuto: posts.readingTimeAuto,
});

/** The admin posts list's filters and order (issue 18). */
export interface AdminPostQuery {
  status?: PostStatus;
  postType?: PostType;
  /** a category's id; null: posts without a category */
  categoryId?: number | null;
  search?: string;
  sort?: "title" | "postType" | "publishedAt" | "readingTime" | "updatedAt";
  direction?: "asc" | "desc";
}

/** One page of the admin posts list, with how many posts match in all. */
export interface AdminPostPage {
  items: PostSummary[];
  total: number;
}

function toIso<T extends { publishedAt: Date; updatedAt: Date }>(
  row: T,
): Omit<T, "publishedAt" | "updatedAt"> & { publishedAt: string; updatedAt: string } {
  return { ...row, publishedAt: row.publishedAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** `%` and `_` are literal characters in a LIKE pattern. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The admin list's conditions: every post outside the trash, narrowed by the query. */
function adminConditions(query: AdminPostQuery, at: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [isNull(posts.deletedAt)];
  if (query.status === "draft") conditions.push(eq(posts.status, "draft"));
  if (query.status === "scheduled") conditions.push(and(eq(posts.status, "published"), gt(posts.publishedAt, at)));
  if (query.status === "published") conditions.push(visibleAt(at));
  if (query.postType) conditions.push(eq(posts.postType, query.postType));
  if (query.categoryId === null) conditions.push(isNull(posts.categoryId));
  else if (query.categoryId !== undefined) conditions.push(eq(posts.categoryId, query.categoryId));
  if (query.search) {
    const pattern = contains(query.search);
    conditions.push(or(ilike(posts.title, pattern), ilike(posts.excerpt, pattern), ilike(posts.postType, pattern)));
  }
  return and(...conditions);
}

/** The admin list's order: the column asked for, then newest first (spec §2's order), then by id. */
function adminOrder(query: AdminPostQuery): SQL[] {
  const column = {
    title: posts.title,
    postType: posts.postType,
    publishedAt: posts.publishedAt,
    readingTime: posts.readingTime,
    updatedAt: posts.updatedAt,
  }[query.sort ?? "publishedAt"];
  const first = query.direction === "asc" ? asc(column) : desc(column);
  return [first, desc(posts.publishedAt), desc(posts.id)];
}

/**
 * Posts and testimonials. Post bodies are filled with toys from the catalogue. Visitors' reads
 * see published posts whose date has come (so a scheduled post appears by itself, within the
 * read cache's lifetime); the admin's reads (`...ForAdmin`, `getPostForEditing`) see every post
 * outside the trash.
 */
export function createContentService(
  db: Database,
  { catalog }: { catalog: Pick<CatalogService, "getBoxToysBySlugs" | "getBoxToy"> },
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  /** A body's blocks with its product tokens filled from the live catalogue. */
  async function blocksOf(content: string, audience: "visitor" | "admin"): Promise<PostBlock[]> {
    const parts = renderMarkdownParts(content);
    const toys = await catalog.getBoxToysBySlugs(embeddedSlugs(parts));
    return resolvePostBlocks(parts, toys, audience);
  }

  /** A post as a page shows it: blocks filled from the catalogue, the reviewed toy's box. */
  async function render(post: Post, audience: "visitor" | "admin"): Promise<RenderedPost> {
    const { content, reviewedToyId, reviewRating, ...rest } = post;
    const [blocks, reviewedToy] = await Promise.all([
      blocksOf(content, audience),
      reviewedToyId === null ? null : catalog.getBoxToy(reviewedToyId),
    ]);
    return { ...rest, blocks, reviewedToy, reviewRating: reviewedToy ? reviewRating : null };
  }

  return {
    /** Every post, newest first, without the body (lists never show it). */
    async listPosts(): Promise<PostSummary[]> {
      const at = now();
      const rows = await db
        .select(summaryColumnsAt(at))
        .from(posts)
        .where(visibleAt(at))
        .orderBy(desc(posts.publishedAt), desc(posts.id));
      return rows.map(toIso);
    },

    /** The admin's list: every post outside the trash (drafts and scheduled ones too), filtered and sorted. */
    async listPostsForAdmin(query: AdminPostQuery = {}): Promise<PostSummary[]> {
      const at = now();
      const rows = await db
        .select(summaryColumnsAt(at))
        .from(posts)
        .where(adminConditions(query, at))
        .orderBy(...adminOrder(query));
      return rows.map(toIso);
    },

    /** One page of the same list, with the number of matches (the admin posts screen). */
    async listPostPageForAdmin(query: AdminPostQuery & { page: number; pageSize: number }): Promise<AdminPostPage> {
      const at = now();
      const where = adminConditions(query, at);
      const [rows, [counted]] = await Promise.all([
        db
          .select(summaryColumnsAt(at))
          .from(posts)
          .where(where)
          .orderBy(...adminOrder(query))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(posts)
          .where(where),
      ]);
      return { items: rows.map(toIso), total: counted?.n ?? 0 };
    },

    /** The newest posts for the home page. */
    async listFeaturedPosts(): Promise<PostSummary[]> {
      const at = now();
      const rows = await db
        .select(summaryColumnsAt(at))
        .from(posts)
        .where(visibleAt(at))
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(FEATURED_POST_COUNT);
      return rows.map(toIso);
    },

    /** One published post with its body, by slug, or null. */
    async getPostBySlug(slug: string): Promise<Post | null> {
      const at = now();
      const [row] = await db
        .select(postColumnsAt(at))
        .from(posts)
        .where(and(eq(posts.slug, slug), visibleAt(at)));
      return row ? toIso(row) : null;
    },

    /** The current address of a published post that once had `slug` (for a 301), or null. */
    async findMovedPost(slug: string): Promise<{ slug: string; postType: PostType } | null> {
      const [row] = await db
        .select({ slug: posts.slug, postType: posts.postType })
        .from(postSlugHistory)
        .innerJoin(posts, eq(posts.id, postSlugHistory.postId))
        .where(and(eq(postSlugHistory.slug, slug), visibleAt(now())));
      return row ?? null;
    },

    /**
     * One post as its detail page shows it, by slug, or null: the body rendered to safe HTML
     * with its buy boxes and comparison tables, and the reviewed toy's box.
     */
    async getRenderedPostBySlug(slug: string): Promise<RenderedPost | null> {
      const post = await this.getPostBySlug(slug);
      return post ? render(post, "visitor") : null;
    },

    /**
     * Any post outside the trash, whatever its status, as its public page would show it: the
     * admin's preview of drafts and scheduled posts. Product tokens that would not show are warned about.
     */
    async getRenderedPostForPreview(id: number): Promise<RenderedPost | null> {
      const post = await this.getPostForEditing(id);
      return post ? render(post, "admin") : null;
    },

    /** A body as the admin preview shows it: like the public page, plus a warning for every token it cannot show. */
    async previewBlocks(content: string): Promise<PostBlock[]> {
      return blocksOf(content, "admin");
    },

    /** The box of the toy a review is about, for the editor's preview (null when there is none). */
    async reviewedToyBox(toyId: number): Promise<ProductBoxToy | null> {
      return catalog.getBoxToy(toyId);
    },

    /** One published post with its body, by id, or null (what visitors may read). */
    async getPostById(id: number): Promise<Post | null> {
      const at = now();
      const [row] = await db
        .select(postColumnsAt(at))
        .from(posts)
        .where(and(eq(posts.id, id), visibleAt(at)));
      return row ? toIso(row) : null;
    },

    /** A post's earlier versions, newest first; null when there is no such post (or it is in the trash). */
    async listPostRevisions(id: number): Promise<PostRevision[] | null> {
      if (!(await this.getPostForEditing(id))) return null;
      const rows = await db
        .select()
        .from(postRevisions)
        .where(eq(postRevisions.postId, id))
        .orderBy(desc(postRevisions.createdAt), desc(postRevisions.id));
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        post: row.snapshot as PostRevision["post"],
      }));
    },

    /** One post outside the trash, in any status, by id, or null (the editor's read). */
    async getPostForEditing(id: number): Promise<Post | null> {
      const [row] = await db
        .select(postColumnsAt(now()))
        .from(posts)
        .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
      return row ? toIso(row) : null;
    },

    /**
     * Posts about a toy, newest first: the reviews of it and the posts whose body places it
     * (by its current or an earlier slug).
     */
    async listPostsAboutToy(toy: { id: number; slugs: readonly string[] }): Promise<PostSummary[]> {
      // A post's placed slugs are stored at each save; searching the text of every post instead
      // decompressed all of them (20-30 ms on 500 posts). A row stored before the column existed
      // and not yet filled in (fillPlacedToySlugs) is still found by its text.
      const mentions = toy.slugs.map((slug) => ilike(posts.content, contains(slug)));
      const at = now();
      const rows = await db
        .select({
          ...summaryColumnsAt(at),
          // the text only where the placed slugs are not stored yet: it is read for nothing else
          content: sql<string | null>`case when ${posts.placedToySlugs} is null then ${posts.content} end`,
          placed: posts.placedToySlugs,
          reviewedToyId: posts.reviewedToyId,
        })
        .from(posts)
        .where(
          and(
            visibleAt(at),
            or(
              eq(posts.reviewedToyId, toy.id),
              arrayOverlaps(posts.placedToySlugs, [...toy.slugs]),
              and(isNull(posts.placedToySlugs), or(...mentions)),
            ),
          ),
        )
        .orderBy(desc(posts.publishedAt), desc(posts.id));
      // The LIKE finds candidates; only a real token (not a word that contains the slug) counts.
      const slugs = new Set(toy.slugs);
      return rows
        .filter(
          (row) =>
            row.reviewedToyId === toy.id ||
            (row.placed ?? embeddedSlugs(renderMarkdownParts(row.content ?? ""))).some((slug) => slugs.has(slug)),
        )
        .slice(0, RELATED_POST_COUNT)
        .map(({ content: _content, placed: _placed, reviewedToyId: _toy, ...summary }) => toIso(summary));
    },

    /**
     * Stores the placed toy slugs of posts saved before they were kept (decision 041): at start,
     * so toy pages stop reading those posts' text. Returns how many posts it filled in.
     */
    async fillPlacedToySlugs(): Promise<number> {
      const missing = await db
        .select({ id: posts.id, content: posts.content })
        .from(posts)
        .where(isNull(posts.placedToySlugs));
      for (const row of missing) {
        await db
          .update(posts)
          .set({ placedToySlugs: placedToySlugs(row.content) })
          .where(and(eq(posts.id, row.id), isNull(posts.placedToySlugs)));
      }
      return missing.length;
    },

    /**
     * Posts for a breed page, newest first: those that name the breed in their title or
     * excerpt, then reviews of toys recommended for it.
     */
    async listPostsForBreed(breed: { name: string; toyIds: readonly number[] }): Promise<PostSummary[]> {
      const conditions: SQL[] = [ilike(posts.title, contains(breed.name)), ilike(posts.excerpt, contains(breed.name))];
      if (breed.toyIds.length > 0) conditions.push(inArray(posts.reviewedToyId, [...breed.toyIds]));
      const at = now();
      const rows = await db
        .select(summaryColumnsAt(at))
        .from(posts)
        .where(and(visibleAt(at), or(...conditions)))
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
