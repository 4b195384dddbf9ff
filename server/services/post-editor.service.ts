import { eq } from "drizzle-orm";
import type { PostInput } from "#domain/post-form.ts";
import type { ReviewFields } from "#domain/post-review.ts";
import type { Post } from "#domain/posts.ts";
import type { Database } from "#server/db/client.ts";
import { categories, posts, toys } from "#server/db/schema.ts";
import { ServiceError, sqlState, UNIQUE_VIOLATION } from "./service-error";

const SLUG_TAKEN = "A post with this slug already exists";

function toPost(row: typeof posts.$inferSelect): Post {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    imageUrl: row.imageUrl,
    postType: row.postType,
    publishedAt: row.publishedAt.toISOString(),
    readingTime: row.readingTime,
    categoryId: row.categoryId,
    authorName: row.authorName,
    authorImageUrl: row.authorImageUrl,
    updatedAt: row.updatedAt.toISOString(),
    reviewedToyId: row.reviewedToyId,
    reviewRating: row.reviewRating,
  };
}

/** A post as the editor saves it: the form's fields and what a review says about its toy. */
export type PostWrite = PostInput & ReviewFields;

/** Creating, changing and deleting posts (admin). */
export function createPostEditorService(db: Database, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  async function assertCategory(categoryId: number | null) {
    if (categoryId === null) return;
    const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
    if (!found) throw new ServiceError("invalid", "Choose a category from the list", "categoryId");
  }

  async function assertReviewedToy(toyId: number | null) {
    if (toyId === null) return;
    const [found] = await db.select({ id: toys.id }).from(toys).where(eq(toys.id, toyId));
    if (!found) throw new ServiceError("invalid", "Choose the reviewed toy from the list", "reviewedToyId");
  }

  // The unique index decides, so two editors saving the same slug at once cannot both win.
  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION) throw new ServiceError("conflict", SLUG_TAKEN, "slug");
      throw error;
    }
  }

  const values = (input: PostWrite) => ({
    ...input,
    publishedAt: new Date(input.publishedAt),
    // a rating means something only for a toy being reviewed
    reviewRating: input.reviewedToyId === null ? null : input.reviewRating,
    updatedAt: now(),
  });

  return {
    /** Stores a new post; a taken slug is a conflict. */
    async create(input: PostWrite): Promise<Post> {
      await assertCategory(input.categoryId);
      await assertReviewedToy(input.reviewedToyId);
      const [row] = await write(() => db.insert(posts).values(values(input)).returning());
      if (!row) throw new Error("post was not stored");
      return toPost(row);
    },

    /** Replaces a post's fields; null when there is no such post. */
    async update(id: number, input: PostWrite): Promise<Post | null> {
      await assertCategory(input.categoryId);
      await assertReviewedToy(input.reviewedToyId);
      const [row] = await write(() => db.update(posts).set(values(input)).where(eq(posts.id, id)).returning());
      return row ? toPost(row) : null;
    },

    /** Deletes a post; false when there was none. */
    async remove(id: number): Promise<boolean> {
      const gone = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
      return gone.length > 0;
    },
  };
}

export type PostEditorService = ReturnType<typeof createPostEditorService>;
