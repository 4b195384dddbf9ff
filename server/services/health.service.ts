// Is the database reachable? A fresh answer for /healthz, and a cached one (at most a second
// old, one ping shared by concurrent requests) for the page guard, so an outage costs one ping
// a second, not one per request, and a slow or dead server is given up on after `timeoutMs`.

export interface HealthOptions {
  cacheMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

export function createHealthService(
  database: { ping(): Promise<void> },
  { cacheMs = 1_000, timeoutMs = 2_000, now = Date.now }: HealthOptions = {},
) {
  let lastAnswer = true;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<boolean> | null = null;

  async function ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("database ping timed out")), timeoutMs);
    });
    try {
      await Promise.race([database.ping(), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  function check(): Promise<boolean> {
    inFlight ??= ping().then((up) => {
      lastAnswer = up;
      checkedAt = now();
      inFlight = null;
      return up;
    });
    return inFlight;
  }

  return {
    /** true when the database answers now */
    databaseIsUp: check,
    /** the last answer if it is at most `cacheMs` old, otherwise a new check */
    async databaseWasUpRecently(): Promise<boolean> {
      return now() - checkedAt <= cacheMs ? lastAnswer : check();
    },
  };
}
