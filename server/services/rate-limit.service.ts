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

/**
 * Fixed-window counters in the database, so every app instance shares them. Windows are timed
 * by the injected clock (tests move it; instances agree through NTP like every other clock).
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
