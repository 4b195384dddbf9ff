// CSV for spreadsheets (RFC 4180) and the quiz submissions export (spec/quiz-and-admin.md §3, §9).

export const EMPTY_CELL = "-";
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: empty values become "-"; a value a spreadsheet would run as a formula (starting with
 * = + - @ tab or CR) gets a leading apostrophe, except the "-" placeholder itself; values with a
 * comma, quote or line break are quoted with inner quotes doubled.
 */
export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return EMPTY_CELL;
  const safe = value !== EMPTY_CELL && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line, CRLF-terminated as RFC 4180 asks. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
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
