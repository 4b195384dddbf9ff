import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { createRequestTurnsService } from "./request-turns.service";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("turns shared through the database", () => {
  it("hand two instances asking at once turns a pace apart, and other keys wait for none", async () => {
    const pace = 1_000;
    const waits: number[] = [];
    // two instances: two services over one database; their sleeps only record how long they would wait
    const record = async (ms: number) => {
      waits.push(ms);
    };
    const instances = [
      createRequestTurnsService(database.db, { sleep: record }),
      createRequestTurnsService(database.db, { sleep: record }),
    ];
    const started = performance.now();
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => instances[i % 2]?.turns("amazon:test", pace)()));
    const elapsed = performance.now() - started;

    // Turn i is booked at (first turn + i paces); its caller asked at some moment within `elapsed`,
    // so consecutive waits differ by a pace, give or take that.
    const all = [0, ...waits].sort((a, b) => a - b);
    expect(waits).toHaveLength(5);
    const gaps = all.slice(1).map((wait, i) => wait - (all[i] as number));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(pace - elapsed - 5);
      expect(gap).toBeLessThanOrEqual(pace + elapsed + 5);
    }

    waits.length = 0;
    await instances[0]?.turns("feed:other", pace)();
    expect(waits).toEqual([]);
  });
});
