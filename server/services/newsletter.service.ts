import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { newsletterSubscribers } from "#server/db/schema.ts";
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
  source: string;
  consentText: string;
  consentedAt: Date;
}

const TOKEN_SIGNATURE_LENGTH = 32; // base64url characters: 192 bits of the HMAC
const TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/;

/** Newsletter subscriptions and their signed unsubscribe tokens. */
export function createNewsletterService(db: Database, secret: SecretSource) {
  function sign(key: string, subscriber: { id: number; email: string }): string {
    return createHmac("sha256", key)
      .update(`unsubscribe:${subscriber.id}:${subscriber.email}`)
      .digest("base64url")
      .slice(0, TOKEN_SIGNATURE_LENGTH);
  }

  async function findByToken(token: string): Promise<Subscriber | null> {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, id, signature] = match as unknown as [string, string, string];
    const [row] = await db
      .select({
        id: newsletterSubscribers.id,
        email: newsletterSubscribers.email,
        status: newsletterSubscribers.status,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, Number(id)));
    if (!row) return null;
    const expected = Buffer.from(sign(await secret.get(), row));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    return row as Subscriber;
  }

  return {
    /** Loads the signing key; call before a transaction that will need tokenFor. */
    async signingKey(): Promise<string> {
      return secret.get();
    },

    /**
     * Subscribes an address, or re-subscribes it with the new consent; one row per address
     * however often (or however concurrently) it is submitted.
     */
    async subscribe(executor: Executor, input: SubscribeInput): Promise<Subscriber> {
      const [row] = await executor
        .insert(newsletterSubscribers)
        .values({ ...input, status: "subscribed" })
        .onConflictDoUpdate({
          target: newsletterSubscribers.email,
          set: {
            status: "subscribed",
            source: sql`excluded.source`,
            consentText: sql`excluded.consent_text`,
            consentedAt: sql`excluded.consented_at`,
            unsubscribedAt: null,
            updatedAt: sql`now()`,
          },
        })
        .returning({
          id: newsletterSubscribers.id,
          email: newsletterSubscribers.email,
          status: newsletterSubscribers.status,
        });
      if (!row) throw new Error("subscriber was not stored");
      return row as Subscriber;
    },

    /** The token of an unsubscribe link: the subscriber id and an HMAC of id and address. */
    tokenFor(signingKey: string, subscriber: { id: number; email: string }): string {
      return `${subscriber.id}.${sign(signingKey, subscriber)}`;
    },

    /** The subscriber a token belongs to, or null when the token is malformed, forged or stale. */
    findByToken,

    /** Unsubscribes the token's subscriber (idempotent); null when the token is not valid. */
    async unsubscribe(token: string): Promise<Subscriber | null> {
      const subscriber = await findByToken(token);
      if (!subscriber) return null;
      if (subscriber.status === "unsubscribed") return subscriber;
      await db
        .update(newsletterSubscribers)
        .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(newsletterSubscribers.id, subscriber.id));
      return { ...subscriber, status: "unsubscribed" };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
