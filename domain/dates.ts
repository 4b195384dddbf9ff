// Date formats of the spec, computed in UTC so server and browser render the same text.
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

function parts(value: string | Date) {
  const date = typeof value === "string" ? new Date(value) : value;
  return { month: date.getUTCMonth(), day: date.getUTCDate(), year: date.getUTCFullYear() };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 'MMM dd, yyyy', e.g. "Jan 05, 2026" (home page posts). */
export function formatShortDate(value: string | Date): string {
  const { month, day, year } = parts(value);
  return `${SHORT_MONTHS[month]} ${pad(day)}, ${year}`;
}

/** 'MMM d, yyyy', e.g. "Jan 5, 2026" (resources cards, admin lists). */
export function formatCompactDate(value: string | Date): string {
  const { month, day, year } = parts(value);
  return `${SHORT_MONTHS[month]} ${day}, ${year}`;
}

/** 'MMMM dd, yyyy', e.g. "January 05, 2026" (detail pages). */
export function formatLongDate(value: string | Date): string {
  const { month, day, year } = parts(value);
  return `${LONG_MONTHS[month]} ${pad(day)}, ${year}`;
}

/** 'MMMM d, yyyy', e.g. "April 7, 2024" (the legal pages' last-updated line). */
export function formatLegalDate(value: string | Date): string {
  const { month, day, year } = parts(value);
  return `${LONG_MONTHS[month]} ${day}, ${year}`;
}

/** yyyy-mm-dd for machine-readable dates (datetime attributes, sitemaps). */
export function isoDay(value: string | Date): string {
  const { month, day, year } = parts(value);
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}
