import type { CatalogueImportReport } from "./catalogue-csv";

// Kept apart from catalogue-csv.ts and its Zod schemas: the products list and its import form
// read only these, and a page that reaches a Zod module loads all of Zod (25 KB gzip, decision
// 069). catalogue-csv.ts re-exports them.

export const CATALOGUE_CSV_FILENAME = "toys.csv";
/** The multipart field the import's file comes in. */
export const CATALOGUE_IMPORT_FIELD = "file";
/** The largest import file: 10,000 products with long details fit with room to spare. */
export const CATALOGUE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** "1 to create, 2 to update, 20 unchanged" (a preview) or "1 created, 2 updated, 20 unchanged" (done). */
export function catalogueImportCounts(report: CatalogueImportReport, done: boolean): string {
  return [
    `${report.create} ${done ? "created" : "to create"}`,
    `${report.update} ${done ? "updated" : "to update"}`,
    `${report.skip} unchanged`,
  ].join(", ");
}
