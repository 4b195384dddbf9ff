import { and, desc, eq, gte, ilike, lt, ne, type SQL, sql } from "drizzle-orm";
import type { SubscriberStatus } from "#domain/subscriber-text.ts";
import {
  dayStart,
  type Subscriber,
  type SubscriberCsvRow,
  type SubscriberFilter,
  type SubscriberListQuery,
} from "#domain/subscribers.ts";
import type { Database } from "#server/db/client.ts";
import { newsletterSubscribers } from "#server/db/schema.ts";
import type { MailDeliveryError } from "#server/mail/transport.ts";
import { recordConsentEvents } from "./consent-history";
import { containsPattern } from "./inbox.service";

const EXPORT_BATCH = 2_000;

/** Outbox kinds addressed to a visitor: a permanent refusal of one of them is a bounce. */
const VISITOR_MAIL_KINDS = new Set(["newsletter", "quiz-results", "contact-reply"]);

/**
 * The bounce rule (issue 19): a permanent refusal (an SMTP 5xx reply to this message, see
 * transport.ts) means the address does not take mail. Other failures (a mail server down for
 * days, a malformed header) say nothing about the address.
 */
export function isBounce(error: Pick<MailDeliveryError, "permanent" | "responseCode">): boolean {
  return error.permanent && error.responseCode !== undefined && error.responseCode >= 500 && error.responseCode < 600;
}

const columns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  source: newsletterSubscribers.source,
  consentText: newsletterSubscribers.consentText,
  consentedAt: newsletterSubscribers.consentedAt,
  createdAt: newsletterSubscribers.createdAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
  bouncedAt: newsletterSubscribers.bouncedAt,
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toSubscriber(row: SubscriberCsvRow & { id: number }): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status as SubscriberStatus,
    source: row.source,
    consentText: row.consentText,
    consentedAt: row.consentedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    unsubscribedAt: iso(row.unsubscribedAt),
    bouncedAt: iso(row.bouncedAt),
  };
}

function filterCondition(filter: SubscriberFilter): SQL | undefined {
  const zone = filter.timeZone ?? "UTC";
  return and(
    filter.search ? ilike(newsletterSubscribers.email, containsPattern(filter.search)) : undefined,
    filter.status !== "all" ? eq(newsletterSubscribers.status, filter.status) : undefined,
    filter.from ? gte(newsletterSubscribers.createdAt, dayStart(filter.from, zone)) : undefined,
    filter.to ? lt(newsletterSubscribers.createdAt, dayStart(filter.to, zone, true)) : undefined,
  );
}

/** The newsletter's audience as the owner manages it: list, export, unsubscribe or delete one, bounces. */
export function createSubscribersService(db: Database, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  async function get(id: number): Promise<Subscriber | null> {
    const [row] = await db.select(columns).from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
    return row ? toSubscriber(row) : null;
  }

  return {
    get,

    /** One page, newest signups first, with how many matched. */
    async list(query: SubscriberListQuery): Promise<{ items: Subscriber[]; total: number }> {
      const where = filterCondition(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select(columns)
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(newsletterSubscribers)
          .where(where),
      ]);
      return { items: rows.map(toSubscriber), total: counted?.n ?? 0 };
    },

    /** Every match in the list's order, a batch at a time (keyset), so a large list streams in flat memory. */
    async *exportRows(filter: SubscriberFilter): AsyncGenerator<SubscriberCsvRow[]> {
      let after: number | undefined;
      for (;;) {
        const batch = await db
          .select(columns)
          .from(newsletterSubscribers)
          .where(
            and(
              filterCondition(filter),
              after === undefined
                ? undefined
                : // the stored timestamp itself: a JavaScript Date would drop its microseconds and skip rows
                  sql`(${newsletterSubscribers.createdAt}, ${newsletterSubscribers.id}) < ((select s.created_at from newsletter_subscribers s where s.id = ${after}), ${after})`,
            ),
          )
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(EXPORT_BATCH);
        if (batch.length === 0) return;
        yield batch;
        const last = batch[batch.length - 1];
        if (!last || batch.length < EXPORT_BATCH) return;
        after = last.id;
      }
    },

    /** Takes an address off the list by hand (idempotent); the subscriber, or null when there is none. */
    async unsubscribe(id: number): Promise<Subscriber | null> {
      const at = now();
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(newsletterSubscribers)
          .set({ status: "unsubscribed", unsubscribedAt: at, updatedAt: at })
          .where(and(eq(newsletterSubscribers.id, id), ne(newsletterSubscribers.status, "unsubscribed")))
          .returning({ id: newsletterSubscribers.id });
        await recordConsentEvents(
          tx,
          changed.map((row) => ({ subscriberId: row.id, action: "unsubscribed", source: "admin", at })),
        );
      });
      return get(id);
    },

    /** Deletes a subscriber for good (its deliveries go with it); false when there is none. */
    async remove(id: number): Promise<boolean> {
      const gone = await db
        .delete(newsletterSubscribers)
        .where(eq(newsletterSubscribers.id, id))
        .returning({ id: newsletterSubscribers.id });
      return gone.length > 0;
    },

    /** The outbox gave up on a message: a bounce of a visitor's address marks its subscriber bounced. */
    async recordFailedMail(message: { kind: string; recipient: string }, error: MailDeliveryError): Promise<void> {
      if (!VISITOR_MAIL_KINDS.has(message.kind) || !isBounce(error)) return;
      const at = now();
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(newsletterSubscribers)
          .set({ status: "bounced", bouncedAt: at, updatedAt: at })
          .where(
            and(eq(newsletterSubscribers.email, message.recipient), eq(newsletterSubscribers.status, "subscribed")),
          )
          .returning({ id: newsletterSubscribers.id });
        await recordConsentEvents(
          tx,
          changed.map((row) => ({ subscriberId: row.id, action: "bounced", source: "mail-server", at })),
        );
      });
    },
  };
}

export type SubscribersService = ReturnType<typeof createSubscribersService>;
