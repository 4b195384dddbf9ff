import { eq } from "drizzle-orm";
import type { PostInput } from "#domain/post-form.ts";
import type { Post } from "#domain/posts.ts";
import type { Database } from "#server/db/client.ts";
import { categories, posts } from "#server/db/schema.ts";
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
  };
}

/** Creating, changing and deleting posts (admin). */
export function createPostEditorService(db: Database) {
  async function assertCategory(categoryId: number | null) {
    if (categoryId === null) return;
    const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
    if (!found) throw new ServiceError("invalid", "Choose a category from the list", "categoryId");
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

  const values = (input: PostInput) => ({ ...input, publishedAt: new Date(input.publishedAt) });

  return {
    /** Stores a new post; a taken slug is a conflict. */
    async create(input: PostInput): Promise<Post> {
      await assertCategory(input.categoryId);
      const [row] = await write(() => db.insert(posts).values(values(input)).returning());
      if (!row) throw new Error("post was not stored");
      return toPost(row);
    },

    /** Replaces a post's fields; null when there is no such post. */
    async update(id: number, input: PostInput): Promise<Post | null> {
      await assertCategory(input.categoryId);
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
