import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import { mailboxKey } from "#domain/email.ts";
import type {
  DataErasure,
  ErasureCounts,
  ErasureHashKind,
  PersonalData,
  PersonalDataSummary,
} from "#domain/personal-data.ts";
import type { SubscriberStatus } from "#domain/subscriber-text.ts";
import type { Database } from "#server/db/client.ts";
import {
  contactMessages,
  dataErasures,
  emailOutbox,
  newsletterDeliveries,
  newsletterSubscribers,
  newsletters,
  quizSubmissions,
} from "#server/db/schema.ts";
import { consentHistoryOf } from "./consent-history";
import { keyedHash, type SecretSource } from "./secrets.service";

/** A pattern that matches exactly `email`, whatever its letter case (ILIKE with no wildcards). */
function sameAddress(email: string): string {
  return email.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The hash an erasure record keeps of an address: an HMAC keyed by the app secret (issue 26). */
export function erasureHash(key: string, email: string): string {
  return keyedHash(key, "erasure", mailboxKey(email));
}

/** How records written before issue 26 hashed the address: a plain SHA-256, kept to look them up. */
function legacyErasureHash(email: string): string {
  return createHash("sha256").update(mailboxKey(email)).digest("hex");
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

function toErasure(row: {
  id: number;
  emailHash: string;
  hashKind: ErasureHashKind;
  erasedAt: Date;
  counts: Record<string, number>;
}): DataErasure {
  const counts = row.counts as Partial<ErasureCounts>;
  return {
    id: row.id,
    emailHash: row.emailHash,
    hashKind: row.hashKind,
    erasedAt: row.erasedAt.toISOString(),
    counts: {
      quizSubmissions: counts.quizSubmissions ?? 0,
      subscribers: counts.subscribers ?? 0,
      contactMessages: counts.contactMessages ?? 0,
      outboxMessages: counts.outboxMessages ?? 0,
    },
  };
}

/**
 * A visitor's data rights (issue 19): everything held about an address, or all of it erased.
 * An address is matched whatever its letter case: erasing the mailbox someone typed as
 * "Jo@Example.com" must also erase what they typed as "jo@example.com".
 */
export function createPersonalDataService(
  db: Database,
  deps: { addressKeys: SecretSource },
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());

  /** Outbox messages to the address, replying to it (contact notifications), or notifying of its messages. */
  function outboxCondition(email: string, notificationIds: number[]): SQL | undefined {
    const pattern = sameAddress(email);
    return or(
      ilike(emailOutbox.recipient, pattern),
      // a contact notification's Reply-To: `"Name" <address>` or `<address>`
      ilike(emailOutbox.replyTo, `%<${pattern}>`),
      notificationIds.length > 0 ? inArray(emailOutbox.id, notificationIds) : undefined,
    );
  }

  return {
    /** The keyed hash erasure records keep of `email` (the audit log keeps a prefix of it). */
    async addressHash(email: string): Promise<string> {
      return erasureHash(await deps.addressKeys.get(), email);
    },

    /** Everything the site holds about `email`, as one document. */
    async export(email: string): Promise<PersonalData> {
      const pattern = sameAddress(email);
      const [submissions, [subscriber], messages] = await Promise.all([
        db
          .select()
          .from(quizSubmissions)
          .where(ilike(quizSubmissions.email, pattern))
          .orderBy(asc(quizSubmissions.createdAt), asc(quizSubmissions.id)),
        db.select().from(newsletterSubscribers).where(ilike(newsletterSubscribers.email, pattern)),
        db
          .select()
          .from(contactMessages)
          .where(ilike(contactMessages.email, pattern))
          .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id)),
      ]);
      const notificationIds = messages.flatMap((m) =>
        m.notificationOutboxId === null ? [] : [m.notificationOutboxId],
      );
      const [outbox, deliveries, consentHistory] = await Promise.all([
        db
          .select()
          .from(emailOutbox)
          .where(outboxCondition(email, notificationIds))
          .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id)),
        subscriber
          ? db
              .select({ id: newsletters.id, subject: newsletters.subject, queuedAt: newsletterDeliveries.createdAt })
              .from(newsletterDeliveries)
              .innerJoin(newsletters, eq(newsletters.id, newsletterDeliveries.newsletterId))
              .where(eq(newsletterDeliveries.subscriberId, subscriber.id))
              .orderBy(asc(newsletterDeliveries.createdAt))
          : Promise.resolve([]),
        subscriber ? consentHistoryOf(db, subscriber.id) : Promise.resolve([]),
      ]);
      return {
        email,
        exportedAt: now().toISOString(),
        quizSubmissions: submissions.map((row) => ({
          id: row.id,
          email: row.email,
          createdAt: iso(row.createdAt),
          dogSize: row.dogSize,
          dogAge: row.dogAge,
          chewStyle: row.chewStyle,
          playStyle: row.playStyle,
          toyPurpose: row.toyPurpose,
          hasConsented: row.hasConsented,
          consentText: row.consentText,
          consentedAt: isoOrNull(row.consentedAt),
        })),
        subscriber: subscriber
          ? {
              id: subscriber.id,
              email: subscriber.email,
              status: subscriber.status,
              source: subscriber.source,
              consentText: subscriber.consentText,
              consentedAt: iso(subscriber.consentedAt),
              createdAt: iso(subscriber.createdAt),
              updatedAt: iso(subscriber.updatedAt),
              unsubscribedAt: isoOrNull(subscriber.unsubscribedAt),
              bouncedAt: isoOrNull(subscriber.bouncedAt),
              newsletters: deliveries.map((d) => ({ id: d.id, subject: d.subject, queuedAt: iso(d.queuedAt) })),
              consentHistory,
            }
          : null,
        contactMessages: messages.map((row) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          subject: row.subject,
          message: row.message,
          createdAt: iso(row.createdAt),
          readAt: isoOrNull(row.readAt),
          archivedAt: isoOrNull(row.archivedAt),
          deletedAt: isoOrNull(row.deletedAt),
          repliedAt: isoOrNull(row.repliedAt),
        })),
        outboxMessages: outbox.map((row) => ({
          id: row.id,
          kind: row.kind,
          recipient: row.recipient,
          replyTo: row.replyTo,
          subject: row.subject,
          textBody: row.textBody,
          htmlBody: row.htmlBody,
          status: row.status,
          createdAt: iso(row.createdAt),
          sentAt: isoOrNull(row.sentAt),
        })),
      };
    },

    /** What the admin's look-up shows: how many records of each kind, and the consent history. */
    async lookUp(email: string): Promise<PersonalDataSummary> {
      const pattern = sameAddress(email);
      const counted = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
      const [quiz, [subscriber], messages] = await Promise.all([
        counted(db.select({ n: count() }).from(quizSubmissions).where(ilike(quizSubmissions.email, pattern))),
        db
          .select({ id: newsletterSubscribers.id, status: newsletterSubscribers.status })
          .from(newsletterSubscribers)
          .where(ilike(newsletterSubscribers.email, pattern)),
        db
          .select({ outboxId: contactMessages.notificationOutboxId })
          .from(contactMessages)
          .where(ilike(contactMessages.email, pattern)),
      ]);
      const notificationIds = messages.flatMap((m) => (m.outboxId === null ? [] : [m.outboxId]));
      const [outbox, consentHistory] = await Promise.all([
        counted(db.select({ n: count() }).from(emailOutbox).where(outboxCondition(email, notificationIds))),
        subscriber ? consentHistoryOf(db, subscriber.id) : Promise.resolve([]),
      ]);
      return {
        counts: {
          quizSubmissions: quiz,
          subscribers: subscriber ? 1 : 0,
          contactMessages: messages.length,
          outboxMessages: outbox,
        },
        subscriberStatus: subscriber ? (subscriber.status as SubscriberStatus) : null,
        consentHistory,
      };
    },

    /**
     * Deletes everything held about `email` in one transaction (newsletter deliveries and the
     * consent history go with the subscriber) and records that it was done: the time, the counts
     * and a keyed hash of the address.
     */
    async erase(email: string): Promise<DataErasure> {
      const pattern = sameAddress(email);
      const erasedAt = now();
      const emailHash = erasureHash(await deps.addressKeys.get(), email);
      return db.transaction(async (tx) => {
        const quiz = await tx
          .delete(quizSubmissions)
          .where(ilike(quizSubmissions.email, pattern))
          .returning({ id: quizSubmissions.id });
        const messages = await tx
          .delete(contactMessages)
          .where(ilike(contactMessages.email, pattern))
          .returning({ outboxId: contactMessages.notificationOutboxId });
        const subscribers = await tx
          .delete(newsletterSubscribers)
          .where(ilike(newsletterSubscribers.email, pattern))
          .returning({ id: newsletterSubscribers.id });
        const notificationIds = messages.flatMap((m) => (m.outboxId === null ? [] : [m.outboxId]));
        const outbox = await tx
          .delete(emailOutbox)
          .where(outboxCondition(email, notificationIds))
          .returning({ id: emailOutbox.id });
        const counts: ErasureCounts = {
          quizSubmissions: quiz.length,
          subscribers: subscribers.length,
          contactMessages: messages.length,
          outboxMessages: outbox.length,
        };
        const [row] = await tx
          .insert(dataErasures)
          .values({ emailHash, hashKind: "hmac-sha256", erasedAt, counts })
          .returning();
        if (!row) throw new Error("the erasure was not recorded");
        return toErasure(row);
      });
    },

    /**
     * Erasures, newest first; with `email`, only those of that address, found by its hash of
     * each kind (records from before the keyed hash keep their plain SHA-256).
     */
    async listErasures(email?: string): Promise<DataErasure[]> {
      const key = email === undefined ? null : await deps.addressKeys.get();
      const rows = await db
        .select()
        .from(dataErasures)
        .where(
          email === undefined || key === null
            ? undefined
            : or(
                and(eq(dataErasures.hashKind, "hmac-sha256"), eq(dataErasures.emailHash, erasureHash(key, email))),
                and(eq(dataErasures.hashKind, "sha256"), eq(dataErasures.emailHash, legacyErasureHash(email))),
              ),
        )
        .orderBy(desc(dataErasures.erasedAt), desc(dataErasures.id))
        .limit(200);
      return rows.map(toErasure);
    },
  };
}

export type PersonalDataService = ReturnType<typeof createPersonalDataService>;
