import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { placedToySlugs } from "#domain/markdown.ts";
import { postExtrasSchema } from "#domain/post-extras.ts";
import { type PostPatch, type PostWrite, postEditOf, postInputSchema } from "#domain/post-form.ts";
import type { PostBulkInput, PostBulkResult } from "#domain/post-list.ts";
import { type Post, type PostRevision, type PostStatus, REVISED_FIELDS } from "#domain/posts.ts";
import { readingTimeOf } from "#domain/reading-time.ts";
import { uploadedImageHash } from "#domain/upload-urls.ts";
import type { Database } from "#server/db/client.ts";
import { categories, media, postRevisions, postSlugHistory, posts, toys } from "#server/db/schema.ts";
import { checkedInput, ServiceError, sqlState, UNIQUE_VIOLATION } from "./service-error";
import { type PurgeWhich, purgeCondition } from "./trash.service";

const SLUG_TAKEN = "A post with this slug already exists";

type PostRow = typeof posts.$inferSelect;
type Executor = Pick<Database, "select" | "insert" | "delete" | "update">;

function statusOf(row: PostRow, at: Date): PostStatus {
  if (row.status === "draft") return "draft";
  return row.publishedAt > at ? "scheduled" : "published";
}

function toPost(row: PostRow, at: Date): Post {
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
    readingTimeAuto: row.readingTimeAuto,
    categoryId: row.categoryId,
    authorName: row.authorName,
    authorImageUrl: row.authorImageUrl,
    updatedAt: row.updatedAt.toISOString(),
    reviewedToyId: row.reviewedToyId,
    reviewRating: row.reviewRating,
    status: statusOf(row, at),
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    socialImageUrl: row.socialImageUrl,
    imageAlt: row.imageAlt,
  };
}

/** What a revision stores of a post row (dates as ISO text: the snapshot is JSON). */
function snapshotOf(row: PostRow, at: Date): PostRevision["post"] {
  const post = toPost(row, at);
  return Object.fromEntries(REVISED_FIELDS.map((field) => [field, post[field]])) as PostRevision["post"];
}

/**
 * Creating, changing and deleting posts (admin), with the editorial workflow of issue 18:
 * drafts and scheduled posts, a revision kept at every save, earlier slugs answered with a
 * 301, and a trash instead of loss.
 */
export function createPostEditorService(db: Database, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  /**
   * The category and the reviewed toy exist (the toy outside the trash), checked in the save's
   * transaction and held there: a toy moved to the trash, or a category deleted, meanwhile waits
   * for the save to end instead of slipping in between the check and the write.
   */
  async function assertReferences(executor: Executor, input: PostWrite) {
    if (input.categoryId !== null) {
      const [found] = await executor
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, input.categoryId))
        .for("key share");
      if (!found) throw new ServiceError("invalid", "Choose a category from the list", "categoryId");
    }
    if (input.reviewedToyId !== null) {
      const [found] = await executor
        .select({ id: toys.id })
        .from(toys)
        .where(and(eq(toys.id, input.reviewedToyId), isNull(toys.deletedAt)))
        .for("share");
      if (!found) throw new ServiceError("invalid", "Choose the reviewed toy from the list", "reviewedToyId");
    }
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

  /**
   * The featured image's alt text, written beside the image, is kept with the uploaded image in
   * the media library too (in the save's transaction), so the library and every other use of the
   * image have it; the post keeps its own copy, which its page shows.
   */
  async function keepAltText(executor: Executor, input: PostWrite) {
    const hash = uploadedImageHash(input.imageUrl);
    if (!input.imageAlt || hash === null) return;
    await executor.update(media).set({ altText: input.imageAlt }).where(eq(media.hash, hash));
  }

  /** The stored form of what the editor sent: "scheduled" is "published" with a date still ahead. */
  function values(input: PostWrite, at: Date) {
    const publishedAt = new Date(input.publishedAt);
    if (input.status === "scheduled" && publishedAt <= at) {
      throw new ServiceError("invalid", "A scheduled post needs a publish date in the future", "publishedAt");
    }
    return {
      ...input,
      status: input.status === "draft" ? ("draft" as const) : ("published" as const),
      publishedAt,
      // a rating means something only for a toy being reviewed
      reviewRating: input.reviewedToyId === null ? null : input.reviewRating,
      // a post that follows its text gets the reading time of the text it is saved with
      readingTime: input.readingTimeAuto ? readingTimeOf(input.content) : input.readingTime,
      placedToySlugs: placedToySlugs(input.content),
      updatedAt: at,
    };
  }

  /**
   * The one save of an existing post (PATCH /api/posts/{id}, the editor's page, a restored
   * revision), in one transaction on the post read once and locked: `patch` merged over it
   * (domain postEditOf), the whole checked with the API's schemas, its references checked, the
   * version it replaces kept as a revision and its old slug as a redirect. Null when there is
   * no such post (or it is in the trash); a refusal writes nothing.
   */
  async function edit(id: number, patch: PostPatch | ((current: Post) => PostPatch)): Promise<Post | null> {
    const at = now();
    const row = await write(() =>
      db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(posts)
          .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
          .for("update");
        if (!current) return undefined;
        const stored = toPost(current, at);
        const merged = postEditOf(stored, typeof patch === "function" ? patch(stored) : patch);
        // checked in this order, so a client sees the spec's fields' messages before the extras'
        const input: PostWrite = {
          ...checkedInput(postInputSchema, merged),
          ...checkedInput(postExtrasSchema, merged),
        };
        await assertReferences(tx, input);
        const next = values(input, at);
        await tx.insert(postRevisions).values({ postId: id, createdAt: at, snapshot: snapshotOf(current, at) });
        if (current.slug !== input.slug) {
          await tx.delete(postSlugHistory).where(eq(postSlugHistory.slug, input.slug));
          await tx
            .insert(postSlugHistory)
            .values({ slug: current.slug, postId: id, createdAt: at })
            .onConflictDoNothing();
        }
        const [updated] = await tx.update(posts).set(next).where(eq(posts.id, id)).returning();
        await keepAltText(tx, input);
        return updated;
      }),
    );
    return row ? toPost(row, at) : null;
  }

  return {
    /** Stores a new post; a taken slug is a conflict. */
    async create(input: PostWrite): Promise<Post> {
      const at = now();
      const row = await write(async () => {
        const [stored] = await db.transaction(async (tx) => {
          await assertReferences(tx, input);
          const next = values(input, at);
          // the new post owns its address now, also if an older post once had it
          await tx.delete(postSlugHistory).where(eq(postSlugHistory.slug, input.slug));
          await keepAltText(tx, input);
          return tx.insert(posts).values(next).returning();
        });
        return stored;
      });
      if (!row) throw new Error("post was not stored");
      return toPost(row, at);
    },

    /**
     * Changes a post: `patch` holds the fields to change (the others stay as stored), or is
     * worked out from the post as stored (the editor's form, whose publish day and time and Save
     * button are read against it). Null when there is no such post (or it is in the trash).
     */
    edit,

    /**
     * Brings back an earlier version: saved like any edit, so the version it replaces becomes a
     * revision too. Null when there is no such post; a revision it does not have is not found.
     */
    async restoreRevision(id: number, revisionId: number): Promise<Post | null> {
      const [revision] = await db
        .select()
        .from(postRevisions)
        .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, id)));
      return edit(id, () => {
        // decided once the post is known: a post that is not there is answered as such first
        if (!revision) throw new ServiceError("not-found", "Revision not found");
        const snapshot = revision.snapshot as PostRevision["post"];
        return {
          ...snapshot,
          // a version that was scheduled for a time now past is simply published
          status: snapshot.status === "scheduled" ? "published" : snapshot.status,
          // a version from before the reading time could follow the text had a typed one
          readingTimeAuto: snapshot.readingTimeAuto ?? false,
        };
      });
    },

    /**
     * One action on several posts at once, all or nothing: publish (a date still ahead schedules
     * the post), switch to draft, or move to the trash. An id that is not a post outside the
     * trash refuses the whole call, naming it. Returns the posts it changed: publishing a
     * published post or unpublishing a draft changes nothing. Status changes keep no revision:
     * no field the editor saves is touched but the status, which the audit log records.
     */
    async bulk(input: PostBulkInput): Promise<PostBulkResult> {
      const ids = [...new Set(input?.ids ?? [])];
      if (ids.length === 0) throw new ServiceError("invalid", "Select at least one post", "ids");
      const at = now();
      const changed = await db.transaction(async (tx) => {
        const found = await tx
          .select({ id: posts.id, title: posts.title, status: posts.status, publishedAt: posts.publishedAt })
          .from(posts)
          .where(and(inArray(posts.id, ids), isNull(posts.deletedAt)))
          .for("update");
        const known = new Set(found.map((row) => row.id));
        const unknown = ids.filter((id) => !known.has(id));
        if (unknown.length > 0) throw new ServiceError("invalid", `Unknown post: ${unknown.join(", ")}`, "ids");
        const targets = found.filter((row) =>
          input.action === "publish"
            ? row.status === "draft"
            : input.action === "unpublish"
              ? row.status !== "draft"
              : true,
        );
        if (targets.length === 0) return [];
        const changes =
          input.action === "delete"
            ? { deletedAt: at }
            : { status: input.action === "publish" ? ("published" as const) : ("draft" as const), updatedAt: at };
        await tx
          .update(posts)
          .set(changes)
          .where(
            inArray(
              posts.id,
              targets.map((row) => row.id),
            ),
          );
        return targets;
      });
      return {
        action: input.action,
        selected: ids.length,
        changed: changed
          .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
          .map((row) => ({
            id: row.id,
            title: row.title,
            scheduled: input.action === "publish" && row.publishedAt > at,
          })),
      };
    },

    /** Moves a post to the trash; false when there was none (or it already is there). */
    async remove(id: number): Promise<boolean> {
      const gone = await db
        .update(posts)
        .set({ deletedAt: now() })
        .where(and(eq(posts.id, id), isNull(posts.deletedAt)))
        .returning({ id: posts.id });
      return gone.length > 0;
    },

    /** Brings a post back from the trash as it was; false when it is not there. */
    async restore(id: number): Promise<boolean> {
      const back = await db
        .update(posts)
        .set({ deletedAt: null })
        .where(and(eq(posts.id, id), isNotNull(posts.deletedAt)))
        .returning({ id: posts.id });
      return back.length > 0;
    },

    /**
     * Deletes posts in the trash for good: one (`id`), those deleted more than `olderThanDays`
     * ago, or all of them. Returns how many went.
     */
    async purge(which: PurgeWhich): Promise<number> {
      const conditions = [isNotNull(posts.deletedAt), purgeCondition(which, posts.id, posts.deletedAt, now())];
      const gone = await db
        .delete(posts)
        .where(and(...conditions))
        .returning({ id: posts.id });
      return gone.length;
    },
  };
}

export type PostEditorService = ReturnType<typeof createPostEditorService>;
