// The earnings figures as the admin prints them: fixed en-US formats, so the server's HTML and
// the browser's render are the same text (no hydration mismatch), whatever the owner's locale.

const MONEY = new Map<string, Intl.NumberFormat>();

/** An amount in its own currency ("$1,234.50", "€12.00"): figures are never converted. */
export function formatMoney(value: number, currency: string): string {
  let format = MONEY.get(currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: 2 });
    MONEY.set(currency, format);
  }
  return format.format(value);
}

/** A ratio as a percentage with one decimal ("7.5%"); a dash where there is nothing to divide by. */
export function formatRate(value: number | null): string {
  return value === null ? "–" : `${(value * 100).toFixed(1)}%`;
}

/** EPC or RPM: money, or a dash where there were no clicks or page views. */
export function formatPer(value: number | null, currency: string): string {
  return value === null ? "–" : formatMoney(value, currency);
}
