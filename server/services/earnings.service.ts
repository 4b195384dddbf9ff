import { and, between, eq, inArray, isNull, like, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { formatCompactDate } from "#domain/dates.ts";
import {
  type CurrencyAmount,
  centsToAmount,
  countryKey,
  daysOf,
  type EarningsFigures,
  type EarningsPeriod,
  type EarningsQuery,
  type EarningsReport,
  type EarningsRow,
  earningsCsv,
  earningsCsvFileName,
  earningsMetrics,
  earningsPeriod,
  FALLBACK_CURRENCY,
  normalizeTrackingId,
  type PlacementOption,
  placementCovers,
  splitByWeights,
  type TrackingIdSummary,
  type UnmatchedItem,
} from "#domain/earnings.ts";
import { deletedToyName } from "#domain/insights.ts";
import { countryName } from "#domain/marketplaces.ts";
import { FIXED_PLACEMENTS, parsePlacement, placementGroup, placementName } from "#domain/placements.ts";
import type { Database } from "#server/db/client.ts";
import {
  affiliateClicks,
  breeds,
  newsletters,
  posts,
  postViewsDaily,
  toys,
  trackingIdPlacements,
  visitorStats,
} from "#server/db/schema.ts";
import { ServiceError } from "./service-error";

// The earnings report (issue 28, decision 064). The database sums the report lines per toy, day,
// currency, kind and mapped placement (a month of 100,000 lines becomes a few thousand groups),
// and the clicks per toy, day, placement and country; the sharing out happens here, with the
// domain's largest-remainder rule, so every group's parts add up to it exactly.

/**
 * The toy an item id names, worked out when read (a line that matched nothing counts as soon as a
 * toy gets its id): ASINs without regard to case or spaces, as product sources match them, and
 * retailer item ids as written. Of several toys with one id (a duplicate keeps the original's),
 * the one outside the trash, then the published one, then the oldest. Trashed toys still match:
 * what earned, earned.
 */
const ITEM_TOYS = sql`asin_toys as (
    select distinct on (upper(trim(amazon_asin))) upper(trim(amazon_asin)) as item_id, id as toy_id
    from toys where trim(coalesce(amazon_asin, '')) <> ''
    order by upper(trim(amazon_asin)), deleted_at is not null, status <> 'published', id
  ), retailer_toys as (
    select distinct on (trim(retailer_item_id)) trim(retailer_item_id) as item_id, id as toy_id
    from toys where trim(coalesce(retailer_item_id, '')) <> ''
    order by trim(retailer_item_id), deleted_at is not null, status <> 'published', id
  )`;
/** The joins that go with ITEM_TOYS, for earnings_rows as `r`: the ASIN wins over a retailer item id. */
const ITEM_TOY_JOINS = sql`left join asin_toys a on a.item_id = upper(r.item_id)
  left join retailer_toys t on t.item_id = r.item_id`;

/** The lines of a period summed per toy (or unmatched item), day, tracking ID placement, currency and kind. */
interface LineGroup {
  day: string;
  toyId: number | null;
  /** the item id, for lines no toy matched */
  itemId: string | null;
  /** the placement the owner gave the lines' tracking ID, if any */
  placement: string | null;
  currency: string;
  kind: "earnings" | "orders";
  items: number;
  returns: number;
  revenueCents: number;
  earningsCents: number;
  lines: number;
}

/** What a group or a part of one brings: cents and orders. */
interface Money {
  earnings: number;
  revenue: number;
  orders: number;
}

/** One (placement, country) count of clicks on a toy on a day. */
interface ClickCell {
  placement: string;
  country: string;
  clicks: number;
}

/** Figures per key and currency, in cents. */
type Ledger = Map<string, Map<string, Money>>;

function add(ledger: Ledger, key: string, currency: string, money: Money) {
  let byCurrency = ledger.get(key);
  if (!byCurrency) {
    byCurrency = new Map();
    ledger.set(key, byCurrency);
  }
  const sum = byCurrency.get(currency);
  if (sum) {
    sum.earnings += money.earnings;
    sum.revenue += money.revenue;
    sum.orders += money.orders;
  } else byCurrency.set(currency, { ...money });
}

/** `money` shared by the weights: each of its three figures with the largest-remainder rule. */
function share(money: Money, weights: number[]): Money[] {
  const earnings = splitByWeights(money.earnings, weights);
  const revenue = splitByWeights(money.revenue, weights);
  const orders = splitByWeights(money.orders, weights);
  return weights.map((_, i) => ({ earnings: earnings[i] ?? 0, revenue: revenue[i] ?? 0, orders: orders[i] ?? 0 }));
}

const ZERO: Money = { earnings: 0, revenue: 0, orders: 0 };

function figures(currency: string, money: Money, clicks: number, pageViews: number): EarningsFigures {
  return {
    currency,
    earnings: centsToAmount(money.earnings),
    revenue: centsToAmount(money.revenue),
    orders: money.orders,
    clicks,
    pageViews,
    ...earningsMetrics({ earningsCents: money.earnings, orders: money.orders, clicks, pageViews }),
  };
}

/** Currencies in the report's order: the period's main one first, then by code. */
function currencyOrder(main: string) {
  return (a: string, b: string) => (a === main ? -1 : b === main ? 1 : a.localeCompare(b));
}

const sumOf = (column: SQL | AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** Earnings, orders, conversion, EPC and RPM per article, placement, toy, day and country (decision 064). */
export function createEarningsService(db: Database, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  /**
   * The period's lines summed per toy (or unmatched item), day, mapped placement, currency and
   * kind, and the clicks of each toy and day that has lines (its (placement, country) counts in a
   * fixed order), in one statement. Tuned for a month of 100,000 lines (tests/earnings-scale.test.ts):
   * each (item, tracking ID) pair is looked up once rather than per line; the grouping gets the
   * memory to hash instead of sorting on disk; and the answer is two texts split by the ASCII
   * separators (records by RS, fields by US, a toy's clicks by GS and FS), which no stored day,
   * number, placement, country, currency or kind holds (an item id might: it is JSON-quoted), because PGlite hands a JavaScript program 50,000 rows several
   * times slower than the same values as one string.
   */
  async function readLinesAndClicks(
    from: string,
    to: string,
  ): Promise<{ groups: LineGroup[]; cells: Map<string, ClickCell[]> }> {
    const [answer] = await db.transaction(async (tx) => {
      await tx.execute(sql`set local work_mem = '32MB'`);
      const { rows } = await tx.execute<{ lines: string; cells: string }>(sql`with ${ITEM_TOYS},
        keys as materialized (
          select k.item_id, k.tracking_id, coalesce(a.toy_id, t.toy_id) as toy_id, m.placement
          from (select distinct item_id, tracking_id from earnings_rows where day between ${from} and ${to}) k
          left join asin_toys a on a.item_id = upper(k.item_id)
          left join retailer_toys t on t.item_id = k.item_id
          left join tracking_id_placements m on m.tracking_id = lower(k.tracking_id)
        ),
        grouped as materialized (
          select r.day, k.toy_id, case when k.toy_id is null then r.item_id end as item_id, k.placement,
            r.currency, r.kind, sum(r.items) as items, sum(r.returns) as returns,
            sum(r.revenue_cents) as revenue, sum(r.earnings_cents) as earnings, count(*) as lines
          from earnings_rows r
          join keys k on k.item_id = r.item_id and k.tracking_id = r.tracking_id
          where r.day between ${from} and ${to}
          group by r.day, 2, 3, 4, r.currency, r.kind
        ),
        cells as (
          select c.toy_id, c.day - ${from}::date as day,
            string_agg(concat_ws(chr(28), c.placement, c.country, c.clicks), chr(29) order by c.placement, c.country) as cells
          from affiliate_clicks c
          where c.day between ${from} and ${to} and c.clicks > 0
            and (c.toy_id, c.day) in (select toy_id, day from grouped where toy_id is not null)
          group by c.toy_id, c.day
        )
        select
          coalesce((select string_agg(concat_ws(chr(31), day - ${from}::date, coalesce(toy_id::text, ''),
            coalesce(to_json(item_id)::text, ''), coalesce(placement, ''), currency, kind, items, returns, revenue,
            earnings, lines), chr(30)) from grouped), '') as lines,
          coalesce((select string_agg(concat_ws(chr(31), toy_id, day, cells), chr(30)) from cells), '') as cells`);
      return rows;
    });
    const days = daysOf(from, to);
    const groups: LineGroup[] = [];
    for (const record of answer?.lines ? answer.lines.split("\x1e") : []) {
      const f = record.split("\x1f");
      const toyId = f[1] ?? "";
      const itemId = f[2] ?? "";
      const placement = f[3] ?? "";
      groups.push({
        day: days[Number(f[0])] ?? "",
        toyId: toyId === "" ? null : Number(toyId),
        itemId: itemId === "" ? null : (JSON.parse(itemId) as string),
        placement: placement === "" ? null : placement,
        currency: f[4] ?? "",
        kind: f[5] as LineGroup["kind"],
        items: Number(f[6]),
        returns: Number(f[7]),
        revenueCents: Number(f[8]),
        earningsCents: Number(f[9]),
        lines: Number(f[10]),
      });
    }
    const cells = new Map<string, ClickCell[]>();
    for (const record of answer?.cells ? answer.cells.split("\x1e") : []) {
      const [toyId, day, list = ""] = record.split("\x1f");
      cells.set(
        `${toyId}|${days[Number(day)]}`,
        list.split("\x1d").map((cell) => {
          const [placement = "", country = "", clicks = "0"] = cell.split("\x1c");
          return { placement, country, clicks: Number(clicks) };
        }),
      );
    }
    return { groups, cells };
  }

  /** Clicks of the period per the grouping's key, as counted. */
  async function clicksByKey(period: EarningsPeriod): Promise<Map<string, number>> {
    const inPeriod = between(affiliateClicks.day, period.from, period.to);
    const clicks = sumOf(affiliateClicks.clicks);
    const counted = new Map<string, number>();
    const count = (key: string, n: number) => counted.set(key, (counted.get(key) ?? 0) + n);
    switch (period.by) {
      case "post":
      case "placement": {
        const rows = await db
          .select({ placement: affiliateClicks.placement, clicks })
          .from(affiliateClicks)
          .where(period.by === "post" ? and(inPeriod, like(affiliateClicks.placement, "post:%")) : inPeriod)
          .groupBy(affiliateClicks.placement);
        for (const row of rows) count(period.by === "post" ? row.placement : placementGroup(row.placement), row.clicks);
        break;
      }
      case "toy": {
        const rows = await db
          .select({ toyId: affiliateClicks.toyId, clicks })
          .from(affiliateClicks)
          .where(inPeriod)
          .groupBy(affiliateClicks.toyId);
        for (const row of rows) count(`toy:${row.toyId}`, row.clicks);
        break;
      }
      case "day": {
        const rows = await db
          .select({ day: affiliateClicks.day, clicks })
          .from(affiliateClicks)
          .where(inPeriod)
          .groupBy(affiliateClicks.day);
        for (const row of rows) count(row.day, row.clicks);
        break;
      }
      case "country": {
        const rows = await db
          .select({ country: affiliateClicks.country, clicks })
          .from(affiliateClicks)
          .where(inPeriod)
          .groupBy(affiliateClicks.country);
        for (const row of rows) count(countryKey(row.country), row.clicks);
        break;
      }
    }
    return counted;
  }

  /** Page views of the period per the grouping's key: articles' own, the site's per day; none for the rest. */
  async function pageViewsByKey(period: EarningsPeriod): Promise<Map<string, number>> {
    const counted = new Map<string, number>();
    if (period.by === "post" || period.by === "placement") {
      const rows = await db
        .select({ slug: postViewsDaily.slug, views: sumOf(postViewsDaily.views) })
        .from(postViewsDaily)
        .where(between(postViewsDaily.day, period.from, period.to))
        .groupBy(postViewsDaily.slug);
      for (const row of rows) {
        // every article's views are the "Articles" placement group's
        const key = period.by === "post" ? `post:${row.slug}` : placementGroup(`post:${row.slug}`);
        counted.set(key, (counted.get(key) ?? 0) + row.views);
      }
    } else if (period.by === "day") {
      const rows = await db
        .select({ day: visitorStats.date, views: visitorStats.pageViews })
        .from(visitorStats)
        .where(between(visitorStats.date, period.from, period.to));
      for (const row of rows) counted.set(row.day, row.views);
    }
    return counted;
  }

  /** The whole site's clicks and page views of the period (the totals' denominators). */
  async function siteCounts(period: EarningsPeriod): Promise<{ clicks: number; pageViews: number }> {
    const [[clicks], [views]] = await Promise.all([
      db
        .select({ n: sumOf(affiliateClicks.clicks) })
        .from(affiliateClicks)
        .where(between(affiliateClicks.day, period.from, period.to)),
      db
        .select({ n: sumOf(visitorStats.pageViews) })
        .from(visitorStats)
        .where(between(visitorStats.date, period.from, period.to)),
    ]);
    return { clicks: clicks?.n ?? 0, pageViews: views?.n ?? 0 };
  }

  /** What the owner calls each key of the rows. */
  async function labelsOf(by: EarningsPeriod["by"], keys: string[]): Promise<Map<string, string>> {
    const labels = new Map<string, string>();
    if (by === "post") {
      const slugs = keys.map((key) => key.slice("post:".length));
      const found =
        slugs.length === 0
          ? []
          : await db.select({ slug: posts.slug, title: posts.title }).from(posts).where(inArray(posts.slug, slugs));
      const titles = new Map(found.map((post) => [post.slug, post.title]));
      // a post that is gone (or renamed since its clicks) is named by its slug
      for (const slug of slugs) labels.set(`post:${slug}`, titles.get(slug) ?? slug);
    } else if (by === "toy") {
      const ids = keys.map((key) => Number(key.slice("toy:".length)));
      const found =
        ids.length === 0
          ? []
          : await db.select({ id: toys.id, name: toys.name }).from(toys).where(inArray(toys.id, ids));
      const names = new Map(found.map((toy) => [toy.id, toy.name]));
      // a trashed toy keeps its name; a purged one is named as on the dashboard
      for (const id of ids) labels.set(`toy:${id}`, names.get(id) ?? deletedToyName(id));
    } else {
      for (const key of keys) {
        labels.set(
          key,
          by === "day" ? formatCompactDate(key) : by === "country" ? countryName(key === "unknown" ? null : key) : key,
        );
      }
    }
    return labels;
  }

  /** The placements that have a tracking ID of their own: their clicks share no other line. */
  async function ownedPlacements(): Promise<string[]> {
    const rows = await db.selectDistinct({ placement: trackingIdPlacements.placement }).from(trackingIdPlacements);
    return rows.map((row) => row.placement);
  }

  /**
   * A period's figures by one grouping, as decision 064 shares them out: a row per key and
   * currency, the totals per currency, what no click or tracking ID attributes, and how many
   * lines match no toy.
   */
  async function report(query: EarningsQuery): Promise<EarningsReport> {
    const period = earningsPeriod(query, now());
    const { from, to, by } = period;
    const [{ groups, cells }, owned, keyClicks, keyViews, site] = await Promise.all([
      readLinesAndClicks(from, to),
      ownedPlacements(),
      clicksByKey(period),
      pageViewsByKey(period),
      siteCounts(period),
    ]);

    // The period's main currency (most lines): rows with clicks and no money are in it.
    const linesPerCurrency = new Map<string, number>();
    for (const g of groups) linesPerCurrency.set(g.currency, (linesPerCurrency.get(g.currency) ?? 0) + g.lines);
    const main =
      [...linesPerCurrency].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? FALLBACK_CURRENCY;

    // Orders: a toy with shipped lines in the period counts those (items shipped minus returns);
    // one with only orders-report lines (ordered, not shipped yet) counts the items ordered.
    const shipped = new Set<string>();
    for (const g of groups) {
      if (g.kind === "earnings") shipped.add(g.toyId !== null ? `toy:${g.toyId}` : `item:${g.itemId}`);
    }

    const totals: Ledger = new Map();
    const unattributed: Ledger = new Map();
    const rows: Ledger = new Map();
    const unmatchedItems = new Set<string>();
    let unmatchedLines = 0;

    // per toy and day, the clicks that share unmapped lines: those of placements without a tracking ID of their own
    const sharingCells = new Map<string, ClickCell[]>();
    for (const [key, list] of cells) {
      sharingCells.set(
        key,
        list.filter((cell) => !owned.some((placement) => placementCovers(placement, cell.placement))),
      );
    }
    // only these groupings need each group's parts; per toy and per day a group counts whole
    const byPlacement = by === "post" || by === "placement" || by === "country";

    /** A part of a group that went to a placement (and the visitors' country). */
    const credit = (placement: string, country: string, currency: string, money: Money) => {
      if (by === "post") {
        if (placement.startsWith("post:")) add(rows, placement, currency, money);
      } else if (by === "placement") add(rows, placementGroup(placement), currency, money);
      else if (by === "country") add(rows, countryKey(country), currency, money);
    };

    for (const g of groups) {
      const product = g.toyId !== null ? `toy:${g.toyId}` : `item:${g.itemId}`;
      if (g.toyId === null) {
        unmatchedLines += g.lines;
        unmatchedItems.add(g.itemId ?? "");
      }
      let money: Money;
      if (g.kind === "earnings")
        money = { earnings: g.earningsCents, revenue: g.revenueCents, orders: g.items - g.returns };
      else if (shipped.has(product)) continue;
      else money = { earnings: 0, revenue: 0, orders: g.items };

      add(totals, "", g.currency, money);
      if (by === "day") add(rows, g.day, g.currency, money);
      if (by === "toy" && g.toyId !== null) add(rows, product, g.currency, money);

      const cellKey = `${g.toyId}|${g.day}`;
      if (g.placement !== null) {
        // 1. a tracking ID the owner gave a placement: whole to it, its country by that placement's clicks
        if (!byPlacement) continue;
        const byCountry = new Map<string, number>();
        for (const cell of g.toyId === null ? [] : (cells.get(cellKey) ?? [])) {
          if (placementCovers(g.placement, cell.placement)) {
            byCountry.set(cell.country, (byCountry.get(cell.country) ?? 0) + cell.clicks);
          }
        }
        if (byCountry.size === 0) credit(g.placement, "", g.currency, money);
        else {
          const countries = [...byCountry.keys()].sort();
          const parts = share(
            money,
            countries.map((country) => byCountry.get(country) ?? 0),
          );
          countries.forEach((country, i) => {
            credit(g.placement as string, country, g.currency, parts[i] ?? ZERO);
          });
        }
        continue;
      }
      // 2. shared by the clicks of the toy that day, leaving out placements with a tracking ID of their own
      const sharing = g.toyId === null ? [] : (sharingCells.get(cellKey) ?? []);
      if (sharing.length === 0) {
        // 3. nothing to share it by
        add(unattributed, "", g.currency, money);
        continue;
      }
      if (!byPlacement) continue;
      const parts = share(
        money,
        sharing.map((cell) => cell.clicks),
      );
      sharing.forEach((cell, i) => {
        credit(cell.placement, cell.country, g.currency, parts[i] ?? ZERO);
      });
    }

    // The rows: every key with money, clicks or page views (a day: every day of the period)
    const keys = new Set<string>(by === "day" ? daysOf(from, to) : []);
    for (const key of rows.keys()) keys.add(key);
    for (const key of keyClicks.keys()) keys.add(key);
    if (by === "post") for (const key of keyViews.keys()) keys.add(key);
    const labels = await labelsOf(by, [...keys]);
    const answerRows: EarningsRow[] = [];
    for (const key of keys) {
      const byCurrency = rows.get(key) ?? new Map<string, Money>();
      // by day, every day has a row in the main currency, so a chart of it has no gaps
      if (byCurrency.size === 0 || (by === "day" && !byCurrency.has(main))) byCurrency.set(main, { ...ZERO });
      for (const [currency, money] of byCurrency) {
        answerRows.push({
          key,
          label: labels.get(key) ?? key,
          ...figures(currency, money, keyClicks.get(key) ?? 0, keyViews.get(key) ?? 0),
        });
      }
    }
    const byCurrency = currencyOrder(main);
    answerRows.sort((a, b) =>
      by === "day"
        ? a.key.localeCompare(b.key) || byCurrency(a.currency, b.currency)
        : b.earnings - a.earnings ||
          b.clicks - a.clicks ||
          a.label.localeCompare(b.label) ||
          a.key.localeCompare(b.key) ||
          byCurrency(a.currency, b.currency),
    );

    const totalMoney = totals.get("") ?? new Map([[main, { ...ZERO }]]);
    return {
      from,
      to,
      by,
      rows: answerRows,
      totals: [...totalMoney]
        .sort(([a], [b]) => byCurrency(a, b))
        .map(([currency, money]) => figures(currency, money, site.clicks, site.pageViews)),
      unattributed: [...(unattributed.get("") ?? [])]
        .sort(([a], [b]) => byCurrency(a, b))
        .map(([currency, money]) => ({ currency, earnings: centsToAmount(money.earnings), orders: money.orders })),
      unmatched: { lines: unmatchedLines, items: unmatchedItems.size },
    };
  }

  /** Earnings per currency from rows of (key, currency, cents), per key, currencies by code. */
  function amountsPerKey(rows: { key: string; currency: string; earnings: number }[]): Map<string, CurrencyAmount[]> {
    const amounts = new Map<string, CurrencyAmount[]>();
    for (const row of [...rows].sort((a, b) => a.currency.localeCompare(b.currency))) {
      const list = amounts.get(row.key) ?? [];
      list.push({ currency: row.currency, earnings: centsToAmount(Number(row.earnings)) });
      amounts.set(row.key, list);
    }
    return amounts;
  }

  /** Every tracking ID the reports name or the owner mapped, with its lines, earnings and placement. */
  async function trackingIds(only?: string): Promise<TrackingIdSummary[]> {
    const [{ rows }, mapped] = await Promise.all([
      db.execute<{ key: string; currency: string; lines: number; earnings: number }>(
        sql`select lower(tracking_id) as key, currency, count(*)::int as lines, sum(earnings_cents)::float8 as earnings
          from earnings_rows
          where tracking_id <> '' ${only === undefined ? sql`` : sql`and lower(tracking_id) = ${only}`}
          group by 1, 2`,
      ),
      db
        .select()
        .from(trackingIdPlacements)
        .where(only === undefined ? undefined : eq(trackingIdPlacements.trackingId, only)),
    ]);
    const lines = new Map<string, number>();
    for (const row of rows) lines.set(row.key, (lines.get(row.key) ?? 0) + Number(row.lines));
    const amounts = amountsPerKey(rows);
    const placements = new Map(mapped.map((row) => [row.trackingId, row.placement]));
    const ids = new Set([...lines.keys(), ...placements.keys()]);
    return [...ids]
      .map((trackingId) => ({
        trackingId,
        placement: placements.get(trackingId) ?? null,
        lines: lines.get(trackingId) ?? 0,
        earnings: amounts.get(trackingId) ?? [],
      }))
      .sort((a, b) => b.lines - a.lines || a.trackingId.localeCompare(b.trackingId));
  }

  /** Why a placement cannot take a tracking ID, or its stored name. */
  async function placementToMap(value: string): Promise<string> {
    const parsed = parsePlacement(value);
    if (parsed.kind === "other") {
      throw new ServiceError(
        "invalid",
        "placement must be home, breed-search, catalogue, toy-page, quiz or email, or post:{slug}, breed:{slug} or email:{newsletter id} of one that exists",
        "placement",
      );
    }
    if (parsed.kind === "post") {
      const [post] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.slug, parsed.slug), isNull(posts.deletedAt)));
      if (!post) throw new ServiceError("invalid", `No post has the slug ${parsed.slug}`, "placement");
    }
    if (parsed.kind === "breed") {
      const [breed] = await db.select({ id: breeds.id }).from(breeds).where(eq(breeds.slug, parsed.slug));
      if (!breed) throw new ServiceError("invalid", `No breed has the slug ${parsed.slug}`, "placement");
    }
    if (parsed.kind === "email") {
      const [newsletter] = await db
        .select({ id: newsletters.id })
        .from(newsletters)
        .where(eq(newsletters.id, parsed.id));
      if (!newsletter) throw new ServiceError("invalid", `No newsletter has the id ${parsed.id}`, "placement");
    }
    return placementName(parsed);
  }

  return {
    report,

    /** The report's rows as a CSV file, named after its period and grouping. */
    async csv(query: EarningsQuery): Promise<{ fileName: string; text: string; rows: number }> {
      const answer = await report(query);
      return { fileName: earningsCsvFileName(answer), text: earningsCsv(answer), rows: answer.rows.length };
    },

    /**
     * Items the reports name that no toy has as its ASIN or retailer item id, most lines first:
     * the owner gives a toy the id and its lines count from then on. `total`: how many there are.
     */
    async unmatchedItems({ limit }: { limit: number }): Promise<{ items: UnmatchedItem[]; total: number }> {
      const { rows } = await db.execute<{
        item_id: string;
        currency: string;
        lines: number;
        earnings: number;
        item_name: string | null;
      }>(sql`with ${ITEM_TOYS}
        select r.item_id, r.currency, count(*)::int as lines, sum(r.earnings_cents)::float8 as earnings,
          (array_agg(r.item_name order by r.id desc) filter (where r.item_name <> ''))[1] as item_name
        from earnings_rows r
        ${ITEM_TOY_JOINS}
        where a.toy_id is null and t.toy_id is null
        group by r.item_id, r.currency`);
      const items = new Map<string, UnmatchedItem>();
      const amounts = amountsPerKey(rows.map((row) => ({ ...row, key: row.item_id })));
      for (const row of rows) {
        const item = items.get(row.item_id);
        if (item) {
          item.lines += Number(row.lines);
          if (!item.itemName && row.item_name) item.itemName = row.item_name;
        } else {
          items.set(row.item_id, {
            itemId: row.item_id,
            itemName: row.item_name ?? "",
            lines: Number(row.lines),
            earnings: amounts.get(row.item_id) ?? [],
          });
        }
      }
      const sorted = [...items.values()].sort((a, b) => b.lines - a.lines || a.itemId.localeCompare(b.itemId));
      return { items: sorted.slice(0, limit), total: sorted.length };
    },

    /** Every tracking ID the reports name (or the owner mapped), with its lines, earnings and placement. */
    trackingIds: () => trackingIds(),

    /** What a tracking ID can be given: the fixed placements, every published article and every breed page. */
    async placementOptions(): Promise<PlacementOption[]> {
      const [articles, breedPages] = await Promise.all([
        db
          .select({ slug: posts.slug, title: posts.title })
          .from(posts)
          .where(and(eq(posts.status, "published"), isNull(posts.deletedAt)))
          .orderBy(posts.title),
        db.select({ slug: breeds.slug, name: breeds.name }).from(breeds).orderBy(breeds.name),
      ]);
      return [
        ...FIXED_PLACEMENTS.map((value) => ({ value, label: placementGroup(value), group: "Site" as const })),
        ...articles.map((post) => ({ value: `post:${post.slug}`, label: post.title, group: "Articles" as const })),
        ...breedPages.map((breed) => ({
          value: `breed:${breed.slug}`,
          label: breed.name,
          group: "Breed pages" as const,
        })),
      ];
    },

    /**
     * Gives a tracking ID a placement (its lines go there whole, and the placement's clicks share
     * no other line), or takes it away (null). `previous`: the placement it had; `changed`: false
     * when it already was so.
     */
    async mapTrackingId(
      trackingId: string,
      placement: string | null,
    ): Promise<{ entry: TrackingIdSummary; previous: string | null; changed: boolean }> {
      const id = normalizeTrackingId(trackingId);
      if (id === null) {
        throw new ServiceError(
          "invalid",
          "A tracking ID is 1 to 100 characters without control characters",
          "trackingId",
        );
      }
      const stored = placement === null ? null : await placementToMap(placement);
      const [before] = await db
        .select({ placement: trackingIdPlacements.placement })
        .from(trackingIdPlacements)
        .where(eq(trackingIdPlacements.trackingId, id));
      const previous = before?.placement ?? null;
      if (stored === null) {
        await db.delete(trackingIdPlacements).where(eq(trackingIdPlacements.trackingId, id));
      } else {
        await db
          .insert(trackingIdPlacements)
          .values({ trackingId: id, placement: stored, updatedAt: now() })
          .onConflictDoUpdate({
            target: trackingIdPlacements.trackingId,
            set: { placement: stored, updatedAt: now() },
          });
      }
      const [entry] = await trackingIds(id);
      return {
        entry: entry ?? { trackingId: id, placement: stored, lines: 0, earnings: [] },
        previous,
        changed: previous !== stored,
      };
    },
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
