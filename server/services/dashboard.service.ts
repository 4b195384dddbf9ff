import { eq, sql } from "drizzle-orm";
import type { ContentCounts } from "#domain/insights.ts";
import type { Database } from "#server/db/client.ts";
import { breeds, categories, newsletterSubscribers, posts, toys } from "#server/db/schema.ts";

/** The dashboard's counts of what the site holds. */
export function createDashboardService(db: Database) {
  const count = sql<number>`count(*)`.mapWith(Number);
  return {
    /** Posts, products, breeds, categories and current newsletter subscribers. */
    async counts(): Promise<ContentCounts> {
      const [[p], [t], [b], [c], [s]] = await Promise.all([
        db.select({ n: count }).from(posts),
        db.select({ n: count }).from(toys),
        db.select({ n: count }).from(breeds),
        db.select({ n: count }).from(categories),
        db.select({ n: count }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "subscribed")),
      ]);
      return {
        posts: p?.n ?? 0,
        products: t?.n ?? 0,
        breeds: b?.n ?? 0,
        categories: c?.n ?? 0,
        subscribers: s?.n ?? 0,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
