import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";

export interface RateLimitVerdict {
  allowed: boolean;
  /** hits counted in the current window, this one included */
  hits: number;
  /** seconds until the window restarts (for Retry-After) */
  retryAfterSeconds: number;
}

// Rows whose window ended long ago are deleted now and then by the requests themselves,
// so the table stays the size of the recent traffic without a separate job.
const PRUNE_EVERY_N_HITS = 200;

/** The database, or one of its transactions (a rolling hit counted with what it allows is undone with it). */
export type RateLimitExecutor = Pick<Database, "execute">;

/**
 * Counters in the database, so every app instance shares them: fixed windows for per-client
 * limits, and rolling ones for "at most N in any span" (per-address e-mail limits). Windows are
 * timed by the injected clock (tests move it; instances agree through NTP like every other clock).
 */
export function createRateLimitService(db: Database, options: { now?: () => Date } = {}) {
  const clock = options.now ?? (() => new Date());
  let hitsSincePrune = 0;

  return {
    /** Counts one request for `key` and says whether it is within `max` per `windowMs`. */
    async hit(key: string, max: number, windowMs: number): Promise<RateLimitVerdict> {
      const window = sql`(${windowMs} * interval '1 millisecond')`;
      const now = sql`${clock().toISOString()}::timestamptz`;
      // One statement: concurrent requests on any instance serialise on the row, so no hit is lost.
      const { rows } = await db.execute<{ hits: number; remaining_ms: number }>(sql`
        insert into rate_limits as r (key, window_started_at, hits) values (${key}, ${now}, 1)
        on conflict (key) do update set
          hits = case when r.window_started_at <= ${now} - ${window} then 1 else r.hits + 1 end,
          window_started_at = case when r.window_started_at <= ${now} - ${window} then ${now} else r.window_started_at end
        returning hits, (extract(epoch from (window_started_at + ${window} - ${now})) * 1000)::float8 as remaining_ms`);
      const row = rows[0];
      if (!row) throw new Error("rate limit counter returned no row");

      hitsSincePrune += 1;
      if (hitsSincePrune >= PRUNE_EVERY_N_HITS) {
        hitsSincePrune = 0;
        // rolling counters go too: their window_started_at is their latest attempt
        await db.execute(sql`delete from rate_limits where window_started_at < ${now} - interval '1 day'`);
      }

      const hits = Number(row.hits);
      return {
        allowed: hits <= max,
        hits,
        // At most the window: a concurrent request whose clock read later than ours may have
        // opened the window "after" our now, which would otherwise read as 60.x seconds.
        retryAfterSeconds: Math.min(
          Math.ceil(windowMs / 1000),
          Math.max(1, Math.ceil(Number(row.remaining_ms) / 1000)),
        ),
      };
    },

    /**
     * Counts one attempt for `key` and allows it when fewer than `max` were allowed in the
     * `windowMs` (at most a day) before it: a rolling window, so no burst at a window's edge
     * doubles the limit. Refused attempts are not remembered. With a transaction as `executor`,
     * concurrent attempts for one key wait for each other, and an attempt whose transaction
     * rolls back is not counted.
     */
    async hitRolling(
      key: string,
      max: number,
      windowMs: number,
      executor: RateLimitExecutor = db,
    ): Promise<RateLimitVerdict> {
      const window = sql`(${windowMs} * interval '1 millisecond')`;
      const now = sql`${clock().toISOString()}::timestamptz`;
      const kept = sql`array(select t from unnest(r.recent_hits) as t where t > ${now} - ${window} order by t)`;
      // One statement: the row is locked while it is read and written, on any instance.
      const { rows } = await executor.execute<{ hits: number; remaining_ms: number }>(sql`
        insert into rate_limits as r (key, window_started_at, hits, recent_hits) values (${key}, ${now}, 1, array[${now}])
        on conflict (key) do update set
          recent_hits = case when cardinality(${kept}) < ${max} then ${kept} || ${now} else ${kept} end,
          hits = cardinality(${kept}) + 1,
          window_started_at = ${now}
        returning hits, (extract(epoch from ((select min(t) from unnest(recent_hits) as t) + ${window} - ${now})) * 1000)::float8 as remaining_ms`);
      const row = rows[0];
      if (!row) throw new Error("rate limit counter returned no row");
      // no pruning here: it would hold the caller's transaction open longer; hit() prunes for both
      const hits = Number(row.hits);
      return {
        allowed: hits <= max,
        hits,
        retryAfterSeconds: Math.min(
          Math.ceil(windowMs / 1000),
          Math.max(1, Math.ceil(Number(row.remaining_ms) / 1000)),
        ),
      };
    },

    /** Takes back one counted hit of `key` (an attempt that turned out not to be what the limit counts). */
    async undo(key: string): Promise<void> {
      await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key = ${key}`);
    },

    /** Forgets the count of `key` (e.g. the failed logins before a successful one). */
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

export type RateLimitService = ReturnType<typeof createRateLimitService>;
