import { type CsvReader, type CsvRecord, type CsvRecordError, createCsvReader, UTF8_BOM } from "./csv";
import { currencyMinorDigits, isCurrencyCode } from "./retailer-item";
import { stripForbiddenCharacters } from "./text";

// The retailers' reports of what the site earned (issue 28, decision 064), read line by line as
// they arrive: Amazon Associates' earnings report (fees on shipped items) and orders report
// (items ordered), as Associates Central downloads them, and a generic CSV for other programmes
// (README, "Earnings reports"). Pure: the service feeds the text in pieces, stores the lines in
// batches, and hashes each line's content for its fingerprint.

export const EARNINGS_FORMATS = ["amazon-earnings", "amazon-orders", "generic"] as const;
export type EarningsFormat = (typeof EARNINGS_FORMATS)[number];
export type EarningsKind = "earnings" | "orders";

/** The generic CSV's columns, as the README documents them. */
export const GENERIC_EARNINGS_COLUMNS = [
  "date",
  "item id",
  "item name",
  "quantity",
  "revenue",
  "commission",
  "currency",
  "tracking id",
] as const;

/** A report's line as stored: money in the currency's minor unit (cents), negative for a refund. */
export interface EarningsLine {
  /** the physical line of the file it starts on, the first being 1 */
  line: number;
  kind: EarningsKind;
  /** YYYY-MM-DD: the day shipped (earnings) or ordered (orders) */
  day: string;
  /** the ASIN (upper case) or the programme's own item id */
  itemId: string;
  itemName: string;
  trackingId: string;
  device: string;
  /** items shipped (earnings) or ordered (orders) */
  items: number;
  returns: number;
  revenueCents: number;
  earningsCents: number;
  currency: string;
  /**
   * the line's normalised content as `digest` made it, then `#` and its place among the file's
   * lines of the same content (`#1`, `#2`...): identical lines in two files get the same one
   */
  fingerprint: string;
  /** that place: 1 for the first line of its content in the file, 2 for the second... */
  occurrence: number;
}

/** A line that could not be read, by its physical line number; the message starts "Line N: ". */
export interface EarningsLineError {
  line: number;
  message: string;
}

/** What a piece of the file gave: its lines, and the lines that could not be read. */
export interface EarningsRead {
  lines: EarningsLine[];
  errors: EarningsLineError[];
}

export interface EarningsReaderOptions {
  /**
   * what a line's normalised content is stored as (the service passes a SHA-256): identical
   * lines are counted by it, so only the digests are kept while a file is read
   */
  digest?: (content: string) => string;
}

export interface EarningsReportReader {
  /** reads the lines this text completes (text may end anywhere, even inside a line) */
  push(text: string): EarningsRead;
  /** reads the last line once the file has ended; refuses the file if no header row was found */
  end(): EarningsRead;
  /** the format the header row named; null until it has been read */
  readonly format: EarningsFormat | null;
  /** why the file is not a report (no header row); once set, nothing more is read */
  readonly refusal: string | null;
  /** data lines read so far (read or in error; blank lines, totals and repeated headers are not counted) */
  readonly linesRead: number;
}

/** Lines above the header row that may be titles ("Fee-Earnings reports from 10-01-2026 to 10-31-2026") or blank. */
export const MAX_LINES_BEFORE_HEADER = 20;
/** No line of a report comes near this; past it a line is reported and not kept (a quote never closed). */
export const MAX_LINE_LENGTH = 64 * 1024;
const MAX_ID_LENGTH = 100;
const MAX_NAME_LENGTH = 500;
const MAX_INTEGER = 2_147_483_647;

type Field =
  | "date"
  | "itemId"
  | "itemName"
  | "trackingId"
  | "device"
  | "items"
  | "returns"
  | "revenue"
  | "earnings"
  | "price"
  | "currency"
  | "seller"
  | "category";

interface FormatSpec {
  format: EarningsFormat;
  kind: EarningsKind;
  /** "an Amazon earnings report", for messages */
  label: string;
  /** each field's column names, normalised (lower case, letters and digits only); the first is the one named in messages */
  columns: Partial<Record<Field, readonly string[]>>;
  required: readonly Field[];
}

// Amazon's own names first; the others are what Associates Central has called them in other
// versions and marketplaces, and what a spreadsheet cleaned up by hand tends to call them.
const AMAZON_COMMON = {
  category: ["category", "productgroup"],
  itemName: ["name", "productname", "itemname", "title"],
  itemId: ["asin"],
  trackingId: ["trackingid", "tag", "trackingtag"],
  price: ["price"],
  device: ["devicetypegroup", "devicetype", "device"],
} as const;

const FORMATS: readonly FormatSpec[] = [
  {
    format: "amazon-earnings",
    kind: "earnings",
    label: "an Amazon earnings report",
    columns: {
      ...AMAZON_COMMON,
      seller: ["seller"],
      date: ["dateshipped", "shipdate", "shippeddate"],
      items: ["itemsshipped", "shippeditems", "qtyshipped"],
      returns: ["returns", "itemsreturned", "returneditems"],
      revenue: ["revenue", "shippedrevenue"],
      earnings: ["adfees", "adfee", "advertisingfees", "fees", "earnings"],
    },
    required: ["itemId", "date", "items", "revenue", "earnings"],
  },
  {
    format: "amazon-orders",
    kind: "orders",
    label: "an Amazon orders report",
    columns: {
      ...AMAZON_COMMON,
      seller: ["seller"],
      date: ["date", "dateordered", "orderdate", "ordereddate"],
      items: ["qty", "itemsordered", "ordereditems", "qtyordered", "quantity"],
      revenue: ["revenue"],
    },
    required: ["itemId", "date", "items"],
  },
  {
    format: "generic",
    kind: "earnings",
    label: "a generic earnings CSV",
    columns: {
      date: ["date"],
      itemId: ["itemid"],
      itemName: ["itemname"],
      items: ["quantity", "qty"],
      revenue: ["revenue"],
      earnings: ["commission"],
      currency: ["currency"],
      trackingId: ["trackingid"],
    },
    required: ["date", "itemId", "items", "revenue", "earnings"],
  },
];

/** How each field is named in a message when the file's header did not name it. */
const FIELD_NAMES: Record<Field, string> = {
  date: "date",
  itemId: "item id",
  itemName: "name",
  trackingId: "tracking id",
  device: "device",
  items: "quantity",
  returns: "returns",
  revenue: "revenue",
  earnings: "earnings",
  price: "price",
  currency: "currency",
  seller: "seller",
  category: "category",
};
const REQUIRED_NAMES: Partial<Record<EarningsFormat, Partial<Record<Field, string>>>> = {
  "amazon-earnings": {
    itemId: "ASIN",
    date: "Date Shipped",
    items: "Items Shipped",
    revenue: "Revenue($)",
    earnings: "Ad Fees($)",
  },
  "amazon-orders": { itemId: "ASIN", date: "Date", items: "Qty" },
  generic: { date: "date", itemId: "item id", items: "quantity", revenue: "revenue", earnings: "commission" },
};

// ---- currencies ----------------------------------------------------------------------------

/** Symbols as reports write them. `$` and `¥` are read as USD and JPY, the decision's reading. */
const SYMBOLS: readonly [string, string][] = [
  ["US$", "USD"],
  ["CA$", "CAD"],
  ["C$", "CAD"],
  ["AU$", "AUD"],
  ["A$", "AUD"],
  ["R$", "BRL"],
  ["$", "USD"],
  ["£", "GBP"],
  ["€", "EUR"],
  ["¥", "JPY"],
  ["￥", "JPY"],
  ["₹", "INR"],
];
/** Symbols several currencies share: they never contradict a currency the line states otherwise. */
const SHARED_SYMBOLS = new Set(["$", "¥", "￥"]);

let knownCurrencies: Set<string> | null = null;

/** True for a code of a currency Intl knows (ISO 4217: USD, EUR, GBP, JPY...). */
export function isKnownCurrency(code: string): boolean {
  if (!isCurrencyCode(code)) return false;
  knownCurrencies ??= new Set(Intl.supportedValuesOf("currency"));
  return knownCurrencies.has(code);
}

/** The currency a column name states: "Revenue($)" USD, "Ad Fees(£)" GBP, "Revenue (EUR)" and "Revenue EUR" EUR; null when none. */
function currencyInName(name: string): string | null {
  const code =
    /[([]\s*([A-Za-z]{3})\s*[)\]]/.exec(name)?.[1]?.toUpperCase() ?? /(?:^|\s)([A-Z]{3})$/.exec(name.trim())?.[1];
  if (code && isKnownCurrency(code)) return code;
  for (const [symbol, currency] of SYMBOLS) if (name.includes(symbol)) return currency;
  return null;
}

/** A column name as compared: "Price($)" -> "price", "Ad Fees (EUR)" -> "adfees", "item_id" -> "itemid". */
function columnKey(name: string): string {
  return name
    .replace(/[([][^)\]]*[)\]]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

// ---- values --------------------------------------------------------------------------------

/** A quoted piece of the file in a message: no control characters, at most 40 characters. */
function shown(text: string): string {
  const clean = stripForbiddenCharacters(text).replace(/\s+/g, " ").trim();
  return `"${clean.length > 40 ? `${clean.slice(0, 39)}…` : clean}"`;
}

/** A decimal amount as written: its sign and digits, and the currency its symbol or code named. */
interface Decimal {
  negative: boolean;
  whole: string;
  fraction: string;
  /** the currency the value itself names ("€12.00"); null for a bare number or a shared symbol */
  currency: string | null;
  /** true when the value carried any symbol or code (a shared `$` too) */
  marked: boolean;
}

const MINUS = /^[-\u2212]/;
const SPACES = /[\s\u00a0\u202f]/g;

/**
 * Reads "1,234.56", "$1,234.56", "-$12.00", "($12.00)", "12.00 EUR", "€12,50", "1.234,56":
 * thousands separators, a minus or parentheses for a negative amount, a symbol or code on either
 * side. Null when it is no number.
 */
function readDecimal(text: string): Decimal | null {
  let rest = text.trim();
  // no amount is longer; nor is any pattern below tried on a long text
  if (rest.length > 50) return null;
  let negative = false;
  if (/^\(.*\)$/.test(rest)) {
    negative = true;
    rest = rest.slice(1, -1).trim();
  }
  if (MINUS.test(rest)) {
    negative = !negative;
    rest = rest.slice(1).trim();
  }
  let currency: string | null = null;
  let marked = false;
  const code = /^([A-Za-z]{3})\s*(?=[\d.,(-])|(?<=[\d.])\s*([A-Za-z]{3})$/.exec(rest);
  if (code) {
    const found = (code[1] ?? code[2] ?? "").toUpperCase();
    currency = found;
    marked = true;
    rest = (code[1] ? rest.slice(code[0].length) : rest.slice(0, rest.length - code[0].length)).trim();
  } else {
    for (const [symbol, named] of SYMBOLS) {
      if (rest.startsWith(symbol) || rest.endsWith(symbol)) {
        rest = (rest.startsWith(symbol) ? rest.slice(symbol.length) : rest.slice(0, -symbol.length)).trim();
        marked = true;
        currency = SHARED_SYMBOLS.has(symbol) ? null : named;
        break;
      }
    }
  }
  // "$-12.00": the sign after the symbol
  if (MINUS.test(rest) && !negative) {
    negative = true;
    rest = rest.slice(1).trim();
  }
  const number = rest.replace(SPACES, "");
  let whole: string;
  let fraction = "";
  if (/^\d+$/.test(number)) {
    whole = number;
  } else if (/^\d*\.\d+$/.test(number)) {
    [whole = "", fraction = ""] = number.split(".");
  } else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(number)) {
    [whole = "", fraction = ""] = number.replace(/,/g, "").split(".");
  } else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(number)) {
    [whole = "", fraction = ""] = number.replace(/\./g, "").split(",");
  } else if (/^\d+,\d{1,2}$/.test(number)) {
    [whole = "", fraction = ""] = number.split(",");
  } else {
    return null;
  }
  return { negative, whole: whole || "0", fraction, currency, marked };
}

/** The amount in the currency's minor unit, rounded half away from zero past its decimals; null past the column's range. */
function minorUnits(decimal: Decimal, currency: string): number | null {
  const digits = currencyMinorDigits(currency);
  const kept = decimal.fraction.slice(0, digits).padEnd(digits, "0");
  let units = Number(decimal.whole + kept);
  if ((decimal.fraction[digits] ?? "0") >= "5") units += 1;
  if (!Number.isSafeInteger(units) || units > MAX_INTEGER) return null;
  return decimal.negative && units !== 0 ? -units : units;
}

/** A whole number as written ("1,234", "-1", "(2)", "3.00"); null when it is none or out of range. */
function readWholeNumber(text: string): number | null {
  const decimal = readDecimal(text);
  if (!decimal || decimal.marked || /[^0]/.test(decimal.fraction)) return null;
  const value = Number(decimal.whole);
  if (!Number.isSafeInteger(value) || value > MAX_INTEGER) return null;
  return decimal.negative && value !== 0 ? -value : value;
}

const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** 10 for "Oct", "Oct." or "October"; null for what is no month's name or its start (three letters at least). */
function monthNumber(name: string): number | null {
  const lower = name.toLowerCase();
  const at = MONTH_NAMES.findIndex((month) => lower.length >= 3 && month.startsWith(lower));
  return at >= 0 ? at + 1 : null;
}

const TIME = String.raw`(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?: ?[AP]M)?(?: ?(?:Z|UTC|GMT|[+-]\d{2}:?\d{2}|[A-Z]{2,4}))?)?`;
type DateParts = (match: RegExpExecArray) => { year: number; month: number | null; day: number };
const fullYear = (text = "") => (text.length === 2 ? 2000 + Number(text) : Number(text));
const DATE_PATTERNS: readonly [RegExp, DateParts][] = [
  [
    new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`, "i"),
    (m) => ({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }),
  ],
  // Amazon US: month first
  [
    new RegExp(String.raw`^(\d{1,2})[-/](\d{1,2})[-/](\d{4}|\d{2})${TIME}$`, "i"),
    (m) => ({ year: fullYear(m[3]), month: Number(m[1]), day: Number(m[2]) }),
  ],
  [
    new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`, "i"),
    (m) => ({ year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) }),
  ],
  [
    /^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/,
    (m) => ({ year: Number(m[3]), month: monthNumber(m[1] ?? ""), day: Number(m[2]) }),
  ],
  [
    /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/,
    (m) => ({ year: Number(m[3]), month: monthNumber(m[2] ?? ""), day: Number(m[1]) }),
  ],
];

/**
 * The day a report writes as YYYY-MM-DD (a time after it is ignored), MM/DD/YYYY or MM-DD-YYYY
 * (Amazon US; a two-digit year is 20xx), DD.MM.YYYY, "Oct 5, 2026", "October 5, 2026" or
 * "5 October 2026"; null for anything else and for days no calendar has (02/30/2026).
 */
export function readReportDate(text: string): string | null {
  const value = text.trim();
  // no date is longer; nor is any pattern below tried on a long text
  if (value.length > 40) return null;
  for (const [pattern, parts] of DATE_PATTERNS) {
    const match = pattern.exec(value);
    if (!match) continue;
    const { year, month, day } = parts(match);
    if (month === null || month < 1 || month > 12 || year < 1990 || year > 2100 || day < 1) return null;
    if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
    return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  }
  return null;
}

// ---- the header row ------------------------------------------------------------------------

interface Header {
  spec: FormatSpec;
  /** each field's cell index */
  index: Partial<Record<Field, number>>;
  /** each field's column name as the file writes it, for messages */
  names: Partial<Record<Field, string>>;
  /** the currency the money columns' names state (revenue's, else earnings', else price's) */
  currency: string | null;
  width: number;
  /** the header's normalised cells: a copy of the header further down is read past */
  keys: string;
  delimiter: "," | "\t";
}

interface NearHeader {
  line: number;
  spec: FormatSpec;
  missing: string[];
  found: number;
}

/** The format a row's column names match, or how close it came to one. */
function readHeader(
  cells: readonly string[],
  delimiter: Header["delimiter"],
): { header: Header } | { near: Omit<NearHeader, "line"> | null } {
  const keys = cells.map((cell) => columnKey(cell));
  let near: Omit<NearHeader, "line"> | null = null;
  for (const spec of FORMATS) {
    const index: Partial<Record<Field, number>> = {};
    const names: Partial<Record<Field, string>> = {};
    for (const [field, aliases] of Object.entries(spec.columns) as [Field, readonly string[]][]) {
      // the first name of the list wins over its aliases when a file has both
      for (const alias of aliases) {
        const at = keys.indexOf(alias);
        if (at >= 0) {
          index[field] = at;
          names[field] = (cells[at] ?? "").trim();
          break;
        }
      }
    }
    const missing = spec.required.filter((field) => index[field] === undefined);
    if (missing.length === 0) {
      const moneyColumn = [index.revenue, index.earnings, index.price].find((at) => at !== undefined);
      return {
        header: {
          spec,
          index,
          names,
          currency: moneyColumn === undefined ? null : currencyInName(cells[moneyColumn] ?? ""),
          width: cells.length,
          keys: keys.join(","),
          delimiter,
        },
      };
    }
    const found = spec.required.length - missing.length;
    if (found >= 2 && found > (near?.found ?? 0)) {
      near = {
        spec,
        found,
        missing: missing.map((field) => REQUIRED_NAMES[spec.format]?.[field] ?? FIELD_NAMES[field]),
      };
    }
  }
  return { near };
}

function noHeaderMessage(near: NearHeader | null): string {
  const expected = `an Amazon Associates earnings or orders report (CSV or tab-separated), or a CSV file with the columns ${GENERIC_EARNINGS_COLUMNS.join(", ")}`;
  if (near) {
    const columns = near.missing.map((name) => `"${name}"`).join(", ");
    return `Line ${near.line} looks like the header row of ${near.spec.label}, but it has no ${columns} column${near.missing.length === 1 ? "" : "s"}. Expected ${expected}.`;
  }
  return `No header row found: this file is not a report the site can read. Expected ${expected}, the header row within the first ${MAX_LINES_BEFORE_HEADER} lines.`;
}

// ---- a data line ---------------------------------------------------------------------------

const TOTAL_LINE = /^(grand\s+)?totals?\b/i;

/** Blank lines, the report's "Total" lines and a repeated header row are read past, not reported. */
function isSkipped(cells: readonly string[], header: Header): boolean {
  const first = cells.find((cell) => cell.trim() !== "")?.trim();
  if (first === undefined) return true;
  const itemId = cells[header.index.itemId ?? -1]?.trim() ?? "";
  if (TOTAL_LINE.test(first) && (itemId === "" || itemId === first)) return true;
  return header.keys.startsWith(columnKey(cells[0] ?? "")) && cells.map(columnKey).join(",") === header.keys;
}

/** Printable ASCII with single spaces inside: text that needs no cleaning (nearly every cell of a report). */
const PLAIN_TEXT = /^[!-~]+(?: [!-~]+)*$|^$/;

/** Text as stored: no control characters, runs of white space as one space, at most `max` characters. */
function cleanText(text: string, max = Number.POSITIVE_INFINITY): string {
  const clean = PLAIN_TEXT.test(text) ? text : stripForbiddenCharacters(text).replace(/\s+/g, " ").trim();
  return clean.length > max ? clean.slice(0, max) : clean;
}

/** A cell of the line by field, trimmed; "" when the file has no such column or the line no such cell. */
function cellOf(cells: readonly string[], header: Header, field: Field): string {
  const i = header.index[field];
  return i === undefined ? "" : (cells[i] ?? "").trim();
}

/** A column named in a message: as the file's header writes it. */
function columnName(header: Header, field: Field): string {
  return `"${header.names[field] ?? FIELD_NAMES[field]}"`;
}

/** A whole-number cell; an empty optional one is 0. Problems go to `problems`. */
function wholeNumberOf(cells: readonly string[], header: Header, field: Field, problems: string[]): number {
  const text = cellOf(cells, header, field);
  if (text === "") {
    if (header.spec.required.includes(field)) problems.push(`${columnName(header, field)} is empty`);
    return 0;
  }
  const value = /^\d{1,9}$/.test(text) ? Number(text) : readWholeNumber(text);
  if (value === null) problems.push(`${shown(text)} in ${columnName(header, field)} is not a whole number`);
  return value ?? 0;
}

/** An amount cell as written, or null when empty or unreadable (a problem for a required or unreadable one). */
function decimalOf(cells: readonly string[], header: Header, field: Field, problems: string[]): Decimal | null {
  if (header.index[field] === undefined) return null;
  const text = cellOf(cells, header, field);
  if (text === "") {
    if (header.spec.required.includes(field)) problems.push(`${columnName(header, field)} is empty`);
    return null;
  }
  const plain = /^(\d+)(?:\.(\d+))?$/.exec(text);
  const decimal = plain
    ? { negative: false, whole: plain[1] ?? "0", fraction: plain[2] ?? "", currency: null, marked: false }
    : readDecimal(text);
  if (!decimal) problems.push(`${shown(text)} in ${columnName(header, field)} is not an amount`);
  return decimal;
}

/** An amount in the line's currency's minor unit; 0 for none. */
function moneyOf(
  decimal: Decimal | null,
  currency: string,
  cells: readonly string[],
  header: Header,
  field: Field,
  problems: string[],
): number {
  if (!decimal) return 0;
  if (decimal.currency !== null && decimal.currency !== currency) {
    problems.push(
      `${shown(cellOf(cells, header, field))} in ${columnName(header, field)} is in ${decimal.currency}, but the line is in ${currency}`,
    );
    return 0;
  }
  const units = minorUnits(decimal, currency);
  if (units === null)
    problems.push(`${shown(cellOf(cells, header, field))} in ${columnName(header, field)} is too large`);
  return units ?? 0;
}

/** One data line of a file whose header was read: its figures and normalised content, or what is wrong with it. */
function readLine(
  record: CsvRecord,
  header: Header,
): { ok: true; line: EarningsLine; content: string } | { ok: false; message: string } {
  const { spec } = header;
  const { cells } = record;
  const problems: string[] = [];

  if (cells.length > header.width && cells.slice(header.width).some((cell) => cell.trim() !== "")) {
    problems.push(
      `it has ${cells.length} cells where the header row has ${header.width} (a ${header.delimiter === "\t" ? "tab" : "comma"} inside a name without quotes around it?)`,
    );
  }

  const dateText = cellOf(cells, header, "date");
  const day = readReportDate(dateText);
  if (dateText === "") problems.push(`the date (${columnName(header, "date")}) is empty`);
  else if (!day) problems.push(`the date ${shown(dateText)} is not a date`);

  const rawItemId = cleanText(cellOf(cells, header, "itemId"));
  const itemId = spec.format === "generic" ? rawItemId : rawItemId.toUpperCase();
  if (itemId === "") problems.push(`the item id (${columnName(header, "itemId")}) is empty`);
  else if (itemId.length > MAX_ID_LENGTH) problems.push(`the item id is longer than ${MAX_ID_LENGTH} characters`);

  const trackingId = cleanText(cellOf(cells, header, "trackingId"));
  if (trackingId.length > MAX_ID_LENGTH) problems.push(`the tracking id is longer than ${MAX_ID_LENGTH} characters`);

  const items = wholeNumberOf(cells, header, "items", problems);
  const returns = wholeNumberOf(cells, header, "returns", problems);

  // The line's currency: its own currency cell (generic), else the columns' names, else a symbol
  // or code in the amounts, else USD. An amount naming another currency contradicts the line.
  const revenue = decimalOf(cells, header, "revenue", problems);
  const earnings = decimalOf(cells, header, "earnings", problems);
  const price = decimalOf(cells, header, "price", problems);
  const currencyText = cellOf(cells, header, "currency").toUpperCase();
  const ownCurrency = isKnownCurrency(currencyText) ? currencyText : null;
  if (currencyText !== "" && !ownCurrency) {
    problems.push(
      `the currency ${shown(cellOf(cells, header, "currency"))} is not a currency code such as USD, EUR or GBP`,
    );
  }
  const currency =
    ownCurrency ?? header.currency ?? revenue?.currency ?? earnings?.currency ?? price?.currency ?? "USD";
  const earningsCents = moneyOf(earnings, currency, cells, header, "earnings", problems);
  let revenueCents = moneyOf(revenue, currency, cells, header, "revenue", problems);
  const priceCents = moneyOf(price, currency, cells, header, "price", problems);
  if (spec.kind === "orders" && header.index.revenue === undefined) {
    // an orders report has no revenue column: what was ordered is price times quantity
    revenueCents = priceCents * items;
    if (Math.abs(revenueCents) > MAX_INTEGER) problems.push("the price times the quantity is too large");
  }

  if (problems.length > 0) return { ok: false, message: `Line ${record.line}: ${problems.join("; ")}` };
  const device = cleanText(cellOf(cells, header, "device"), MAX_ID_LENGTH);
  // the fingerprint is the reader's to give, once it knows the line's place among identical ones
  const line: EarningsLine = {
    line: record.line,
    kind: spec.kind,
    day: day ?? "",
    itemId,
    itemName: cleanText(cellOf(cells, header, "itemName"), MAX_NAME_LENGTH),
    trackingId,
    device,
    items,
    returns,
    revenueCents,
    earningsCents,
    currency,
    fingerprint: "",
    occurrence: 0,
  };
  // What makes two lines the same sale: not the item's name, which a retailer may reword between
  // two downloads of the same report. Cleaned text holds no control character, so U+001F
  // separates the parts unambiguously.
  const content = [
    line.kind,
    line.day,
    itemId.toUpperCase(),
    trackingId.toLowerCase(),
    device.toLowerCase(),
    items,
    returns,
    revenueCents,
    earningsCents,
    currency,
    cleanText(cellOf(cells, header, "seller"), MAX_NAME_LENGTH).toLowerCase(),
    cleanText(cellOf(cells, header, "category"), MAX_NAME_LENGTH).toLowerCase(),
  ].join("\u001f");
  return { ok: true, line, content };
}

// ---- the reader ----------------------------------------------------------------------------

/**
 * Reads a report fed in pieces (see EarningsReportReader). Above the header row, each physical
 * line is tried as a header (tab-separated when it holds a tab, else comma-separated); below it,
 * records are read as RFC 4180 with that delimiter.
 */
export function createEarningsReportReader(options: EarningsReaderOptions = {}): EarningsReportReader {
  const digest = options.digest ?? ((content: string) => content);
  /** how many lines of each content were seen, by digest */
  const seen = new Map<string, number>();
  let format: EarningsFormat | null = null;
  let refusal: string | null = null;
  let linesRead = 0;
  let header: Header | null = null;
  let csv: CsvReader | null = null;
  // above the header: the text of the line being read, and its number
  let pending = "";
  let lineNumber = 1;
  let started = false;
  let near: NearHeader | null = null;

  const refuse = () => {
    refusal = noHeaderMessage(near);
  };

  const readRecords = (items: (CsvRecord | CsvRecordError)[], into: EarningsRead) => {
    if (!header) return;
    for (const item of items) {
      if ("error" in item) {
        linesRead += 1;
        into.errors.push({ line: item.line, message: item.error });
        continue;
      }
      if (isSkipped(item.cells, header)) continue;
      linesRead += 1;
      const read = readLine(item, header);
      if (!read.ok) {
        into.errors.push({ line: item.line, message: read.message });
        continue;
      }
      const key = digest(read.content);
      const occurrence = (seen.get(key) ?? 0) + 1;
      seen.set(key, occurrence);
      read.line.fingerprint = `${key}#${occurrence}`;
      read.line.occurrence = occurrence;
      into.lines.push(read.line);
    }
  };

  /** The next whole physical line above the header (the last one also without a line break once the file ended). */
  const takeLine = (ended: boolean): string | null => {
    let end = -1;
    for (let i = 0; i < pending.length; i++) {
      const c = pending.charCodeAt(i);
      if (c === 10 || c === 13) {
        end = i;
        break;
      }
    }
    if (end === -1) {
      if (!ended || pending === "") return null;
      const last = pending;
      pending = "";
      return last;
    }
    const crlf = pending.charCodeAt(end) === 13 && pending.charCodeAt(end + 1) === 10;
    // a CR that ends the text so far may be the first half of a CRLF
    if (!crlf && pending.charCodeAt(end) === 13 && end === pending.length - 1 && !ended) return null;
    const text = pending.slice(0, end);
    pending = pending.slice(end + (crlf ? 2 : 1));
    return text;
  };

  /** Reads one physical line as a header row: its header, or null (remembering how close it came). */
  const tryHeader = (text: string, line: number): Header | null => {
    const delimiter = text.includes("\t") ? "\t" : ",";
    const reader = createCsvReader({ delimiter });
    const [record] = [...reader.push(text), ...reader.end()];
    if (!record || "error" in record) return null;
    const read = readHeader(record.cells, delimiter);
    if ("header" in read) return read.header;
    if (read.near && read.near.found > (near?.found ?? 0)) near = { ...read.near, line };
    return null;
  };

  /** Tries the lines above the header; once it is found, the rest of the text goes to a CSV reader. */
  const findHeader = (ended: boolean, into: EarningsRead) => {
    for (let text = takeLine(ended); text !== null; text = takeLine(ended)) {
      const line = lineNumber;
      lineNumber += 1;
      const found = text.trim() === "" ? null : tryHeader(text, line);
      if (found) {
        header = found;
        format = found.spec.format;
        csv = createCsvReader({ delimiter: found.delimiter, firstLine: lineNumber, maxRecordLength: MAX_LINE_LENGTH });
        const rest = pending;
        pending = "";
        readRecords(csv.push(rest), into);
        return;
      }
      if (lineNumber > MAX_LINES_BEFORE_HEADER) {
        refuse();
        return;
      }
    }
    if (ended || pending.length > MAX_LINE_LENGTH) refuse();
  };

  return {
    push(text) {
      const read: EarningsRead = { lines: [], errors: [] };
      if (refusal !== null) return read;
      let piece = text;
      if (!started && piece.length > 0) {
        started = true;
        if (piece.startsWith(UTF8_BOM)) piece = piece.slice(1);
      }
      if (csv) {
        readRecords(csv.push(piece), read);
        return read;
      }
      pending += piece;
      findHeader(false, read);
      return read;
    },

    end() {
      const read: EarningsRead = { lines: [], errors: [] };
      if (refusal !== null) return read;
      if (!csv) findHeader(true, read);
      if (csv) readRecords(csv.end(), read);
      return read;
    },

    get format() {
      return format;
    },
    get refusal() {
      return refusal;
    },
    get linesRead() {
      return linesRead;
    },
  };
}
