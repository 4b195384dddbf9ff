import { z } from "zod";
import { csvCell, UTF8_BOM } from "./csv";
import { daysBetween, parseIsoDay, periodEnding } from "./quiz-funnel";
import { wireSchema } from "./wire-schema";

// What earns (issue 28, decision 064): the retailers' report lines shared out to the articles,
// placements, toys, countries and days that sent the clicks, and the figures an affiliate owner
// judges them by. The rules here are pure; earnings.service.ts reads the lines and clicks.

/** How the report groups its rows (GET /api/admin/earnings?by=). */
export const EARNINGS_GROUPINGS = ["post", "placement", "toy", "day", "country"] as const;
export type EarningsGrouping = (typeof EARNINGS_GROUPINGS)[number];

/** The longest period the report covers, in days. */
export const EARNINGS_MAX_DAYS = 366;
/** The period when none is asked for: the last 30 days, today (UTC) included. */
export const EARNINGS_DEFAULT_DAYS = 30;
/** The currency of rows that have clicks but no money, when the period has no lines at all. */
export const FALLBACK_CURRENCY = "USD";

const isoDayField = (name: string) =>
  z
    .string(`${name} must be a date written YYYY-MM-DD`)
    .refine((value) => parseIsoDay(value) !== null, { message: `${name} must be a date written YYYY-MM-DD` })
    .optional();

/**
 * GET /api/admin/earnings's query: a period of UTC days (both or neither: the last 30 days),
 * `from` not after `to`, at most EARNINGS_MAX_DAYS; and how to group (articles by default).
 */
export const earningsQuerySchema = wireSchema(() =>
  z
    .object({
      from: isoDayField("from"),
      to: isoDayField("to"),
      by: z.enum(EARNINGS_GROUPINGS, { error: `by must be one of ${EARNINGS_GROUPINGS.join(", ")}` }).default("post"),
    })
    .refine((q) => (q.from === undefined) === (q.to === undefined), {
      message: `Give both from and to (YYYY-MM-DD), or neither for the last ${EARNINGS_DEFAULT_DAYS} days`,
      path: ["from"],
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] })
    .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= EARNINGS_MAX_DAYS, {
      message: `The period may be at most ${EARNINGS_MAX_DAYS} days`,
      path: ["to"],
    }),
);
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

/** A period as the report reads it: both days known. */
export interface EarningsPeriod {
  from: string;
  to: string;
  by: EarningsGrouping;
}

/** The query's period, or the last EARNINGS_DEFAULT_DAYS days ending on `today`'s UTC day. */
export function earningsPeriod(query: EarningsQuery, today: Date): EarningsPeriod {
  if (query.from && query.to) return { from: query.from, to: query.to, by: query.by };
  return { ...periodEnding(today, EARNINGS_DEFAULT_DAYS), by: query.by };
}

/** Every UTC day from `from` to `to`, both included, in order. */
export function daysOf(from: string, to: string): string[] {
  const first = parseIsoDay(from);
  const count = daysBetween(from, to);
  if (first === null || count < 1) return [];
  return Array.from({ length: count }, (_, i) => new Date(first + i * 86_400_000).toISOString().slice(0, 10));
}

/**
 * Shares an amount of whole units (cents, orders) among weights (clicks) in proportion, with the
 * largest-remainder rule: each part is its exact share rounded down, and the units left over go
 * one each to the largest remainders, ties to the larger weight, then to the earlier one. The
 * parts add up to `total` exactly; a negative total (a refund) is shared as its size, negated.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(total)) throw new RangeError("the total must be a whole number");
  let sum = 0;
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError("weights must be whole numbers from 0");
    sum += weight;
  }
  if (sum === 0) throw new RangeError("at least one weight must be above 0");
  const size = Math.abs(total);
  if (!Number.isSafeInteger(size * sum)) throw new RangeError("the total is too large to share exactly");
  const parts = weights.map((weight) => Math.floor((size * weight) / sum));
  let left = size - parts.reduce((a, b) => a + b, 0);
  if (left === 0) return total < 0 ? parts.map((part) => -part || 0) : parts;
  const order = weights
    .map((weight, index) => ({ index, weight, remainder: (size * weight) % sum }))
    .sort((a, b) => b.remainder - a.remainder || b.weight - a.weight || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  // `|| 0`: a part of a negative total that is nothing is 0, not -0 (JSON and tests tell them apart)
  return total < 0 ? parts.map((part) => -part || 0) : parts;
}

/** n rounded to `places` decimals, halves away from zero (so a refund rounds like the sale it undoes). */
function rounded(n: number, places: number): number {
  const scale = 10 ** places;
  return (Math.sign(n) * Math.round(Math.abs(n) * scale)) / scale || 0;
}

/** Cents as the API sends amounts: currency units with 2 decimals (1234 -> 12.34). */
export function centsToAmount(cents: number): number {
  return rounded(cents / 100, 2);
}

/** What the metrics are computed from: amounts in cents, counts as counted. */
export interface EarningsCounts {
  earningsCents: number;
  orders: number;
  clicks: number;
  pageViews: number;
}

/**
 * Conversion (orders per click, a fraction with 4 decimals), EPC (earnings per click) and RPM
 * (earnings per 1,000 page views), both in currency units with 2 decimals; null where the
 * denominator is 0 (nothing to divide by is not the same as a rate of 0).
 */
export function earningsMetrics({ earningsCents, orders, clicks, pageViews }: EarningsCounts): {
  conversion: number | null;
  epc: number | null;
  rpm: number | null;
} {
  return {
    conversion: clicks > 0 ? rounded(orders / clicks, 4) : null,
    epc: clicks > 0 ? centsToAmount(earningsCents / clicks) : null,
    rpm: pageViews > 0 ? centsToAmount((earningsCents * 1000) / pageViews) : null,
  };
}

/** A placement the owner gave a tracking ID of its own covers its clicks; "email" covers every newsletter's. */
export function placementCovers(owner: string, clicked: string): boolean {
  return clicked === owner || (owner === "email" && clicked.startsWith("email:"));
}

/** The report's key of a country: its two letters, "unknown" for none. */
export function countryKey(country: string): string {
  return country === "" ? "unknown" : country;
}

// ---- the answers ----------------------------------------------------------------------------

const currencySchema = wireSchema(() => z.string().regex(/^[A-Z]{3}$/));

/** One currency's figures. Amounts in currency units with 2 decimals, never converted. */
export const earningsFiguresSchema = wireSchema(() =>
  z.object({
    currency: currencySchema,
    /** what the retailer pays the site (its fees), net of refunds */
    earnings: z.number(),
    /** the sales the earnings come from */
    revenue: z.number(),
    /** items shipped minus returns (items ordered, for a toy with no shipped lines in the period) */
    orders: z.number().int(),
    /** the row's clicks as counted, not shared: each currency row of a key has them all */
    clicks: z.number().int().nonnegative(),
    /** the row's page views as counted (articles, the site per day); 0 where none are counted */
    pageViews: z.number().int().nonnegative(),
    /** orders per click */
    conversion: z.number().nullable(),
    /** earnings per click */
    epc: z.number().nullable(),
    /** earnings per 1,000 page views */
    rpm: z.number().nullable(),
  }),
);
export type EarningsFigures = z.infer<typeof earningsFiguresSchema>;

/** One row: a key (`post:{slug}`, a placement group, `toy:{id}`, a day, a country) in one currency. */
export const earningsRowSchema = wireSchema(() =>
  earningsFiguresSchema.extend({
    key: z.string(),
    /** what the owner calls it: the post's title, the toy's name, the country's name… */
    label: z.string(),
  }),
);
export type EarningsRow = z.infer<typeof earningsRowSchema>;

/** An amount in one currency. */
export const currencyAmountSchema = wireSchema(() => z.object({ currency: currencySchema, earnings: z.number() }));
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/** GET /api/admin/earnings: the rows of a period by one grouping, the totals, and what no row holds. */
export const earningsReportSchema = wireSchema(() =>
  z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    by: z.enum(EARNINGS_GROUPINGS),
    /** by earnings, then clicks, most first; by=day in date order with every day of the period */
    rows: z.array(earningsRowSchema),
    /** everything of the period per currency: clicks and page views are the whole site's */
    totals: z.array(earningsFiguresSchema),
    /** lines with no click to share them by and no tracking ID of a placement: in the totals, per toy and day only */
    unattributed: z.array(z.object({ currency: currencySchema, earnings: z.number(), orders: z.number().int() })),
    /** lines of the period whose item is no toy's ASIN or retailer item id (yet), and how many items they name */
    unmatched: z.object({ lines: z.number().int().nonnegative(), items: z.number().int().nonnegative() }),
  }),
);
export type EarningsReport = z.infer<typeof earningsReportSchema>;

/** GET /api/admin/earnings/unmatched: items the reports name that no toy has as its ASIN or retailer item id. */
export const unmatchedItemSchema = wireSchema(() =>
  z.object({
    itemId: z.string(),
    /** the name the latest report gave it */
    itemName: z.string(),
    lines: z.number().int().positive(),
    earnings: z.array(currencyAmountSchema),
  }),
);
export type UnmatchedItem = z.infer<typeof unmatchedItemSchema>;

/** How many unmatched items a page lists (GET /api/admin/earnings/unmatched?limit=). */
export const UNMATCHED_ITEMS_LIMIT = 100;
export const unmatchedQuerySchema = wireSchema(() =>
  z.object({
    limit: z.coerce
      .number("limit must be a whole number from 1 to 500")
      .int("limit must be a whole number from 1 to 500")
      .min(1, "limit must be a whole number from 1 to 500")
      .max(500, "limit must be a whole number from 1 to 500")
      .default(UNMATCHED_ITEMS_LIMIT),
  }),
);

/** GET /api/admin/earnings/tracking-ids: a tracking ID the reports name (or the owner mapped), and its placement. */
export const trackingIdSummarySchema = wireSchema(() =>
  z.object({
    /** lower case: the reports' tracking IDs are matched without regard to case */
    trackingId: z.string(),
    /** the placement its lines go to whole; null: shared by clicks like any other line */
    placement: z.string().nullable(),
    lines: z.number().int().nonnegative(),
    earnings: z.array(currencyAmountSchema),
  }),
);
export type TrackingIdSummary = z.infer<typeof trackingIdSummarySchema>;

/** PUT /api/admin/earnings/tracking-ids/{trackingId}: the placement its lines go to, or null for none. */
export const trackingIdMappingSchema = wireSchema(() =>
  z
    .object({
      placement: z
        .string("placement must be a placement name (such as email or post:{slug}), or null for none")
        .max(210, "placement is too long")
        .nullable(),
    })
    .strict(),
);

/** The longest tracking ID (Amazon's are far shorter; other programmes' sub-IDs may be longer). */
export const MAX_TRACKING_ID_LENGTH = 100;

/** A tracking ID as stored and matched (trimmed, lower case), or null when it cannot be one. */
export function normalizeTrackingId(value: string): string | null {
  const id = value.trim().toLowerCase();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (id === "" || id.length > MAX_TRACKING_ID_LENGTH || /[\u0000-\u001f\u007f]/.test(id)) return null;
  return id;
}

// ---- the CSV export ------------------------------------------------------------------------

const KEY_HEADERS: Record<EarningsGrouping, string> = {
  post: "Article",
  placement: "Placement",
  toy: "Product",
  day: "Day",
  country: "Country",
};

/** The export's header line's cells after the first (the grouping's own). */
export const EARNINGS_CSV_HEADERS = [
  "Key",
  "Currency",
  "Earnings",
  "Revenue",
  "Orders",
  "Clicks",
  "Page views",
  "Conversion",
  "EPC",
  "RPM",
] as const;

/** `earnings-by-post-2026-11-01-to-2026-11-30.csv` */
export function earningsCsvFileName({ from, to, by }: EarningsPeriod): string {
  return `earnings-by-${by}-${from}-to-${to}.csv`;
}

/** What earningsCsvFileName makes, as a pattern (the API description's Content-Disposition). */
export const EARNINGS_CSV_FILENAME_PATTERN = `earnings-by-(${EARNINGS_GROUPINGS.join("|")})-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv`;

/** A number cell: written as digits (a refund's minus sign is a number's, not a formula's); empty for none. */
function numberCell(value: number | null, places: number): string {
  return value === null ? "" : value.toFixed(places);
}

/**
 * The report's rows as CSV (RFC 4180, CRLF, with a byte order mark for spreadsheet programs):
 * names and keys are formula-safe text cells (domain/csv.ts), the figures plain numbers.
 */
export function earningsCsv(report: Pick<EarningsReport, "by" | "rows">): string {
  const line = (cells: string[]) => `${cells.join(",")}\r\n`;
  const lines = [line([KEY_HEADERS[report.by], ...EARNINGS_CSV_HEADERS].map((header) => csvCell(header)))];
  for (const row of report.rows) {
    lines.push(
      line([
        csvCell(row.label),
        csvCell(row.key),
        csvCell(row.currency),
        numberCell(row.earnings, 2),
        numberCell(row.revenue, 2),
        String(row.orders),
        String(row.clicks),
        String(row.pageViews),
        numberCell(row.conversion, 4),
        numberCell(row.epc, 2),
        numberCell(row.rpm, 2),
      ]),
    );
  }
  return UTF8_BOM + lines.join("");
}

/** What the admin calls each grouping (the table's first column, the "Per" select). */
export const EARNINGS_GROUPING_LABELS: Record<EarningsGrouping, string> = {
  post: "Article",
  placement: "Placement",
  toy: "Product",
  country: "Country",
  day: "Day",
};

/**
 * How the figures are made, as the earnings page shows it next to them (decision 064 in the
 * owner's words): the retailer's reports know items, days and tracking IDs, never articles.
 */
export const ATTRIBUTION_METHOD = [
  "The retailer's reports say which product sold on which day under which tracking ID, never which article the buyer came from. So a product's earnings of a day are shared among the articles and placements that sent clicks to it that day, in proportion to those clicks: 3 clicks from one review and 1 from the catalogue give the review three quarters.",
  "A tracking ID you use in one placement only (below) gives that placement its earnings whole. A sale on a day when the product had no clicks, or of an item no product of the catalogue has, is counted in the totals and per day as not shared out.",
  "Orders are items shipped minus returns (items ordered, for a product with an orders report only). Conversion is orders per click, EPC earnings per click, RPM earnings per 1,000 page views of the article (of the whole site, per day and in the totals). Amounts stay in the currency they were paid in.",
] as const;

/** The quick periods the earnings page offers, ending on `today`'s UTC day. */
export function earningsPeriodPresets(today: Date): { label: string; from: string; to: string }[] {
  const to = today.toISOString().slice(0, 10);
  const monthStart = `${to.slice(0, 8)}01`;
  const lastMonthEnd = new Date(Date.parse(`${monthStart}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return [
    { label: "Last 7 days", ...periodEnding(today, 7) },
    { label: "Last 30 days", ...periodEnding(today, 30) },
    { label: "Last 90 days", ...periodEnding(today, 90) },
    { label: "This month", from: monthStart, to },
    { label: "Last month", from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
  ];
}

/** A placement the owner can give a tracking ID, grouped as the select shows them. */
export interface PlacementOption {
  /** the stored placement (`email`, `post:{slug}`…) */
  value: string;
  label: string;
  group: "Site" | "Articles" | "Breed pages";
}
