import { asc, eq } from "drizzle-orm";
import type { ConsentEvent } from "#domain/personal-data.ts";
import type { ConsentAction, ConsentSource } from "#domain/subscriber-text.ts";
import type { Database } from "#server/db/client.ts";
import { newsletterConsentEvents } from "#server/db/schema.ts";

// A subscriber's consent history (issue 26): every service that changes whether an address gets
// the newsletter writes its event here, in the same transaction as the change.

/** The database or one of its transactions. */
export type ConsentExecutor = Pick<Database, "insert" | "select">;

/** One event to record; `at` defaults to the database's now. */
export interface NewConsentEvent {
  subscriberId: number;
  action: ConsentAction;
  source: ConsentSource;
  /** the wording shown with a consent; left out for a withdrawal */
  consentText?: string | null;
  at?: Date;
}

/** Appends events to their subscribers' histories. */
export async function recordConsentEvents(executor: ConsentExecutor, events: NewConsentEvent[]): Promise<void> {
  if (events.length === 0) return;
  await executor.insert(newsletterConsentEvents).values(
    events.map((event) => ({
      subscriberId: event.subscriberId,
      action: event.action,
      source: event.source,
      consentText: event.consentText ?? null,
      ...(event.at ? { at: event.at } : {}),
    })),
  );
}

/** A subscriber's history, oldest first. */
export async function consentHistoryOf(executor: ConsentExecutor, subscriberId: number): Promise<ConsentEvent[]> {
  const rows = await executor
    .select({
      at: newsletterConsentEvents.at,
      action: newsletterConsentEvents.action,
      source: newsletterConsentEvents.source,
      consentText: newsletterConsentEvents.consentText,
    })
    .from(newsletterConsentEvents)
    .where(eq(newsletterConsentEvents.subscriberId, subscriberId))
    .orderBy(asc(newsletterConsentEvents.at), asc(newsletterConsentEvents.id));
  return rows.map((row) => ({
    at: row.at.toISOString(),
    // the table's check constraint and the backfill keep both within the domain's lists
    action: row.action as ConsentAction,
    source: row.source as ConsentSource,
    consentText: row.consentText,
  }));
}
