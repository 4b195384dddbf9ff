import { z } from "zod";
import { EARNINGS_FORMATS } from "./earnings-report";
import { formatBytes } from "./media";
import { wireSchema } from "./wire-schema";

// The upload of a retailer's report (issue 28, decision 064): POST /api/admin/earnings/import
// answers what the file added; the imports list and one import's page show the progress of a
// large one while it is read, and its outcome.

/** The multipart field the report comes in. */
export const EARNINGS_IMPORT_FIELD = "file";
/** EARNINGS_IMPORT_MAX_BYTES's default: a year of a busy account's daily lines with room to spare. */
export const DEFAULT_EARNINGS_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** An import keeps (and answers) this many of its line errors; the count says how many there were. */
export const MAX_KEPT_IMPORT_ERRORS = 100;
/** How many imports the list shows, newest first. */
export const EARNINGS_IMPORTS_LISTED = 20;

/** What a refused upload of a report says, with the configured size limit. */
export function earningsUploadText(maxBytes: number) {
  return {
    notMultipart: `Send the report as multipart/form-data, in the form field "${EARNINGS_IMPORT_FIELD}"`,
    tooLarge: `The file is larger than ${formatBytes(maxBytes)}`,
    missingFile: `No file received: send the report in the form field "${EARNINGS_IMPORT_FIELD}"`,
    oneFile: "Please import one report at a time",
    tooManyFields: "Too many form fields in the import",
    malformed: "The import could not be read (malformed multipart body)",
  };
}

export const earningsLineErrorSchema = wireSchema(() =>
  z.object({
    /** the file's physical line, the first being 1; 0 for the file as a whole (an import that stopped) */
    line: z.number().int().min(0),
    message: z.string(),
  }),
);
export type EarningsImportError = z.infer<typeof earningsLineErrorSchema>;

/** The answer to an import: the report's lines added now, already stored, matching no toy, and unreadable. */
export const earningsImportReportSchema = wireSchema(() =>
  z.object({
    importId: z.number().int(),
    format: z.enum(EARNINGS_FORMATS),
    imported: z.number().int().min(0),
    duplicates: z.number().int().min(0),
    unmatched: z.number().int().min(0),
    /** the first MAX_KEPT_IMPORT_ERRORS lines that could not be read */
    errors: z.array(earningsLineErrorSchema),
    /** how many lines could not be read, all of them */
    errorCount: z.number().int().min(0),
  }),
);
export type EarningsImportReport = z.infer<typeof earningsImportReportSchema>;

/** An import's outcome in one sentence, for the toast that follows it. */
export function earningsImportSummary(
  report: Pick<EarningsImportReport, "imported" | "duplicates" | "unmatched" | "errorCount">,
): string {
  const lines = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "line" : "lines"}`;
  const parts = [`${lines(report.imported)} added`];
  if (report.duplicates > 0) parts.push(`${lines(report.duplicates)} already imported`);
  if (report.unmatched > 0) parts.push(`${lines(report.unmatched)} matching no product`);
  if (report.errorCount > 0) parts.push(`${lines(report.errorCount)} with errors`);
  return `${parts.join(", ")}.`;
}

/** One import as the list shows it: while it runs, `linesRead` grows. */
export const earningsImportSummarySchema = wireSchema(() =>
  z.object({
    id: z.number().int(),
    fileName: z.string().nullable(),
    format: z.enum(EARNINGS_FORMATS).nullable(),
    status: z.enum(["running", "done", "failed"]),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    linesRead: z.number().int().min(0),
    imported: z.number().int().min(0),
    duplicates: z.number().int().min(0),
    unmatched: z.number().int().min(0),
    errorCount: z.number().int().min(0),
  }),
);
export type EarningsImportSummary = z.infer<typeof earningsImportSummarySchema>;

/** One import with its first errors. */
export const earningsImportSchema = wireSchema(() =>
  earningsImportSummarySchema.extend({ errors: z.array(earningsLineErrorSchema) }),
);
export type EarningsImport = z.infer<typeof earningsImportSchema>;
