import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../server/db/client";
import { seedLargeCatalogue } from "../server/db/seed/large-seed";
import { type FeedServer, feedItem, rssFeed, startFeedServer } from "./support/feed-server";
import { createTestDatabase } from "./support/test-database";
import { testServices } from "./support/test-services";

// Issue 27's "Done means": one sync of the large catalogue (10,000 toys) from a local feed, its
// time and its memory. A measurement, not part of `npm test` (it seeds 10,000 toys first):
//   SYNC_SCALE=1 npx vitest run tests/product-sync-scale.test.ts
// (add TEST_DATABASE_URL=postgres://… for PostgreSQL instead of PGlite).
const enabled = process.env.SYNC_SCALE === "1";
const TOYS = 10_000;

let database: DatabaseHandle;
let feeds: FeedServer;

/** Peak RSS and heap while `work` runs, sampled every 20 ms. */
async function measured<T>(work: () => Promise<T>) {
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    const mb = (bytes: number) => Math.round(bytes / 1_048_576);
    return {
      result,
      seconds,
      summary: `${seconds.toFixed(1)} s, peak RSS ${mb(peakRss)} MB (+${mb(peakRss - start.rss)}), peak heap ${mb(peakHeap)} MB (+${mb(peakHeap - start.heapUsed)})`,
    };
  } finally {
    clearInterval(timer);
  }
}

describe.skipIf(!enabled)("a product sync of the large catalogue", () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedLargeCatalogue(database.db, {
      toys: TOYS,
      posts: 0,
      breeds: 0,
      recommendationsPerBreed: 0,
      quizSubmissions: 0,
    });
    feeds = await startFeedServer();
  }, 600_000);

  afterAll(async () => {
    await feeds?.close();
    await database?.close();
  });

  it("checks 10,000 toys from one feed", async () => {
    const { rows } = await database.db.execute<{ asin: string; price: string }>(
      sql`select amazon_asin as asin, price from toys where amazon_asin like 'B0%' order by id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(TOYS - 100);
    // every price a cent lower than stored: every toy changes on the first run
    feeds.feed.body = rssFeed(
      rows.map((row) => {
        const cents = Math.round(Number(row.price.replace(/[$,]/g, "")) * 100) - 1;
        return feedItem(row.asin, { price: `${(cents / 100).toFixed(2)} USD` });
      }),
    );
    const services = testServices(database, {
      retail: { feedUrls: [feeds.url], allowHosts: [feeds.host], firstSyncDelayMs: 3_600_000 },
    });
    try {
      const first = await measured(() => services.productSync.run("admin"));
      console.log(
        `feed of ${rows.length} items (${(feeds.feed.body.length / 1_048_576).toFixed(1)} MB), every price changed: ${first.summary}`,
      );
      expect(first.result).toMatchObject({ checked: rows.length, updated: rows.length, failed: 0 });
      const second = await measured(() => services.productSync.run("admin"));
      console.log(`the same feed again, nothing changed: ${second.summary}`);
      expect(second.result).toMatchObject({ checked: rows.length, updated: 0, failed: 0 });
    } finally {
      await services.productSync.stop();
      await services.linkCheck.stop();
    }
  }, 600_000);
});
