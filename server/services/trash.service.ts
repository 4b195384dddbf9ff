import { desc, eq, isNotNull, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { purgeDate, TRASH_DAYS, type TrashItem } from "#domain/trash.ts";
import type { Database } from "#server/db/client.ts";
import { posts, toys } from "#server/db/schema.ts";

const DAY_MS = 24 * 60 * 60_000;

/** Which trashed items a purge deletes: one, those older than some days, or all. */
export type PurgeWhich = { id: number } | { olderThanDays: number } | { all: true };

/** The SQL condition of a purge (the editors add "is in the trash"). */
export function purgeCondition(which: PurgeWhich, id: PgColumn, deletedAt: PgColumn, now: Date): SQL | undefined {
  if ("id" in which && typeof which.id === "number") return eq(id, which.id);
  if ("olderThanDays" in which && typeof which.olderThanDays === "number") {
    return lt(deletedAt, new Date(now.getTime() - which.olderThanDays * DAY_MS));
  }
  if ("all" in which && which.all === true) return undefined;
  // a call without a clear choice deletes nothing rather than everything
  throw new Error("purge needs an id, olderThanDays or all");
}

/**
 * The admin's trash (issue 18): deleted posts, products and contact messages (issue 19)
 * together, restored through their editors, emptied by hand or purged TRASH_DAYS after deletion.
 */
export function createTrashService(
  db: Database,
  {
    postEditor,
    productEditor,
    inbox,
  }: {
    postEditor: { purge(which: PurgeWhich): Promise<number> };
    productEditor: { purge(which: PurgeWhich): Promise<number> };
    /** deleted contact messages (issue 19) */
    inbox?: {
      purge(which: PurgeWhich): Promise<number>;
      listTrashed(): Promise<{ id: number; title: string; deletedAt: Date }[]>;
    };
  },
) {
  const noMessages = { purge: async () => 0, listTrashed: async () => [] };
  const messages = inbox ?? noMessages;
  return {
    /** Everything in the trash, most recently deleted first. */
    async list(): Promise<TrashItem[]> {
      const [trashedPosts, trashedProducts, trashedMessages] = await Promise.all([
        db
          .select({ id: posts.id, title: posts.title, deletedAt: posts.deletedAt })
          .from(posts)
          .where(isNotNull(posts.deletedAt))
          .orderBy(desc(posts.deletedAt)),
        db
          .select({ id: toys.id, title: toys.name, deletedAt: toys.deletedAt })
          .from(toys)
          .where(isNotNull(toys.deletedAt))
          .orderBy(desc(toys.deletedAt)),
        messages.listTrashed(),
      ]);
      const items = (kind: TrashItem["kind"], rows: { id: number; title: string; deletedAt: Date | null }[]) =>
        rows.flatMap((row) =>
          row.deletedAt
            ? [
                {
                  kind,
                  id: row.id,
                  title: row.title,
                  deletedAt: row.deletedAt.toISOString(),
                  purgeAt: purgeDate(row.deletedAt).toISOString(),
                },
              ]
            : [],
        );
      return [
        ...items("post", trashedPosts),
        ...items("product", trashedProducts),
        ...items("message", trashedMessages),
      ].sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || a.kind.localeCompare(b.kind) || b.id - a.id);
    },

    /** Deletes one trashed item for good; false when it is not in the trash. */
    async deleteForever(kind: TrashItem["kind"], id: number): Promise<boolean> {
      const editor = kind === "post" ? postEditor : kind === "message" ? messages : productEditor;
      return (await editor.purge({ id })) > 0;
    },

    /** Empties the trash; how many items went. */
    async empty(): Promise<number> {
      const [deletedPosts, deletedProducts, deletedMessages] = await Promise.all([
        postEditor.purge({ all: true }),
        productEditor.purge({ all: true }),
        messages.purge({ all: true }),
      ]);
      return deletedPosts + deletedProducts + deletedMessages;
    },

    /** Purges what has been in the trash longer than TRASH_DAYS (run by the server every hour). */
    async purgeExpired(): Promise<number> {
      const [deletedPosts, deletedProducts, deletedMessages] = await Promise.all([
        postEditor.purge({ olderThanDays: TRASH_DAYS }),
        productEditor.purge({ olderThanDays: TRASH_DAYS }),
        messages.purge({ olderThanDays: TRASH_DAYS }),
      ]);
      return deletedPosts + deletedProducts + deletedMessages;
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
