import { EARNINGS_IMPORT_FIELD, earningsUploadText } from "#domain/earnings-import.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import {
  discardRest,
  MULTIPART_OVERHEAD_BYTES,
  type ReceivedStream,
  receiveFileStream,
} from "#server/http/multipart.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";
import type { EarningsImportOutcome } from "#server/services/earnings-import.service.ts";

/**
 * The retailers' earnings and orders reports (issue 28, decision 064): POST one to import it,
 * read as it arrives (it may be large); GET the last imports, or one, to follow a running
 * import's progress. The import reads its own multipart body, so this router sits before the
 * JSON-only rule.
 */
export function earningsRouter({ earningsImport }: Services) {
  const router = createRouter();
  const text = earningsUploadText(earningsImport.maxFileBytes);

  router.post("/admin/earnings/import", adminOnly, async (req, res) => {
    if (!req.is("multipart/form-data")) throw new HttpError(415, text.notMultipart);
    if (Number(req.headers["content-length"]) > earningsImport.maxFileBytes + MULTIPART_OVERHEAD_BYTES) {
      // too big whatever it holds: refused before a byte of it is parsed
      discardRest(req);
      throw new HttpError(413, text.tooLarge);
    }
    let received: ReceivedStream<EarningsImportOutcome>;
    try {
      received = await receiveFileStream(
        req,
        { field: EARNINGS_IMPORT_FIELD, maxBytes: earningsImport.maxFileBytes, messages: text },
        (file, fileName) => earningsImport.importReport(file, { fileName }),
      );
    } finally {
      // a refusal, or a file found to be no report after its first lines: the rest is not read
      discardRest(req);
    }
    if (!received.ok) throw new HttpError(received.status, received.error);
    const outcome = received.value;
    if (!outcome.ok) throw new HttpError(400, outcome.message);
    res.json(outcome.report);
  });

  router.get("/admin/earnings/imports", adminOnly, async (_req, res) => {
    res.json(await earningsImport.listImports());
  });

  router.get("/admin/earnings/imports/:id", adminOnly, async (req, res) => {
    const found = await earningsImport.getImport(parseId(req.params.id, "import id"));
    if (!found) throw new HttpError(404, "Import not found");
    res.json(found);
  });

  return router;
}
