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

/** A record that cannot be read: the line the problem is on, and what it is ("Line 3: ..."). */
export interface CsvRecordError {
  line: number;
  error: string;
}

export interface CsvReaderOptions {
  /** the cell separator: a comma (RFC 4180), or a tab for tab-separated files */
  delimiter?: "," | "\t";
  /** the physical line number of the first character pushed (a reader that takes over below a file's first lines) */
  firstLine?: number;
  /** a record longer than this many characters is reported as an error, its text not kept (memory stays bounded) */
  maxRecordLength?: number;
}

/** A CSV reader fed text in pieces of any size: a record may span pieces, a CRLF may be split between two. */
export interface CsvReader {
  /** the records (or record errors) completed by this text */
  push(text: string): (CsvRecord | CsvRecordError)[];
  /** the last record, once the text has ended */
  end(): (CsvRecord | CsvRecordError)[];
}

const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * Reads CSV text (RFC 4180, as spreadsheets write it) in pieces: a leading byte order mark is
 * dropped, records end at CRLF, LF or CR, a quoted cell may hold delimiters, doubled quotes and
 * line breaks (kept as written), and a final line break is optional. A quote inside an unquoted
 * cell is kept as text. A record with text after a closing quote, a quoted cell never closed and
 * a record over `maxRecordLength` come out as errors naming their line; reading goes on after them.
 */
export function createCsvReader(options: CsvReaderOptions = {}): CsvReader {
  const delimiter = (options.delimiter ?? ",").charCodeAt(0);
  const delimiterName = options.delimiter === "\t" ? "a tab" : "a comma";
  const maxLength = options.maxRecordLength ?? Number.POSITIVE_INFINITY;
  let cells: string[] = [];
  let cell = "";
  /** the cell has text (kept or, past the length limit, dropped): a quote now is text, not an opening quote */
  let cellHasText = false;
  let line = options.firstLine ?? 1;
  let recordLine = line;
  let cellLine = line;
  let recordLength = 0;
  let inQuotes = false;
  /** a quote inside a quoted cell: a doubled quote or the closing one, as the next character says */
  let quotePending = false;
  let closedQuote = false;
  /** the last character was a CR: a LF right after it belongs to the same line break */
  let afterCr = false;
  let started = false;
  /** what is wrong with the record being read; its text is no longer kept */
  let problem: CsvRecordError | null = null;
  let out: (CsvRecord | CsvRecordError)[] = [];

  const endRecord = () => {
    cells.push(cell);
    out.push(problem ?? { line: recordLine, cells });
    cells = [];
    cell = "";
    cellHasText = false;
    closedQuote = false;
    recordLength = 0;
    problem = null;
  };
  /** counts a character of the record; past the limit the record is an error and its text is dropped */
  const tooLong = (characters: number) => {
    recordLength += characters;
    if (recordLength > maxLength && problem === null) {
      problem = {
        line: recordLine,
        error: `Line ${recordLine}: the line is longer than ${maxLength.toLocaleString("en-US")} characters (a quote never closed?)`,
      };
    }
    return problem !== null;
  };

  return {
    push(text) {
      out = [];
      let i = 0;
      if (!started && text.length > 0) {
        started = true;
        if (text.startsWith(UTF8_BOM)) i = 1;
      }
      const length = text.length;
      while (i < length) {
        const c = text.charCodeAt(i);
        if (afterCr) {
          afterCr = false;
          if (c === LF) {
            if (inQuotes && !quotePending && problem === null) cell += "\n";
            i += 1;
            continue;
          }
        }
        if (inQuotes) {
          if (quotePending) {
            quotePending = false;
            if (c === QUOTE) {
              if (problem === null) cell += '"';
              i += 1;
              continue;
            }
            inQuotes = false;
            closedQuote = true;
            // the character after the closing quote is read as outside quotes, below
          } else if (c === QUOTE) {
            quotePending = true;
            i += 1;
            continue;
          } else if (c === CR || c === LF) {
            line += 1;
            afterCr = c === CR;
            if (!tooLong(1)) cell += text[i];
            i += 1;
            continue;
          } else {
            // a run of plain text inside the quotes, taken at once
            let end = i + 1;
            while (end < length) {
              const next = text.charCodeAt(end);
              if (next === QUOTE || next === CR || next === LF) break;
              end += 1;
            }
            if (!tooLong(end - i)) cell += text.slice(i, end);
            i = end;
            continue;
          }
        }
        if (c === delimiter) {
          if (!tooLong(1)) cells.push(cell);
          cell = "";
          cellHasText = false;
          closedQuote = false;
          i += 1;
          continue;
        }
        if (c === CR || c === LF) {
          endRecord();
          line += 1;
          recordLine = line;
          afterCr = c === CR;
          i += 1;
          continue;
        }
        if (closedQuote) {
          problem ??= {
            line,
            error: `Line ${line}: a quoted cell must end at ${delimiterName} or the end of the line (write a quote inside it as "")`,
          };
          i += 1;
          continue;
        }
        if (c === QUOTE && !cellHasText) {
          inQuotes = true;
          cellLine = line;
          i += 1;
          continue;
        }
        // a run of plain text (a quote inside it is text), taken at once
        let end = i + 1;
        while (end < length) {
          const next = text.charCodeAt(end);
          if (next === delimiter || next === CR || next === LF) break;
          end += 1;
        }
        cellHasText = true;
        if (!tooLong(end - i)) cell += text.slice(i, end);
        i = end;
      }
      return out;
    },

    end() {
      out = [];
      if (quotePending) {
        quotePending = false;
        inQuotes = false;
        closedQuote = true;
      }
      if (inQuotes) {
        out.push({ line: cellLine, error: `Line ${cellLine}: a quoted cell is never closed` });
      } else if (cell !== "" || cells.length > 0 || closedQuote || problem !== null) {
        endRecord();
      }
      return out;
    },
  };
}

/**
 * Reads a whole CSV text (see createCsvReader). Refused, with the line: a quoted cell never
 * closed, and text after a closing quote.
 */
export function parseCsv(input: string): CsvParse {
  const reader = createCsvReader();
  const records: CsvRecord[] = [];
  for (const item of [...reader.push(input), ...reader.end()]) {
    if ("error" in item) return { ok: false, line: item.line, message: item.error };
    records.push(item);
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
