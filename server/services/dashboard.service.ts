import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { ContentCounts } from "#domain/insights.ts";
import type { HiddenPrices, PriceRule } from "#domain/price-stamp.ts";
import type { Database } from "#server/db/client.ts";
import { breeds, categories, newsletterSubscribers, posts, toys } from "#server/db/schema.ts";

/** The dashboard's counts of what the site holds. */
export function createDashboardService(db: Database, { priceRule }: { priceRule: () => Promise<PriceRule> }) {
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

    /**
     * How many published products visitors see without a price because it is older than the
     * price age (issue 27), and why: never confirmed, or confirmed too long ago.
     */
    async hiddenPrices(): Promise<HiddenPrices> {
      const { now, maxAgeHours } = await priceRule();
      if (maxAgeHours === 0) return { maxAgeHours, neverConfirmed: 0, tooOld: 0 };
      const cutoff = new Date(now.getTime() - maxAgeHours * 3_600_000);
      const [row] = await db
        .select({
          neverConfirmed: sql<number>`count(*) filter (where ${toys.priceConfirmedAt} is null)`.mapWith(Number),
          tooOld: sql<number>`count(*) filter (where ${toys.priceConfirmedAt} is not null)`.mapWith(Number),
        })
        .from(toys)
        .where(
          and(
            isNull(toys.deletedAt),
            eq(toys.status, "published"),
            or(isNull(toys.priceConfirmedAt), lt(toys.priceConfirmedAt, cutoff)),
          ),
        );
      return { maxAgeHours, neverConfirmed: row?.neverConfirmed ?? 0, tooOld: row?.tooOld ?? 0 };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
