import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import type { AcquireTurn } from "#server/retailers/request-turns.ts";

/**
 * Paced turns shared by every app instance through the database (issue 27): each caller books
 * the next free moment of `key` in one statement (the row moves on by the pace) and waits for
 * it. The database's clock decides, so instances with drifting clocks still keep the pace.
 */
export function createRequestTurnsService(db: Database, options: { sleep?: (ms: number) => Promise<void> } = {}) {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return {
    /** Turns of `key` at least `intervalMs` apart, over all instances together. */
    turns(key: string, intervalMs: number): AcquireTurn {
      const seconds = intervalMs / 1000;
      return async () => {
        const booked = await db.execute<{ wait_ms: number | string }>(sql`
          insert into request_turns (key, next_at)
          values (${key}, clock_timestamp() + make_interval(secs => ${seconds}::float8))
          on conflict (key) do update
            set next_at = greatest(request_turns.next_at, clock_timestamp()) + make_interval(secs => ${seconds}::float8)
          returning (extract(epoch from (next_at - clock_timestamp())) * 1000 - ${intervalMs}::float8)::float8 as wait_ms`);
        const wait = Number(booked.rows[0]?.wait_ms ?? 0);
        // under a millisecond is the clock's own noise, not a turn to wait for
        if (wait >= 1) await sleep(wait);
      };
    },
  };
}

export type RequestTurnsService = ReturnType<typeof createRequestTurnsService>;
