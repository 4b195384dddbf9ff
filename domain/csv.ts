// CSV for spreadsheets (RFC 4180): the quiz submissions export (spec/quiz-and-admin.md §3, §9), the
// subscribers export, and the catalogue's export and import (domain/catalogue-csv.ts).

export const EMPTY_CELL = "-";
/** Spreadsheet programs read a UTF-8 file with accents right only when it starts with this mark. */
export const UTF8_BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text as RFC 4180 writes it: quoted, with inner quotes doubled, when it holds a comma, quote or line break. */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One cell: empty values become "-"; a value a spreadsheet would run as a formula (starting with
 * = + - @ tab or CR) gets a leading apostrophe, except the "-" placeholder itself; values with a
 * comma, quote or line break are quoted with inner quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return EMPTY_CELL;
  return quoted(value !== EMPTY_CELL && FORMULA_START.test(value) ? `'${value}` : value);
}

/** One line, CRLF-terminated as RFC 4180 asks. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

// A file that is read back (the catalogue's export and import) needs cells that are formula-safe
// AND lossless: csvCell's "-" for empty and its apostrophe cannot be told from text that really
// starts with them. Here an empty value stays empty, and the apostrophe also goes before a value
// that itself starts with one, so reading removes exactly one apostrophe where it stands before
// a formula character or another apostrophe: "=1" <-> "'=1", "'=1" <-> "''=1", and "'Tis" (as
// a person may type it) reads as itself.
const GUARDED_START = /^[=+\-@\t\r']/;

/** One cell of a file meant to be read back: formula-safe, and `readCsvCell` gives back exactly `value`. */
export function writeCsvCell(value: string): string {
  return quoted(GUARDED_START.test(value) ? `'${value}` : value);
}

/** The value `writeCsvCell` wrote: one guarding apostrophe removed. */
export function readCsvCell(cell: string): string {
  return cell.startsWith("'") && GUARDED_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One line of a file meant to be read back (writeCsvCell), CRLF-terminated. */
export function writeCsvLine(cells: readonly string[]): string {
  return `${cells.map(writeCsvCell).join(",")}\r\n`;
}

/** A record of a CSV file: its cells as written (quotes undone), and the line it starts on. */
export interface CsvRecord {
  /** the physical line the record starts on, the first being 1: a quoted cell's line breaks count */
  line: number;
  cells: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/**
 * Reads CSV text (RFC 4180, as spreadsheets write it): a leading byte order mark is dropped,
 * records end at CRLF, LF or CR, a quoted cell may hold commas, doubled quotes and line breaks
 * (kept as written), and a final line break is optional. A quote inside an unquoted cell is kept
 * as text. Refused, with the line: a quoted cell never closed, and text after a closing quote.
 */
export function parseCsv(input: string): CsvParse {
  const text = input.startsWith(UTF8_BOM) ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let recordLine = 1;
  let cellLine = 1;
  let inQuotes = false;
  let closedQuote = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else {
          inQuotes = false;
          closedQuote = true;
          i += 1;
        }
        continue;
      }
      if (c === "\n" || (c === "\r" && text[i + 1] !== "\n")) line += 1;
      cell += c;
      i += 1;
      continue;
    }
    if (c === ",") {
      cells.push(cell);
      cell = "";
      closedQuote = false;
      i += 1;
      continue;
    }
    if (c === "\r" || c === "\n") {
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = "";
      closedQuote = false;
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    if (closedQuote) {
      return {
        ok: false,
        line,
        message: `Line ${line}: a quoted cell must end at a comma or the end of the line (write a quote inside it as "")`,
      };
    }
    if (c === '"' && cell === "") {
      inQuotes = true;
      cellLine = line;
    } else {
      cell += c;
    }
    i += 1;
  }
  if (inQuotes) return { ok: false, line: cellLine, message: `Line ${cellLine}: a quoted cell is never closed` };
  if (cell !== "" || cells.length > 0 || closedQuote) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  return { ok: true, records };
}

export const QUIZ_CSV_FILENAME = "quiz_submissions.csv";
export const QUIZ_CSV_HEADERS = [
  "Date",
  "Email",
  "Dog Size",
  "Dog Age",
  "Chew Style",
  "Play Style",
  "Toy Purpose",
  "Email Consent",
] as const;

export interface QuizSubmissionRow {
  createdAt: Date;
  email: string;
  dogSize: string | null;
  dogAge: string | null;
  chewStyle: string | null;
  playStyle: string | null;
  toyPurpose: string | null;
  hasConsented: boolean;
}

/** The export's line for one submission (no id column; consent as Yes/No). */
export function quizCsvLine(row: QuizSubmissionRow, formatDate: (date: Date) => string): string {
  return csvLine([
    formatDate(row.createdAt),
    row.email,
    row.dogSize,
    row.dogAge,
    row.chewStyle,
    row.playStyle,
    row.toyPurpose,
    row.hasConsented ? "Yes" : "No",
  ]);
}

/**
 * The browser's local date format ("11/22/2026" in en-US), as the submissions table shows it.
 * Unknown locales or time zones fall back to en-US and UTC rather than failing the export.
 */
export function localDateFormatter(locale?: string, timeZone?: string): (date: Date) => string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale || "en-US", { timeZone: timeZone || "UTC" });
  } catch {
    format = new Intl.DateTimeFormat("en-US", { timeZone: "UTC" });
  }
  return (date) => format.format(date);
}
