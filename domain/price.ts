// Toy prices are text (spec: "display text with a leading $"), typed by the owner or an API
// client as "$7.50", "7.5" or "1,299". One form everywhere: a dollar sign, thousands
// separators and two decimals. Text that is not a plain dollar amount ("From $5", "€7.50")
// is left as written: guessing would be worse than showing what the owner typed (decision 033).

/** "$1,299.5", "7.5", " 12 ", ".99": an optional $, digits (optionally grouped by commas), up to two decimals. */
const AMOUNT = /^\$?\s*(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?|\.(\d{1,2}))$/;

/** The stored form of a price: "7.5" -> "$7.50", "$1299" -> "$1,299.00", "$7.50" stays; other text is only trimmed. */
export function normalisePrice(text: string): string {
  const trimmed = text.trim();
  const match = AMOUNT.exec(trimmed);
  if (!match) return trimmed;
  const [, whole = "0", decimals, onlyDecimals] = match;
  // Built as text, not through a number: exact for any length, and no float rounding of cents.
  const dollars = whole.replaceAll(",", "").replace(/^0+(?=\d)/, "");
  const grouped = dollars.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const cents = (onlyDecimals ?? decimals ?? "").padEnd(2, "0");
  return `$${grouped}.${cents}`;
}

/** A price as every page, card and e-mail shows it (see normalisePrice); "" when there is none. */
export function formatPrice(text: string | null | undefined): string {
  return text ? normalisePrice(text) : "";
}

/**
 * The price a visitor sees and pays, formatted: the sale price whenever one is written, else the
 * regular price. Every card, result, e-mail and JSON-LD offer shows this one, and the catalogue
 * sorts and filters by its twin in the database (`effective_price_value`, server/db/schema.ts).
 */
export function effectivePrice(toy: { price: string; priceDiscount: string | null }): string {
  return formatPrice(toy.priceDiscount) || formatPrice(toy.price);
}

/** Shows the price a visitor pays (effectivePrice), with the regular price to strike through when it is a sale. */
export function boxPrice(toy: { price: string; priceDiscount: string | null }): {
  current: string;
  regular: string | null;
} {
  const current = effectivePrice(toy);
  const regular = formatPrice(toy.price);
  return current !== regular ? { current, regular } : { current, regular: null };
}
