import { boxPrice } from "./price";

// Amazon's rules for showing prices (issue 27, decision 060): a price or a stock note may be
// shown only as the retailer confirmed it, with the date and time it was confirmed beside it
// and Amazon's disclaimer at hand; a price older than the allowed age is shown nowhere. The
// server decides which prices are current when it reads the catalogue (applyPriceRule), so a
// page, its hydration data, its JSON-LD, the API and an e-mail all say the same, and the
// browser never judges a price's age with its own clock.

/** Amazon's disclaimer, shown one click or hover away from every stamp and under every e-mail. */
export const PRICE_DISCLAIMER =
  "Product prices and availability are accurate as of the date/time indicated and are subject to change. Any price and availability information displayed on Amazon at the time of purchase will apply to the purchase of this product.";

/** What stands where a price would be when the price is too old to show. */
export const CHECK_PRICE_TEXT = "Check the price on Amazon";

/** The text of an out-of-stock note, where the price would be. */
export const OUT_OF_STOCK_TEXT = "Out of stock";

/** How old a price may be (hours, a decimal; 0: any age) at which moment. */
export interface PriceRule {
  now: Date;
  maxAgeHours: number;
}

/** The price facts the rule reads, as the database holds them. */
export interface StoredPriceFacts {
  price: string;
  priceDiscount: string | null;
  priceConfirmedAt: Date | null;
}

/** What a visitor may be told: the price fields (blank when hidden), when they were confirmed, and whether they are hidden. */
export interface PublicPriceFacts {
  price: string;
  priceDiscount: string | null;
  /** when the price and stock were confirmed (ISO 8601); null when hidden or never confirmed */
  priceAsOf: string | null;
  /** true when the price is older than PRICE_MAX_AGE_HOURS: "Check the price on Amazon" stands in its place */
  priceHidden: boolean;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * "Nov 25, 2026, 14:11 UTC". Built by hand in UTC, not with Intl: server and browser must write
 * the same characters (hydration), and ICU versions differ in commas and "at".
 */
export function formatStampTime(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} UTC`;
}

/** "price as of Nov 25, 2026, 14:11 UTC" */
export function priceStampText(iso: string): string {
  return `price as of ${formatStampTime(iso)}`;
}

/** Whether a price confirmed at `confirmedAt` may still be shown under `rule`. */
export function isPriceCurrent(confirmedAt: Date | null, rule: PriceRule): boolean {
  if (rule.maxAgeHours === 0) return true;
  if (!confirmedAt) return false;
  return rule.now.getTime() - confirmedAt.getTime() <= rule.maxAgeHours * 3_600_000;
}

/**
 * A toy's price facts as visitors may see them: a price past its age is blanked (the price and
 * the sale price), so no page, API answer, JSON-LD offer or e-mail can repeat it by mistake.
 */
export function applyPriceRule<T extends StoredPriceFacts>(
  toy: T,
  rule: PriceRule,
): Omit<T, "priceConfirmedAt"> & PublicPriceFacts {
  const { priceConfirmedAt, ...rest } = toy;
  if (isPriceCurrent(priceConfirmedAt, rule)) {
    return { ...rest, priceAsOf: priceConfirmedAt?.toISOString() ?? null, priceHidden: false };
  }
  return { ...rest, price: "", priceDiscount: null, priceAsOf: null, priceHidden: true };
}

/** What stands where a price would be, for any surface: a price, an out-of-stock note, or the check-the-price note. */
export type PriceView =
  | { kind: "price"; current: string; regular: string | null; stamp: string | null }
  | { kind: "out-of-stock"; stamp: string | null }
  | { kind: "check" };

/** The one reading of a toy's public price facts that cards, boxes, tables, pages and e-mails share. */
export function priceView(toy: PublicPriceFacts & { inStock: boolean }): PriceView {
  if (toy.priceHidden) return { kind: "check" };
  const stamp = toy.priceAsOf ? priceStampText(toy.priceAsOf) : null;
  // a stock note is availability information: it carries the same stamp ("as of …")
  if (!toy.inStock)
    return { kind: "out-of-stock", stamp: toy.priceAsOf ? `as of ${formatStampTime(toy.priceAsOf)}` : null };
  const { current, regular } = boxPrice(toy);
  if (!current) return { kind: "check" };
  return { kind: "price", current, regular, stamp };
}

/** The view as one line of plain text (e-mails, comparison rows): "$12.99 · price as of …". */
export function priceViewText(view: PriceView): string {
  switch (view.kind) {
    case "check":
      return CHECK_PRICE_TEXT;
    case "out-of-stock":
      return [OUT_OF_STOCK_TEXT, view.stamp].filter(Boolean).join(" · ");
    case "price":
      // the price paid only: a text line has no strike-through to tell the regular price apart
      return [view.current, view.stamp].filter(Boolean).join(" · ");
  }
}

/** The dashboard's count of prices visitors do not see (issue 27). */
export interface HiddenPrices {
  /** PRICE_MAX_AGE_HOURS; 0: hiding is off */
  maxAgeHours: number;
  /** published products whose price was never confirmed */
  neverConfirmed: number;
  /** published products whose price was confirmed longer ago than maxAgeHours */
  tooOld: number;
}

/** "24 hours", "30 minutes", "1.5 hours": the price age as the owner reads it. */
export function formatMaxAge(hours: number): string {
  if (hours < 1) {
    const minutes = Math.round(hours * 60);
    return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  }
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}
