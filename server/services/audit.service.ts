import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import {
  AUDIT_ACTIONS,
  AUDIT_ITEM_KINDS,
  type AuditAction,
  type AuditDetails,
  type AuditEntry,
  type AuditFilter,
  type AuditItemKind,
  type AuditListQuery,
} from "#domain/audit.ts";
import { dayStart } from "#domain/subscribers.ts";
import type { Database } from "#server/db/client.ts";
import { auditLog, breeds, categories, media, newsletters, posts, toys } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";

const DAY_MS = 24 * 60 * 60_000;

/** What is recorded of one admin action (the time comes from the service's clock). */
export interface NewAuditEntry {
  action: AuditAction;
  itemKind: AuditItemKind;
  itemId?: number | null;
  /** a title or name, or a neutral name ("Subscriber #12"); never a visitor's address or words */
  itemLabel?: string | null;
  /** flat values; an undefined one is left out */
  details?: Record<string, AuditDetails[string] | undefined>;
}

/** What a lookup found out about an item before a call changes it: its name, and its state where it has one. */
export interface ItemState {
  label: string | null;
  /** a post's, a product's or a newsletter's stored status */
  status: string | null;
}

// An item can be opened while its row is there and outside the trash; the kinds without a page
// of their own (images, subscribers, the account...) are never linked.
const itemExists = sql<boolean>`case ${auditLog.itemKind}
  when 'post' then exists (select 1 from posts p where p.id = ${auditLog.itemId} and p.deleted_at is null)
  when 'product' then exists (select 1 from toys t where t.id = ${auditLog.itemId} and t.deleted_at is null)
  when 'message' then exists (select 1 from contact_messages m where m.id = ${auditLog.itemId} and m.deleted_at is null)
  when 'newsletter' then exists (select 1 from newsletters n where n.id = ${auditLog.itemId})
  when 'category' then exists (select 1 from categories c where c.id = ${auditLog.itemId})
  when 'breed' then exists (select 1 from breeds b where b.id = ${auditLog.itemId})
  else false end`.mapWith(Boolean);

const isAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
const isKind = (value: string): value is AuditItemKind => (AUDIT_ITEM_KINDS as readonly string[]).includes(value);

/** Only flat values are kept, so an entry cannot smuggle a nested copy of a record into the log. */
function flatDetails(details: Record<string, unknown>): AuditDetails {
  return Object.fromEntries(
    Object.entries(details).filter(
      (entry): entry is [string, string | number | boolean] =>
        typeof entry[1] === "string" || typeof entry[1] === "number" || typeof entry[1] === "boolean",
    ),
  );
}

function filterCondition(filter: AuditFilter) {
  const zone = filter.timeZone ?? "UTC";
  return and(
    filter.action !== "all" ? eq(auditLog.action, filter.action) : undefined,
    filter.kind !== "all" ? eq(auditLog.itemKind, filter.kind) : undefined,
    filter.from ? gte(auditLog.at, dayStart(filter.from, zone)) : undefined,
    filter.to ? lt(auditLog.at, dayStart(filter.to, zone, true)) : undefined,
  );
}

/**
 * The admin audit log (decision 029): entries written after each admin action succeeds (by the
 * `audited` wrappers of create-services.ts, and by the streaming exports' handlers), listed
 * with filters, and purged after the configured number of days.
 */
export function createAuditService(db: Database, options: { now?: () => Date; logger: Logger }) {
  const now = options.now ?? (() => new Date());
  const { logger } = options;

  return {
    /**
     * Writes one entry. Never throws: the action it describes has already happened, and telling
     * the owner it failed because its log line could not be written would be worse; the failure
     * is logged instead.
     */
    async record(entry: NewAuditEntry): Promise<void> {
      try {
        await db.insert(auditLog).values({
          at: now(),
          action: entry.action,
          itemKind: entry.itemKind,
          itemId: entry.itemId ?? null,
          itemLabel: entry.itemLabel ?? null,
          details: flatDetails(entry.details ?? {}),
        });
      } catch (error) {
        logger.error({ err: error, action: entry.action, itemKind: entry.itemKind }, "audit log entry not written");
      }
    },

    /** Logs a failure to work out an entry (the action itself went ahead). */
    failed(error: unknown, what: string): void {
      logger.error({ err: error }, `audit log: ${what} failed`);
    },

    /** One page, newest first, with how many entries matched. */
    async list(query: AuditListQuery): Promise<{ items: AuditEntry[]; total: number }> {
      const where = filterCondition(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: auditLog.id,
            at: auditLog.at,
            action: auditLog.action,
            itemKind: auditLog.itemKind,
            itemId: auditLog.itemId,
            itemLabel: auditLog.itemLabel,
            details: auditLog.details,
            itemExists,
          })
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(auditLog)
          .where(where),
      ]);
      // a row written by a later version with an action or kind this one does not know is left out
      const items = rows.flatMap((row) =>
        isAction(row.action) && isKind(row.itemKind)
          ? [
              {
                id: row.id,
                at: row.at.toISOString(),
                action: row.action,
                itemKind: row.itemKind,
                itemId: row.itemId,
                itemLabel: row.itemLabel,
                details: flatDetails(row.details),
                itemExists: row.itemExists === true,
              },
            ]
          : [],
      );
      return { items, total: counted?.n ?? 0 };
    },

    /** Deletes entries older than `days` days (run by the server every hour); how many went. */
    async purgeOlderThan(days: number): Promise<number> {
      const gone = await db
        .delete(auditLog)
        .where(lt(auditLog.at, new Date(now().getTime() - days * DAY_MS)))
        .returning({ id: auditLog.id });
      return gone.length;
    },

    /**
     * An item's name (and status) as it is now, read before a call that may delete or change it;
     * null when there is no such item. Kinds that hold personal data get a neutral name.
     */
    async lookUp(kind: AuditItemKind, id: number): Promise<ItemState | null> {
      const one = <T>(rows: T[]) => rows[0] ?? null;
      switch (kind) {
        case "post": {
          const row = one(
            await db.select({ label: posts.title, status: posts.status }).from(posts).where(eq(posts.id, id)),
          );
          return row && { label: row.label, status: row.status };
        }
        case "product": {
          const row = one(await db.select({ label: toys.name, status: toys.status }).from(toys).where(eq(toys.id, id)));
          return row && { label: row.label, status: row.status };
        }
        case "category": {
          const row = one(await db.select({ label: categories.name }).from(categories).where(eq(categories.id, id)));
          return row && { label: row.label, status: null };
        }
        case "breed": {
          const row = one(await db.select({ label: breeds.name }).from(breeds).where(eq(breeds.id, id)));
          return row && { label: row.label, status: null };
        }
        case "media": {
          const row = one(await db.select({ label: media.originalName }).from(media).where(eq(media.id, id)));
          return row && { label: row.label ?? `Image #${id}`, status: null };
        }
        case "newsletter": {
          const row = one(
            await db
              .select({ label: newsletters.subject, status: newsletters.status })
              .from(newsletters)
              .where(eq(newsletters.id, id)),
          );
          return row && { label: row.label, status: row.status };
        }
        default:
          return { label: neutralLabel(kind, id), status: null };
      }
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

const NEUTRAL_NAMES: Partial<Record<AuditItemKind, string>> = {
  message: "Message",
  subscriber: "Subscriber",
  "quiz-submission": "Quiz submission",
};

/** "Subscriber #12": how an item that belongs to a visitor is named, so no personal data is kept. */
export function neutralLabel(kind: AuditItemKind, id: number): string {
  return `${NEUTRAL_NAMES[kind] ?? kind} #${id}`;
}

/** How one method's successful calls are recorded. */
export interface AuditRule<A extends unknown[], R> {
  /** reads, before the call, what the entry needs and the call may take away (a deleted item's title, a status) */
  before?: (args: A) => Promise<ItemState | null>;
  /** the entries of a call that succeeded; none when nothing happened (nothing found, nothing changed) */
  entries: (
    args: A,
    result: R,
    before: ItemState | null,
  ) => NewAuditEntry | NewAuditEntry[] | null | Promise<NewAuditEntry | NewAuditEntry[] | null>;
}

/** The rules of a service's methods: which method records which action, and how the item is named. */
export type AuditRules<S> = {
  [K in keyof S]?: S[K] extends (...args: infer A) => Promise<infer R> ? AuditRule<A, R> : never;
};

/**
 * The same service with the named methods recording audit entries after they succeed (a call
 * that throws records nothing). The services' own code stays as it is: what they return is
 * enough to say what happened (decision 029). Working out an entry never fails the call.
 */
export function audited<S extends object>(
  service: S,
  audit: Pick<AuditService, "record" | "failed">,
  rules: NoInfer<AuditRules<S>>,
): S {
  const wrapped = { ...service };
  for (const [name, rule] of Object.entries(rules) as [keyof S & string, AuditRule<unknown[], unknown> | undefined][]) {
    if (!rule) continue;
    const original = service[name];
    if (typeof original !== "function") throw new Error(`${name} is not a method`);
    const call = original.bind(service) as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      let before: ItemState | null = null;
      if (rule.before) {
        try {
          before = await rule.before(args);
        } catch (error) {
          audit.failed(error, `looking up ${name}'s item`);
        }
      }
      const result = await call(...args);
      let entries: NewAuditEntry[] = [];
      try {
        entries = [(await rule.entries(args, result, before)) ?? []].flat();
      } catch (error) {
        audit.failed(error, `describing ${name}`);
      }
      for (const entry of entries) await audit.record(entry);
      return result;
    };
  }
  return wrapped;
}
