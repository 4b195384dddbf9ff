import {
  CATALOGUE_CSV_FILENAME,
  CATALOGUE_IMPORT_FIELD,
  CATALOGUE_IMPORT_MAX_BYTES,
  CATALOGUE_IMPORT_STATUS,
  catalogueImportQuerySchema,
} from "#domain/catalogue-csv.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import { discardRest, MULTIPART_OVERHEAD_BYTES, receiveFile } from "#server/http/multipart.ts";
import { createRouter } from "#server/http/router.ts";
import { parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

const TOO_LARGE = `The file is larger than ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB`;
const TEXT = {
  notMultipart: `Send the CSV file as multipart/form-data, in the form field "${CATALOGUE_IMPORT_FIELD}"`,
  tooLarge: TOO_LARGE,
  missingFile: `No file received: send the CSV file in the form field "${CATALOGUE_IMPORT_FIELD}"`,
  oneFile: "Please import one file at a time",
  tooManyFields: "Too many form fields in the import",
  malformed: "The import could not be read (malformed multipart body)",
} as const;

/**
 * The whole catalogue as CSV (issue 27, decision 059): GET the export; POST a file of the same
 * columns to preview (?dryRun=1) or apply it. The import reads its own multipart body, so this
 * router sits before the JSON-only rule.
 */
export function catalogueCsvRouter({ catalogueCsv }: Services) {
  const router = createRouter();

  router.get("/admin/toys.csv", adminOnly, async (_req, res) => {
    const { csv } = await catalogueCsv.exportCsv();
    res.status(200);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${CATALOGUE_CSV_FILENAME}"`);
    res.send(csv);
  });

  router.post("/admin/toys/import", adminOnly, async (req, res) => {
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const { dryRun } = parseOr400(catalogueImportQuerySchema, { dryRun: params.get("dryRun") ?? undefined });
    if (!req.is("multipart/form-data")) throw new HttpError(415, TEXT.notMultipart);
    if (Number(req.headers["content-length"]) > CATALOGUE_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
      // too big whatever it holds: refused before a byte of it is parsed
      discardRest(req);
      throw new HttpError(413, TEXT.tooLarge);
    }
    const received = await receiveFile(req, {
      field: CATALOGUE_IMPORT_FIELD,
      maxBytes: CATALOGUE_IMPORT_MAX_BYTES,
      messages: TEXT,
    });
    if (!received.ok) {
      discardRest(req);
      throw new HttpError(received.status, received.error);
    }
    const outcome = await catalogueCsv.importCsv(received.bytes, { dryRun });
    if (outcome.ok) {
      res.json(outcome.report);
      return;
    }
    const status = CATALOGUE_IMPORT_STATUS[outcome.refusal];
    if (!outcome.report) throw new HttpError(status, outcome.message);
    res.status(status).json({ message: outcome.message, ...outcome.report });
  });

  return router;
}
