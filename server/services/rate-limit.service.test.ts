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
