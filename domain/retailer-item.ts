// What a retailer says about a product, independent of where it came from (the Amazon Creators
// API or a Google Merchant Center feed): the sync, the price stamps and the link checks read
// these shapes, never the wire formats (issue 27, decision 054).

/** Stock as every surface shows it; the feed's own vocabulary (Google Merchant Center), which Amazon's maps onto. */
export type RetailerAvailability = "in_stock" | "out_of_stock" | "preorder" | "backorder" | "unknown";

export const RETAILER_AVAILABILITIES: readonly RetailerAvailability[] = [
  "in_stock",
  "out_of_stock",
  "preorder",
  "backorder",
  "unknown",
];

/**
 * An amount of money. `amount` is exact decimal text ("12.99", "1299.00", "1500" for yen), never a
 * float: prices are compared for the price history and a float would call 12.99 and 12.990000001
 * two prices. `display` is the retailer's own text when it sent one ("$12.99"), else ours.
 */
export interface Money {
  amount: string;
  /** ISO 4217, upper case */
  currency: string;
  display: string;
}

/** A reduced price: what was saved against which earlier price. */
export interface RetailerSavings {
  /** the price the saving is measured against ("was" or list price), when the retailer names it */
  basis: Money | null;
  /** LIST_PRICE, WAS_PRICE, ... as the retailer labels the basis; null when it does not */
  basisType: string | null;
  amount: Money | null;
  /** whole percent, as the retailer computed it */
  percentage: number | null;
}

/** One product as a retailer's API answered for it at `fetchedAt`. */
export interface RetailerItem {
  asin: string;
  title: string | null;
  imageUrl: string | null;
  /** what a visitor pays now (the buy box offer); null when the retailer shows no price */
  price: Money | null;
  savings: RetailerSavings | null;
  availability: RetailerAvailability;
  /** the retailer's words ("Only 3 left in stock."), for the owner, not for visitors */
  availabilityMessage: string | null;
  /** the product page with the partner tag, exactly as the retailer built it */
  detailPageUrl: string | null;
  fetchedAt: Date;
}

const CURRENCY = /^[A-Z]{3}$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;
// Building an Intl.NumberFormat (or asking it for its options) costs a good fraction of a
// millisecond: one per currency, not per price, or a 10,000-item feed takes seconds.
const currencies = new Map<string, { formatter: Intl.NumberFormat; digits: number }>();

function currencyFormat(currency: string): { formatter: Intl.NumberFormat; digits: number } {
  let known = currencies.get(currency);
  if (!known) {
    const digits =
      new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    const formatter = new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: digits });
    known = { formatter, digits };
    currencies.set(currency, known);
  }
  return known;
}

/** True for a well-formed ISO 4217 code (three capital letters). */
export function isCurrencyCode(code: string): boolean {
  return CURRENCY.test(code);
}

/** How many decimals a currency's amounts carry (2 for USD, 0 for JPY), as Intl knows it. */
export function currencyMinorDigits(currency: string): number {
  return currencyFormat(currency).digits;
}

/**
 * Money from exact decimal text ("12.9" -> "12.90" for USD). Digits beyond the currency's
 * decimals are kept, not rounded: a retailer's "12.999" is its business, and rounding here would
 * hide a price change. Returns null for text that is not a plain decimal or a bad currency code.
 */
export function moneyFromDecimal(amount: string, currency: string, display?: string | null): Money | null {
  if (!DECIMAL.test(amount) || !isCurrencyCode(currency)) return null;
  const minor = currencyMinorDigits(currency);
  const [whole = "0", fraction = ""] = amount.split(".");
  const trimmedWhole = whole.replace(/^0+(?=\d)/, "");
  const paddedFraction = fraction.length >= minor ? fraction : fraction.padEnd(minor, "0");
  const exact = paddedFraction ? `${trimmedWhole}.${paddedFraction}` : trimmedWhole;
  return { amount: exact, currency, display: display?.trim() || formatMoney(exact, currency) };
}

/** Money from a JSON number (the Creators API sends 8.7 for €8.70); null for a negative or non-finite number. */
export function moneyFromNumber(amount: number, currency: string, display?: string | null): Money | null {
  if (!Number.isFinite(amount) || amount < 0 || !isCurrencyCode(currency)) return null;
  // toFixed at the currency's decimals undoes the float's binary noise (8.7 -> "8.70", not 8.699999...).
  return moneyFromDecimal(amount.toFixed(currencyMinorDigits(currency)), currency, display);
}

/** "$12.99", "€1,299.00", "¥1,500": the en-US way, which is how the rest of the site writes prices. */
export function formatMoney(amount: string, currency: string): string {
  return currencyFormat(currency).formatter.format(Number(amount));
}
