// Turns for calls to a rate-limited retailer API (issue 27, decision 054). Amazon allows one
// Creators API request per second per account to begin with, counted over every instance of the
// site together: the client awaits a turn before every request it sends, and the sync wires a
// database-backed implementation shared by all instances. This in-process one serves a single
// instance and the tests.

/** Resolves when the caller may send one request; every request, retries included, takes one turn. */
export type AcquireTurn = () => Promise<void>;

export interface TurnClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: TurnClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Turns at least `intervalMs` apart, handed out in the order they were asked for. Each turn is
 * booked when it is asked for, so callers arriving together queue instead of racing.
 */
export function createIntervalTurns(intervalMs: number, clock: TurnClock = realClock): AcquireTurn {
  let nextFreeAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const now = clock.now();
    const at = Math.max(now, nextFreeAt);
    nextFreeAt = at + intervalMs;
    if (at > now) await clock.sleep(at - now);
  };
}
