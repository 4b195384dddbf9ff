import { describe, expect, it } from "vitest";
import { createIntervalTurns } from "./request-turns";

describe("createIntervalTurns", () => {
  it("spaces turns by the interval in the order they were asked for, and lets an idle caller go at once", async () => {
    let now = 1_000;
    const waits: number[] = [];
    const turns = createIntervalTurns(1_000, {
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    // Three callers at the same moment: the first goes now, the others are booked 1 s and 2 s later.
    await Promise.all([turns(), turns(), turns()]);
    expect(waits).toEqual([1_000, 2_000]);
    now = 10_000;
    await turns();
    expect(waits).toEqual([1_000, 2_000]);
    now = 10_400;
    await turns();
    expect(waits).toEqual([1_000, 2_000, 600]);
  });
});
