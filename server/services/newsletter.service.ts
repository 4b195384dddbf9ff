import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { RESUBSCRIBE_LINK_DAYS, RESUBSCRIBE_NOTICE } from "#domain/subscribers.ts";
import type { Database } from "#server/db/client.ts";
import { newsletterSubscribers } from "#server/db/schema.ts";
import { recordConsentEvents } from "./consent-history";
import type { SecretSource } from "./secrets.service";

/** Anything that runs drizzle queries: the database or one of its transactions. */
export type Executor = Pick<Database, "insert" | "select" | "update">;

export interface Subscriber {
  id: number;
  email: string;
  status: "subscribed" | "unsubscribed" | "bounced";
}

export interface SubscribeInput {
  email: string;
  source: "quiz";
  consentText: string;
  consentedAt: Date;
}

/** How an unsubscribe arrived: the page's button, or a mail program's RFC 8058 one-click POST. */
export type UnsubscribeSource = "unsubscribe-link" | "one-click";

/**
 * What a "Do you want the newsletter again?" link says: `valid` (its address may confirm),
 * `already` subscribed, `expired` (too old, or older than the address's latest withdrawal, so a
 * link from before someone unsubscribed again cannot undo that), or `invalid` (malformed, forged).
 */
export type ResubscribeCheck =
  | { state: "valid"; email: string }
  | { state: "already"; email: string }
  | { state: "expired" }
  | { state: "invalid" };

/** What a click on the link's button did: `done` (back on the list), or why not. */
export type ResubscribeOutcome = Exclude<ResubscribeCheck, { state: "valid" }> | { state: "done"; email: string };

const TOKEN_SIGNATURE_LENGTH = 32; // base64url characters: 192 bits of the HMAC
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/;
// subscriber id, the time the link was made (ms), signature
const RESUBSCRIBE_TOKEN = /^(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{32})$/;
const RESUBSCRIBE_LINK_MS = RESUBSCRIBE_LINK_DAYS * 24 * 3_600_000;

const subscriberColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
};

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Newsletter subscriptions: the quiz's signup, which never undoes an unsubscribe or a bounce;
 * the signed unsubscribe links; and the signed, expiring links that let an address that left
 * come back (issue 26). Every change writes its consent event.
 */
export function createNewsletterService(db: Database, secret: SecretSource, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  function sign(key: string, subscriber: { id: number; email: string }): string {
    return createHmac("sha256", key)
      .update(`unsubscribe:${subscriber.id}:${subscriber.email}`)
      .digest("base64url")
      .slice(0, TOKEN_SIGNATURE_LENGTH);
  }

  function signResubscribe(key: string, subscriber: { id: number; email: string }, issuedMs: number): string {
    return createHmac("sha256", key)
      .update(`resubscribe:${subscriber.id}:${subscriber.email}:${issuedMs}`)
      .digest("base64url")
      .slice(0, TOKEN_SIGNATURE_LENGTH);
  }

  async function findByToken(token: string): Promise<Subscriber | null> {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, id, signature] = match as unknown as [string, string, string];
    const [row] = await db
      .select(subscriberColumns)
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, Number(id)));
    if (!row || !sameSignature(sign(await secret.get(), row), signature)) return null;
    return row as Subscriber;
  }

  async function checkResubscribeToken(token: string): Promise<ResubscribeCheck> {
    const match = RESUBSCRIBE_TOKEN.exec(token);
    if (!match) return { state: "invalid" };
    const [, id, issued, signature] = match as unknown as [string, string, string, string];
    const [row] = await db
      .select({
        ...subscriberColumns,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
        bouncedAt: newsletterSubscribers.bouncedAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, Number(id)));
    const issuedMs = Number(issued);
    if (!row || !sameSignature(signResubscribe(await secret.get(), row, issuedMs), signature)) {
      return { state: "invalid" };
    }
    if (row.status === "subscribed") return { state: "already", email: row.email };
    const withdrawnMs = Math.max(row.unsubscribedAt?.getTime() ?? 0, row.bouncedAt?.getTime() ?? 0);
    if (now().getTime() - issuedMs > RESUBSCRIBE_LINK_MS || withdrawnMs > issuedMs) return { state: "expired" };
    return { state: "valid", email: row.email };
  }

  return {
    /** Loads the signing key; call before a transaction that will need tokenFor or resubscribeTokenFor. */
    async signingKey(): Promise<string> {
      return secret.get();
    },

    /**
     * Subscribes an address with the consent given (recorded in its history), or renews the
     * consent of one already subscribed; one row per address however often (or however
     * concurrently) it is submitted. An address that unsubscribed or bounced, in any letter
     * case, is left as it is and returned with its status: only its owner's confirmation
     * (resubscribe) puts it back on the list.
     */
    async subscribe(executor: Executor, input: SubscribeInput): Promise<Subscriber> {
      const [left] = await executor
        .select(subscriberColumns)
        .from(newsletterSubscribers)
        .where(
          and(
            sql`lower(${newsletterSubscribers.email}) = lower(${input.email})`,
            ne(newsletterSubscribers.status, "subscribed"),
          ),
        )
        .limit(1);
      if (left) return left as Subscriber;

      const [row] = await executor
        .insert(newsletterSubscribers)
        .values({ ...input, status: "subscribed" })
        .onConflictDoUpdate({
          target: newsletterSubscribers.email,
          set: {
            source: sql`excluded.source`,
            consentText: sql`excluded.consent_text`,
            consentedAt: sql`excluded.consented_at`,
            updatedAt: sql`now()`,
          },
          // an address that left meanwhile (another request's unsubscribe) stays as it is
          setWhere: eq(newsletterSubscribers.status, "subscribed"),
        })
        .returning(subscriberColumns);
      if (!row) {
        const [current] = await executor
          .select(subscriberColumns)
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, input.email));
        if (!current) throw new Error("subscriber was not stored");
        return current as Subscriber;
      }
      await recordConsentEvents(executor, [
        {
          subscriberId: row.id,
          action: "subscribed",
          source: input.source,
          consentText: input.consentText,
          at: input.consentedAt,
        },
      ]);
      return row as Subscriber;
    },

    /** The token of an unsubscribe link: the subscriber id and an HMAC of id and address. */
    tokenFor(signingKey: string, subscriber: { id: number; email: string }): string {
      return `${subscriber.id}.${sign(signingKey, subscriber)}`;
    },

    /** The subscriber a token belongs to, or null when the token is malformed, forged or stale. */
    findByToken,

    /** Unsubscribes the token's subscriber (idempotent); null when the token is not valid. */
    async unsubscribe(token: string, source: UnsubscribeSource): Promise<Subscriber | null> {
      const subscriber = await findByToken(token);
      if (!subscriber) return null;
      if (subscriber.status === "unsubscribed") return subscriber;
      const at = now();
      await db.transaction(async (tx) => {
        const changed = await tx
          .update(newsletterSubscribers)
          .set({ status: "unsubscribed", unsubscribedAt: at, updatedAt: at })
          .where(and(eq(newsletterSubscribers.id, subscriber.id), ne(newsletterSubscribers.status, "unsubscribed")))
          .returning({ id: newsletterSubscribers.id });
        if (changed.length > 0) {
          await recordConsentEvents(tx, [{ subscriberId: subscriber.id, action: "unsubscribed", source, at }]);
        }
      });
      return { ...subscriber, status: "unsubscribed" };
    },

    /**
     * The token of a "Do you want the newsletter again?" link: the subscriber id, when it was
     * made, and an HMAC of both and the address. It works for RESUBSCRIBE_LINK_DAYS.
     */
    resubscribeTokenFor(signingKey: string, subscriber: { id: number; email: string }, issuedAt: Date): string {
      const issuedMs = issuedAt.getTime();
      return `${subscriber.id}.${issuedMs}.${signResubscribe(signingKey, subscriber, issuedMs)}`;
    },

    /** What a resubscribe link says, without changing anything (the page a mail scanner may open). */
    checkResubscribeToken,

    /**
     * Puts the link's address back on the list with the consent the confirmation page showed
     * (RESUBSCRIBE_NOTICE), recorded in its history. Idempotent: a second click is `already`.
     */
    async resubscribe(token: string): Promise<ResubscribeOutcome> {
      const check = await checkResubscribeToken(token);
      if (check.state !== "valid") return check;
      const at = now();
      const done = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(newsletterSubscribers)
          .set({
            status: "subscribed",
            source: "confirmation-link",
            consentText: RESUBSCRIBE_NOTICE,
            consentedAt: at,
            unsubscribedAt: null,
            bouncedAt: null,
            updatedAt: at,
          })
          .where(and(eq(newsletterSubscribers.email, check.email), ne(newsletterSubscribers.status, "subscribed")))
          .returning({ id: newsletterSubscribers.id });
        if (!row) return false;
        await recordConsentEvents(tx, [
          {
            subscriberId: row.id,
            action: "resubscribed",
            source: "confirmation-link",
            consentText: RESUBSCRIBE_NOTICE,
            at,
          },
        ]);
        return true;
      });
      return { state: done ? "done" : "already", email: check.email };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
