import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  type ContactMessage,
  type ContactMessageSummary,
  type MessageListQuery,
  type MessageReply,
  type MessageUpdate,
  messageExcerpt,
  REPLY_TEXT,
} from "#domain/inbox.ts";
import type { Database } from "#server/db/client.ts";
import { contactMessages, emailOutbox } from "#server/db/schema.ts";
import type { Outbox } from "#server/mail/outbox.ts";
import { contactReplyEmail } from "#server/mail/templates.ts";
import { ServiceError } from "./service-error";
import { type PurgeWhich, purgeCondition } from "./trash.service";

/** A `%…%` pattern that matches `text` literally (its own % and _ are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const summaryColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  readAt: contactMessages.readAt,
  archivedAt: contactMessages.archivedAt,
  repliedAt: contactMessages.repliedAt,
};
interface SummaryRow {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: Date;
  readAt: Date | null;
  archivedAt: Date | null;
  repliedAt: Date | null;
}

function toSummary(row: SummaryRow): ContactMessageSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    excerpt: messageExcerpt(row.message),
    createdAt: row.createdAt.toISOString(),
    readAt: iso(row.readAt),
    archivedAt: iso(row.archivedAt),
    repliedAt: iso(row.repliedAt),
  };
}

/** One message in the trash, for the trash list. */
export interface TrashedMessage {
  id: number;
  title: string;
  deletedAt: Date;
}

/**
 * The owner's inbox (issue 19): contact messages newest first, read/unread, archived, in the
 * trash for 30 days after deletion, and answered from the site through the outbox.
 */
export function createInboxService(
  db: Database,
  deps: { outbox: Outbox },
  options: { contactTo: string; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const notDeleted = isNull(contactMessages.deletedAt);
  const unread = and(notDeleted, isNull(contactMessages.archivedAt), isNull(contactMessages.readAt));

  function viewCondition(view: MessageListQuery["view"]): SQL | undefined {
    switch (view) {
      case "inbox":
        return isNull(contactMessages.archivedAt);
      case "unread":
        return and(isNull(contactMessages.archivedAt), isNull(contactMessages.readAt));
      case "archived":
        return isNotNull(contactMessages.archivedAt);
      default:
        return undefined;
    }
  }

  function searchCondition(search: string | undefined): SQL | undefined {
    if (!search) return undefined;
    const pattern = containsPattern(search);
    return or(
      ilike(contactMessages.name, pattern),
      ilike(contactMessages.email, pattern),
      ilike(contactMessages.subject, pattern),
      ilike(contactMessages.message, pattern),
    );
  }

  async function get(id: number): Promise<ContactMessage | null> {
    const [row] = await db
      .select({
        ...summaryColumns,
        outboxStatus: emailOutbox.status,
        sentAt: emailOutbox.sentAt,
        lastError: emailOutbox.lastError,
        notificationOutboxId: contactMessages.notificationOutboxId,
      })
      .from(contactMessages)
      .leftJoin(emailOutbox, eq(emailOutbox.id, contactMessages.notificationOutboxId))
      .where(and(eq(contactMessages.id, id), notDeleted));
    if (!row) return null;
    const { excerpt: _excerpt, ...summary } = toSummary(row);
    const state =
      row.outboxStatus === "sent"
        ? "sent"
        : row.outboxStatus === "failed"
          ? "failed"
          : row.outboxStatus
            ? "waiting"
            : "unknown";
    return {
      ...summary,
      message: row.message,
      notification: { state, sentAt: iso(row.sentAt), lastError: state === "sent" ? null : (row.lastError ?? null) },
    };
  }

  return {
    /** One page of messages (not in the trash), newest first, with how many matched. */
    async list(query: MessageListQuery): Promise<{ items: ContactMessageSummary[]; total: number }> {
      const where = and(notDeleted, viewCondition(query.view), searchCondition(query.search));
      const [rows, [counted]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(contactMessages)
          .where(where),
      ]);
      return { items: rows.map(toSummary), total: counted?.n ?? 0 };
    },

    /** Messages in the inbox the owner has not opened (the admin navigation's badge). */
    async unreadCount(): Promise<number> {
      const [counted] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(contactMessages)
        .where(unread);
      return counted?.n ?? 0;
    },

    /** One message in full with its notification's fate; null when there is none (or it is in the trash). */
    get,

    /** Marks read/unread and archived/in the inbox; the message as it is now, or null. */
    async update(id: number, change: MessageUpdate): Promise<ContactMessage | null> {
      const at = now();
      // marking read again keeps the first time it was read; archiving again, the first archiving
      const set: { readAt?: SQL | null; archivedAt?: SQL | null } = {};
      if (change.read !== undefined)
        set.readAt = change.read ? sql`coalesce(${contactMessages.readAt}, ${at.toISOString()}::timestamptz)` : null;
      if (change.archived !== undefined)
        set.archivedAt = change.archived
          ? sql`coalesce(${contactMessages.archivedAt}, ${at.toISOString()}::timestamptz)`
          : null;
      const updated = await db
        .update(contactMessages)
        .set(set)
        .where(and(eq(contactMessages.id, id), notDeleted))
        .returning({ id: contactMessages.id });
      return updated.length > 0 ? get(id) : null;
    },

    /** Opening a message reads it; true when it was unread until now. */
    async markRead(id: number): Promise<boolean> {
      const updated = await db
        .update(contactMessages)
        .set({ readAt: now() })
        .where(and(eq(contactMessages.id, id), notDeleted, isNull(contactMessages.readAt)))
        .returning({ id: contactMessages.id });
      return updated.length > 0;
    },

    /** Moves a message to the trash; false when there is no such message outside it. */
    async remove(id: number): Promise<boolean> {
      const moved = await db
        .update(contactMessages)
        .set({ deletedAt: now() })
        .where(and(eq(contactMessages.id, id), notDeleted))
        .returning({ id: contactMessages.id });
      return moved.length > 0;
    },

    /** Brings a message back from the trash; false when it is not there. */
    async restore(id: number): Promise<boolean> {
      const restored = await db
        .update(contactMessages)
        .set({ deletedAt: null })
        .where(and(eq(contactMessages.id, id), isNotNull(contactMessages.deletedAt)))
        .returning({ id: contactMessages.id });
      return restored.length > 0;
    },

    /** Messages in the trash, most recently deleted first. */
    async listTrashed(): Promise<TrashedMessage[]> {
      const rows = await db
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          subject: contactMessages.subject,
          deletedAt: contactMessages.deletedAt,
        })
        .from(contactMessages)
        .where(isNotNull(contactMessages.deletedAt))
        .orderBy(desc(contactMessages.deletedAt));
      return rows.flatMap((row) =>
        row.deletedAt ? [{ id: row.id, title: `${row.name}: ${row.subject}`, deletedAt: row.deletedAt }] : [],
      );
    },

    /**
     * Deletes trashed messages for good, with the notification e-mails that copied them (the
     * visitor's words should not outlive the message); how many messages went.
     */
    async purge(which: PurgeWhich): Promise<number> {
      const condition = purgeCondition(which, contactMessages.id, contactMessages.deletedAt, now());
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(contactMessages)
          .where(and(isNotNull(contactMessages.deletedAt), condition))
          .returning({ outboxId: contactMessages.notificationOutboxId });
        const outboxIds = gone.flatMap((row) => (row.outboxId === null ? [] : [row.outboxId]));
        if (outboxIds.length > 0) await tx.delete(emailOutbox).where(inArray(emailOutbox.id, outboxIds));
        return gone.length;
      });
    },

    /**
     * Queues the owner's reply to the visitor and records it (the message is read and replied);
     * the outbox message's id, for the caller to try sending now. Refused without a mail server:
     * the owner then answers from their own mail program.
     */
    async reply(id: number, reply: MessageReply): Promise<{ messageId: number } | null> {
      if (!deps.outbox.configured) throw new ServiceError("conflict", REPLY_TEXT.noMailServer);
      const stored = await get(id);
      if (!stored) return null;
      const at = now();
      return db.transaction(async (tx) => {
        const messageId = await deps.outbox.enqueue(
          tx,
          contactReplyEmail({
            to: stored.email,
            replyTo: options.contactTo,
            subject: reply.subject,
            reply: reply.message,
            original: { name: stored.name, message: stored.message, receivedAt: new Date(stored.createdAt) },
          }),
        );
        await tx
          .update(contactMessages)
          .set({ repliedAt: at, readAt: sql`coalesce(${contactMessages.readAt}, ${at.toISOString()}::timestamptz)` })
          .where(eq(contactMessages.id, id));
        return { messageId };
      });
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
