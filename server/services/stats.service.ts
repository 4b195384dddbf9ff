import { createHmac } from "node:crypto";
import { and, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { isoDay } from "#domain/dates.ts";
import { type ClickBreakdown, type DailyStats, deletedToyName, type ToyClicks } from "#domain/insights.ts";
import { type CountryCode, isCountryCode } from "#domain/marketplaces.ts";
import { placementGroup } from "#domain/placements.ts";
import { postPath } from "#domain/post-links.ts";
import type { Database } from "#server/db/client.ts";
import { affiliateClicks, posts, postViewsDaily, toys, visitorDailyHashes, visitorStats } from "#server/db/schema.ts";
import type { RateLimitService } from "./rate-limit.service";
import type { SecretSource } from "./secrets.service";

const DAY_MS = 24 * 60 * 60_000;

/** How affiliate clicks are counted per client (an IPv4 address or IPv6 /64). */
export const CLICK_LIMITS = {
  /** a second click on the same toy within this time is the same interest, not a new one */
  repeatWindowMs: 30 * 60_000,
  /** clicks counted per client and hour, whatever the toy */
  perClient: { max: 20, windowMs: 60 * 60_000 },
} as const;

/** Privacy-first visit counting (one visitor_stats row per UTC day) and affiliate click counts. */
export function createStatsService(
  db: Database,
  { salt, rateLimits }: { salt: SecretSource; rateLimits: RateLimitService },
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());

  let prunedDay = "";

  /** The first day of a period of `days` days that ends today. */
  const firstDay = (days: number) => isoDay(new Date(now().getTime() - (days - 1) * DAY_MS));

  /** Adds to the day's counters in one statement: concurrent requests on any instance serialise on the row. */
  async function bump(day: string, add: { visits?: number; pageViews?: number; uniqueVisitors?: number }) {
    const set: Record<string, unknown> = {};
    for (const [column, amount] of Object.entries(add)) {
      set[column] = sql`${visitorStats[column as keyof typeof add]} + ${amount}`;
    }
    await db
      .insert(visitorStats)
      .values({ date: day, ...add })
      .onConflictDoUpdate({ target: visitorStats.date, set });
  }

  return {
    /** A new browser session: a visit, and a unique visitor when this IP + browser was not seen today. */
    async trackVisit(visitor: { ip: string; userAgent: string }): Promise<void> {
      const day = isoDay(now());
      // The day is part of the salt, so yesterday's hashes cannot be matched to today's.
      const hash = createHmac("sha256", `${await salt.get()}:${day}`)
        .update(`${visitor.ip}\n${visitor.userAgent}`)
        .digest("base64url");
      const inserted = await db
        .insert(visitorDailyHashes)
        .values({ day, hash })
        .onConflictDoNothing()
        .returning({ hash: visitorDailyHashes.hash });
      await bump(day, inserted.length > 0 ? { visits: 1, uniqueVisitors: 1 } : { visits: 1 });
      // Earlier days' hashes go once a day per instance, so none outlives its day.
      if (prunedDay !== day) {
        prunedDay = day;
        await db.delete(visitorDailyHashes).where(sql`${visitorDailyHashes.day} < ${day}`);
      }
    },

    /**
     * One page shown; when it was a post's page (`postSlug`, read from its address), a view of
     * that article too (the RPM's denominator, decision 064). Only a published post's slug is
     * stored: the insert takes it from the post's own row, so a made-up slug adds nothing.
     */
    async trackPageView(postSlug: string | null = null): Promise<void> {
      const at = now();
      const day = isoDay(at);
      await bump(day, { pageViews: 1 });
      if (postSlug === null) return;
      await db
        .insert(postViewsDaily)
        .select(
          db
            .select({ day: sql<string>`${day}::date`.as("day"), slug: posts.slug, views: sql<number>`1`.as("views") })
            .from(posts)
            .where(
              and(
                eq(posts.slug, postSlug),
                eq(posts.status, "published"),
                lte(posts.publishedAt, at),
                isNull(posts.deletedAt),
              ),
            ),
        )
        .onConflictDoUpdate({
          target: [postViewsDaily.day, postViewsDaily.slug],
          set: { views: sql`${postViewsDaily.views} + 1` },
        });
    },

    /** The last `days` days, oldest first, with 0 for days without a row. */
    async daily(days: number): Promise<DailyStats[]> {
      const today = now();
      const first = isoDay(new Date(today.getTime() - (days - 1) * DAY_MS));
      const rows = await db.select().from(visitorStats).where(gte(visitorStats.date, first));
      const byDay = new Map(rows.map((row) => [row.date, row]));
      return Array.from({ length: days }, (_, i) => {
        const date = isoDay(new Date(today.getTime() - (days - 1 - i) * DAY_MS));
        const row = byDay.get(date);
        return {
          date,
          visits: row?.visits ?? 0,
          pageViews: row?.pageViews ?? 0,
          uniqueVisitors: row?.uniqueVisitors ?? 0,
          avgTimeOnSite: row?.avgTimeOnSite ?? 0,
        };
      });
    },

    /**
     * Counts a click on a toy's affiliate link from one placement, unless it is a repeat (the
     * same client and toy within CLICK_LIMITS.repeatWindowMs) or the client is past its hourly
     * share: a script cannot push a toy up the dashboard's "top clicked toys".
     * True when the click was counted.
     */
    async recordClick(click: {
      toyId: number;
      placement: string;
      /** the visitor's country (two letters), null when unknown */
      country: CountryCode | null;
      client: string;
    }): Promise<boolean> {
      const { toyId, placement, client } = click;
      // only ever an assigned country's two letters: nothing else about the visitor is kept
      const country = click.country && isCountryCode(click.country) ? click.country : "";
      const repeat = await rateLimits.hit(`click:${client}:${toyId}`, 1, CLICK_LIMITS.repeatWindowMs);
      if (!repeat.allowed) return false;
      const share = await rateLimits.hit(
        `clicks:${client}`,
        CLICK_LIMITS.perClient.max,
        CLICK_LIMITS.perClient.windowMs,
      );
      if (!share.allowed) return false;
      await db
        .insert(affiliateClicks)
        .values({ toyId, placement, day: isoDay(now()), country, clicks: 1 })
        .onConflictDoUpdate({
          target: [affiliateClicks.toyId, affiliateClicks.placement, affiliateClicks.day, affiliateClicks.country],
          set: { clicks: sql`${affiliateClicks.clicks} + 1` },
        });
      return true;
    },

    /**
     * The most clicked toys of the last `days` days. A toy in the trash keeps its name and a
     * purged one is named "Deleted product #id": either way its clicks still count.
     */
    async topClickedToys(days: number, limit: number): Promise<ToyClicks[]> {
      const clicks = sql<number>`sum(${affiliateClicks.clicks})`.mapWith(Number);
      const rows = await db
        .select({ toyId: affiliateClicks.toyId, name: toys.name, deletedAt: toys.deletedAt, clicks })
        .from(affiliateClicks)
        .leftJoin(toys, eq(toys.id, affiliateClicks.toyId))
        .where(gte(affiliateClicks.day, firstDay(days)))
        .groupBy(affiliateClicks.toyId, toys.name, toys.deletedAt)
        .orderBy(desc(clicks), toys.name)
        .limit(limit);
      return rows.map(({ deletedAt, ...row }) => ({
        ...row,
        name: row.name ?? deletedToyName(row.toyId),
        deleted: row.name === null || deletedAt !== null,
      }));
    },

    /**
     * Clicks of the last `days` days by where the link sat: per placement group (articles,
     * catalogue, toy pages…) and per article (post slug, with its title when it still exists);
     * and by the visitor's country (null: unknown).
     */
    async clickBreakdown(days: number, articleLimit: number): Promise<ClickBreakdown> {
      const clicks = sql<number>`sum(${affiliateClicks.clicks})`.mapWith(Number);
      const since = gte(affiliateClicks.day, firstDay(days));
      const [rows, countries] = await Promise.all([
        db
          .select({ placement: affiliateClicks.placement, clicks })
          .from(affiliateClicks)
          .where(since)
          .groupBy(affiliateClicks.placement),
        db
          .select({ country: affiliateClicks.country, clicks })
          .from(affiliateClicks)
          .where(since)
          .groupBy(affiliateClicks.country),
      ]);
      const groups = new Map<string, number>();
      const articles: { slug: string; clicks: number }[] = [];
      for (const row of rows) {
        const group = placementGroup(row.placement);
        groups.set(group, (groups.get(group) ?? 0) + row.clicks);
        if (row.placement.startsWith("post:")) articles.push({ slug: row.placement.slice(5), clicks: row.clicks });
      }
      articles.sort((a, b) => b.clicks - a.clicks || a.slug.localeCompare(b.slug));
      const top = articles.slice(0, articleLimit);
      const titles = new Map(
        top.length === 0
          ? []
          : (
              await db
                .select({ slug: posts.slug, title: posts.title, postType: posts.postType })
                .from(posts)
                .where(
                  inArray(
                    posts.slug,
                    top.map((a) => a.slug),
                  ),
                )
            ).map((p) => [p.slug, p]),
      );
      return {
        total: rows.reduce((sum, row) => sum + row.clicks, 0),
        byPlacement: [...groups]
          .map(([placement, count]) => ({ placement, clicks: count }))
          .sort((a, b) => b.clicks - a.clicks || a.placement.localeCompare(b.placement)),
        byArticle: top.map((article) => {
          const post = titles.get(article.slug);
          return {
            slug: article.slug,
            title: post?.title ?? null,
            path: post ? postPath(post) : null,
            clicks: article.clicks,
          };
        }),
        byCountry: countries
          .map((row) => ({ country: row.country || null, clicks: row.clicks }))
          // the most clicks first; unknown last among equals, then by code
          .sort(
            (a, b) =>
              b.clicks - a.clicks ||
              (a.country === null ? 1 : 0) - (b.country === null ? 1 : 0) ||
              (a.country ?? "").localeCompare(b.country ?? ""),
          ),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
