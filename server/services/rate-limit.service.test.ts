import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { createRateLimitService } from "./rate-limit.service";

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("rate limit counters", () => {
  it("counts every one of many concurrent hits exactly once", async () => {
    const limiter = createRateLimitService(database.db);
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => limiter.hit("burst", 25, 60_000)));
    expect(verdicts.map((v) => v.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(25);
    expect(Math.max(...verdicts.map((v) => v.retryAfterSeconds))).toBeLessThanOrEqual(60);
  });

  it("keeps keys apart and starts a new window when the old one ran out", async () => {
    const limiter = createRateLimitService(database.db);
    expect((await limiter.hit("a", 1, 1_000)).allowed).toBe(true);
    expect((await limiter.hit("a", 1, 1_000)).allowed).toBe(false);
    expect((await limiter.hit("b", 1, 1_000)).allowed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await limiter.hit("a", 1, 1_000)).toMatchObject({ allowed: true, hits: 1 });
  });
});

describe("rolling limits", () => {
  it("allow at most max in any window, however the attempts fall around a window's edge", async () => {
    let clock = new Date();
    const limiter = createRateLimitService(database.db, { now: () => clock });
    const at = (iso: string) => {
      clock = new Date(iso);
      return limiter.hitRolling("rolling", 3, 24 * 3_600_000);
    };
    expect(await at("2026-11-25T00:00:00.000Z")).toMatchObject({ allowed: true, hits: 1 });
    expect(await at("2026-11-25T23:58:00.000Z")).toMatchObject({ allowed: true, hits: 2 });
    expect(await at("2026-11-25T23:59:00.000Z")).toMatchObject({ allowed: true, hits: 3 });
    // refused until the first one is a day old
    expect(await at("2026-11-25T23:59:30.000Z")).toEqual({ allowed: false, hits: 4, retryAfterSeconds: 30 });
    expect(await at("2026-11-26T00:00:30.000Z")).toMatchObject({ allowed: true, hits: 3 });
    // a window opened at the first hit would have started again at midnight and allowed three more
    expect(await at("2026-11-26T00:01:00.000Z")).toEqual({
      allowed: false,
      hits: 4,
      retryAfterSeconds: 23 * 3_600 + 57 * 60,
    });
    expect((await limiter.hitRolling("another", 3, 24 * 3_600_000)).allowed).toBe(true);
  });

  it("count concurrent attempts one by one", async () => {
    const limiter = createRateLimitService(database.db);
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => limiter.hitRolling("crowd", 3, 60_000)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
  });
});
