import { describe, expect, it } from "vitest";
import {
  centsToAmount,
  daysOf,
  EARNINGS_CSV_FILENAME_PATTERN,
  EARNINGS_GROUPINGS,
  type EarningsRow,
  earningsCsv,
  earningsCsvFileName,
  earningsMetrics,
  earningsPeriod,
  earningsQuerySchema,
  normalizeTrackingId,
  placementCovers,
  splitByWeights,
} from "./earnings";

const sum = (parts: number[]) => parts.reduce((a, b) => a + b, 0);

describe("splitByWeights (largest remainder)", () => {
  it("shares in proportion when the shares are whole", () => {
    expect(splitByWeights(1000, [3, 1])).toEqual([750, 250]);
    expect(splitByWeights(600, [1, 2, 3])).toEqual([100, 200, 300]);
    expect(splitByWeights(999, [1])).toEqual([999]);
  });

  it("gives the cents left over to the largest remainders, so the parts add up exactly", () => {
    // 1000 / 3 = 333.33… each: one cent left over, to the first of the equal remainders
    expect(splitByWeights(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    // 100 * 2/7 = 28.57, 100 * 5/7 = 71.43: the .57 takes the cent
    expect(splitByWeights(100, [2, 5])).toEqual([29, 71]);
    // 10 over 3, 3, 1: 4.29, 4.29, 1.43 -> 4, 4, 1 and one left over, for the largest remainder (.43)
    expect(splitByWeights(10, [3, 3, 1])).toEqual([4, 4, 2]);
  });

  it("breaks ties between equal remainders by the larger weight, then the earlier place", () => {
    // 5 over 2 and 4 and 2 (out of 8): 1.25, 2.5, 1.25 -> 1, 2, 1; remainders .25 .5 .25: the .5 first
    expect(splitByWeights(5, [2, 4, 2])).toEqual([1, 3, 1]);
    // 3 over 1, 2, 1, 2 (of 6): 0.5, 1, 0.5, 1 -> 0, 1, 0, 1; the two .5 ties: the earlier one
    expect(splitByWeights(3, [1, 2, 1, 2])).toEqual([1, 1, 0, 1]);
    // the same weights in another order give the same amounts to the same weights
    expect(splitByWeights(1, [1, 1])).toEqual([1, 0]);
  });

  it("shares a negative total (a refund) as its size, negated, and never answers -0", () => {
    expect(splitByWeights(-1000, [1, 1, 1])).toEqual([-334, -333, -333]);
    expect(splitByWeights(-1, [1, 1])).toEqual([-1, 0]);
    expect(Object.is(splitByWeights(-1, [1, 1])[1], 0)).toBe(true);
    expect(splitByWeights(0, [2, 3])).toEqual([0, 0]);
  });

  it("gives nothing to a weight of 0", () => {
    expect(splitByWeights(7, [0, 1, 0])).toEqual([0, 7, 0]);
  });

  it("always adds up to the total, whatever the weights", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const weights = Array.from({ length: 1 + random(8) }, () => random(50));
      if (sum(weights) === 0) weights.push(1);
      const total = random(2_000_000) - 1_000_000;
      const parts = splitByWeights(total, weights);
      expect(sum(parts)).toBe(total);
      parts.forEach((part, i) => {
        // each part is within one unit of its exact share
        expect(Math.abs(part - (total * (weights[i] ?? 0)) / sum(weights))).toBeLessThan(1);
      });
    }
  });

  it("refuses what it cannot share exactly", () => {
    expect(() => splitByWeights(100, [])).toThrow(RangeError);
    expect(() => splitByWeights(100, [0, 0])).toThrow(RangeError);
    expect(() => splitByWeights(100, [-1, 2])).toThrow(RangeError);
    expect(() => splitByWeights(1.5, [1])).toThrow(RangeError);
    expect(() => splitByWeights(100, [0.5, 1])).toThrow(RangeError);
    expect(() => splitByWeights(Number.MAX_SAFE_INTEGER, [3, 4])).toThrow(RangeError);
  });
});

describe("earnings metrics", () => {
  it("are conversion = orders/clicks, EPC = earnings/clicks, RPM = earnings per 1,000 page views", () => {
    expect(earningsMetrics({ earningsCents: 750, orders: 1, clicks: 3, pageViews: 200 })).toEqual({
      conversion: 0.3333,
      epc: 2.5,
      rpm: 37.5,
    });
    expect(earningsMetrics({ earningsCents: 1234, orders: 2, clicks: 8, pageViews: 3 })).toEqual({
      conversion: 0.25,
      epc: 1.54,
      rpm: 4113.33,
    });
  });

  it("are null where there is nothing to divide by", () => {
    expect(earningsMetrics({ earningsCents: 500, orders: 1, clicks: 0, pageViews: 0 })).toEqual({
      conversion: null,
      epc: null,
      rpm: null,
    });
    expect(earningsMetrics({ earningsCents: 0, orders: 0, clicks: 4, pageViews: 10 })).toEqual({
      conversion: 0,
      epc: 0,
      rpm: 0,
    });
  });

  it("round a refund like the sale it undoes", () => {
    expect(earningsMetrics({ earningsCents: -1000, orders: -1, clicks: 3, pageViews: 0 })).toEqual({
      conversion: -0.3333,
      epc: -3.33,
      rpm: null,
    });
    expect(centsToAmount(-250)).toBe(-2.5);
    expect(centsToAmount(1234)).toBe(12.34);
    expect(Object.is(centsToAmount(-0), 0)).toBe(true);
  });
});

describe("the report's query", () => {
  const parse = (query: Record<string, unknown>) => earningsQuerySchema.safeParse(query);
  const message = (query: Record<string, unknown>) => {
    const result = parse(query);
    return result.success ? null : result.error.issues[0]?.message;
  };
  const today = new Date("2026-11-26T23:30:00Z");

  it("takes a period of days and a grouping", () => {
    expect(parse({ from: "2026-11-01", to: "2026-11-30", by: "toy" }).data).toEqual({
      from: "2026-11-01",
      to: "2026-11-30",
      by: "toy",
    });
    expect(parse({ from: "2026-11-05", to: "2026-11-05", by: "day" }).success).toBe(true);
    for (const by of EARNINGS_GROUPINGS) expect(parse({ by }).success).toBe(true);
  });

  it("defaults to articles over the last 30 days ending today (UTC)", () => {
    const query = parse({});
    expect(query.data).toEqual({ by: "post" });
    expect(earningsPeriod(query.data ?? { by: "post" }, today)).toEqual({
      from: "2026-10-28",
      to: "2026-11-26",
      by: "post",
    });
    expect(daysOf("2026-10-28", "2026-11-26")).toHaveLength(30);
    expect(earningsPeriod({ from: "2026-01-01", to: "2026-01-31", by: "day" }, today)).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      by: "day",
    });
  });

  it("refuses bad days, a reversed or too long period, half a period and unknown groupings, saying why", () => {
    expect(message({ from: "2026-02-30", to: "2026-03-01" })).toBe("from must be a date written YYYY-MM-DD");
    expect(message({ from: "2026-11-01", to: "26-11-30" })).toBe("to must be a date written YYYY-MM-DD");
    expect(message({ from: ["2026-11-01", "2026-11-02"], to: "2026-11-30" })).toBe(
      "from must be a date written YYYY-MM-DD",
    );
    expect(message({ from: "2026-11-30", to: "2026-11-01" })).toBe("from must not be after to");
    expect(message({ from: "2025-01-01", to: "2026-01-02" })).toBe("The period may be at most 366 days");
    expect(parse({ from: "2024-01-01", to: "2024-12-31" }).success).toBe(true); // 366 days of a leap year
    expect(message({ from: "2026-11-01" })).toBe("Give both from and to (YYYY-MM-DD), or neither for the last 30 days");
    expect(message({ to: "2026-11-01" })).toBe("Give both from and to (YYYY-MM-DD), or neither for the last 30 days");
    expect(message({ by: "article" })).toBe("by must be one of post, placement, toy, day, country");
    expect(message({ by: "POST" })).toBe("by must be one of post, placement, toy, day, country");
  });

  it("lists every day of a period in order, across month ends", () => {
    expect(daysOf("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(daysOf("2026-03-02", "2026-03-01")).toEqual([]);
  });
});

describe("tracking IDs and placements", () => {
  it("match tracking IDs without regard to case or surrounding spaces", () => {
    expect(normalizeTrackingId(" Pawsome-Email-20 ")).toBe("pawsome-email-20");
    expect(normalizeTrackingId("")).toBeNull();
    expect(normalizeTrackingId("   ")).toBeNull();
    expect(normalizeTrackingId("a\u0000b")).toBeNull();
    expect(normalizeTrackingId("x".repeat(101))).toBeNull();
  });

  it("let a placement's own tracking ID cover its clicks, and the newsletters' cover every newsletter", () => {
    expect(placementCovers("post:best-chews", "post:best-chews")).toBe(true);
    expect(placementCovers("post:best-chews", "post:best-chews-2")).toBe(false);
    expect(placementCovers("email", "email:12")).toBe(true);
    expect(placementCovers("email", "email")).toBe(true);
    expect(placementCovers("email:12", "email:13")).toBe(false);
    expect(placementCovers("catalogue", "home")).toBe(false);
  });
});

describe("the CSV export", () => {
  const row = (over: Partial<EarningsRow>): EarningsRow => ({
    key: "post:kong",
    label: "Kong review",
    currency: "USD",
    earnings: 7.5,
    revenue: 75,
    orders: 1,
    clicks: 3,
    pageViews: 0,
    conversion: 0.3333,
    epc: 2.5,
    rpm: null,
    ...over,
  });

  it("writes a header, then a line per row with plain numbers and empty cells for no rate", () => {
    const text = earningsCsv({
      by: "post",
      rows: [row({}), row({ key: "post:ball", label: "Ball, red", earnings: -2.5 })],
    });
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.slice(1).split("\r\n")).toEqual([
      "Article,Key,Currency,Earnings,Revenue,Orders,Clicks,Page views,Conversion,EPC,RPM",
      "Kong review,post:kong,USD,7.50,75.00,1,3,0,0.3333,2.50,",
      '"Ball, red",post:ball,USD,-2.50,75.00,1,3,0,0.3333,2.50,',
      "",
    ]);
  });

  it("keeps a name a spreadsheet would run as a formula as text", () => {
    const text = earningsCsv({ by: "toy", rows: [row({ key: "toy:3", label: '=HYPERLINK("http://x","y")' })] });
    expect(text.split("\r\n")[1]).toBe(`"'=HYPERLINK(""http://x"",""y"")",toy:3,USD,7.50,75.00,1,3,0,0.3333,2.50,`);
    expect(text.split("\r\n")[0]).toContain("Product,Key");
  });

  it("is named after its grouping and period", () => {
    const name = earningsCsvFileName({ from: "2026-11-01", to: "2026-11-30", by: "country" });
    expect(name).toBe("earnings-by-country-2026-11-01-to-2026-11-30.csv");
    expect(new RegExp(`^${EARNINGS_CSV_FILENAME_PATTERN}$`).test(name)).toBe(true);
  });
});
