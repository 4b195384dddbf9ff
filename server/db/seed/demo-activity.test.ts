import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createEarningsService } from "#server/services/earnings.service.ts";
import { createQuizFunnelService } from "#server/services/quiz-funnel.service.ts";
import { createRateLimitService } from "#server/services/rate-limit.service.ts";
import { createTestDatabase } from "../../../tests/support/test-database";
import { seedDemoActivity } from "./demo-activity";
import { seedDemoContent } from "./seed";

// Issue 28: a fresh start shows the earnings working, so the demo brings a month of clicks, page
// views and an Amazon report of what they earned, imported the owner's way.
describe("demo activity", () => {
  let database: DatabaseHandle;
  const now = new Date("2026-11-26T09:00:00Z");
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoContent(database.db);
  });
  afterAll(() => database.close());

  it("adds a month of clicks, page views and earnings that the earnings report reads", async () => {
    const added = await seedDemoActivity(database.db, now);
    expect(added?.clicks).toBeGreaterThan(100);
    expect(added?.earningsLines).toBeGreaterThan(20);

    const earnings = createEarningsService(database.db, { now: () => now });
    const byPost = await earnings.report({ by: "post" });
    expect(byPost.from).toBe("2026-10-28");
    expect(byPost.totals).toHaveLength(1);
    const [total] = byPost.totals;
    expect(total?.currency).toBe("USD");
    expect(total?.earnings).toBeGreaterThan(10);
    expect(total?.orders).toBeGreaterThan(10);
    // every article has readers; those that place toys have clicks, and most of them earn
    const articles = byPost.rows.filter((row) => row.key.startsWith("post:"));
    expect(articles.length).toBe(10);
    expect(articles.every((row) => row.pageViews > 0)).toBe(true);
    expect(articles.filter((row) => row.clicks > 0).length).toBeGreaterThanOrEqual(5);
    // only the five reviewed toys are clicked: the dashboard's top ten keeps room for a visitor's
    const toys = await database.db.execute<{ n: number }>(
      sql`select count(distinct toy_id)::int as n from affiliate_clicks`,
    );
    expect(toys.rows[0]?.n).toBe(5);
    expect(articles.filter((row) => row.earnings > 0 && row.epc !== null && row.rpm !== null).length).toBeGreaterThan(
      4,
    );
    // today is left to the visitors: nothing counted on it
    const byDay = await earnings.report({ by: "day" });
    const today = byDay.rows.find((row) => row.key === "2026-11-26");
    expect(today?.clicks).toBe(0);
    expect(today?.earnings).toBe(0);
    // the newsletter's tracking ID goes to the newsletters whole
    const byPlacement = await earnings.report({ by: "placement" });
    expect(byPlacement.rows.find((row) => row.key === "Newsletters")?.earnings).toBeGreaterThan(0);
    const [mapped] = (await earnings.trackingIds()).filter((row) => row.placement === "email");
    expect(mapped?.trackingId).toBe("pawsomepicks-news-20");
  });

  it("walks the quiz too: each step of the funnel fewer than the one before, clicks from the results", async () => {
    const rateLimits = createRateLimitService(database.db);
    const service = createQuizFunnelService(database.db, { rateLimits }, { trackRateLimit: { max: 1, windowMs: 1 } });
    const funnel = await service.report({
      from: "2026-10-28",
      to: "2026-11-26",
    });
    const counts = funnel.steps.map((step) => step.count);
    const [viewed = 0, first = 0, all = 0, email = 0, shown = 0, , clicks = 0] = counts;
    expect(viewed).toBeGreaterThan(first);
    expect(first).toBeGreaterThan(all);
    expect(all).toBeGreaterThan(email);
    expect(email).toBeGreaterThan(shown);
    expect(clicks).toBeGreaterThan(0);
    expect(clicks).toBeLessThan(shown);
  });

  it("is added once, and never over numbers of the site's own", async () => {
    const before = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from earnings_rows`);
    expect(await seedDemoActivity(database.db, now)).toBeNull();
    const after = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from earnings_rows`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});
