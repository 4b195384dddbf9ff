import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { csvLine, UTF8_BOM } from "#domain/csv.ts";
import {
  localDateTimeFormatter,
  SUBSCRIBERS_CSV_FILENAME,
  SUBSCRIBERS_CSV_HEADERS,
  subscriberCsvLine,
  subscriberExportQuerySchema,
  subscriberListQuerySchema,
  subscriberUpdateSchema,
} from "#domain/subscribers.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError, isClientAbort } from "#server/http/errors.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId, parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

const NOT_FOUND = "Subscriber not found";

/** The newsletter's subscribers: list, CSV export, unsubscribe or delete one (issue 19). */
export function subscribersRouter({ subscribers, audit }: Services) {
  const router = createRouter();

  router.get("/admin/subscribers", adminOnly, async (req, res) => {
    const query = parseOr400(subscriberListQuerySchema, req.query);
    const { items, total } = await subscribers.list(query);
    res.set("X-Total-Count", String(total)).json(items);
  });

  // Streamed like the quiz export (same cell rules, gzip by hand, a cancelled download is not an
  // error), and it starts with a byte order mark so spreadsheet programs read accents right.
  router.get("/admin/subscribers.csv", adminOnly, async (req, res, next) => {
    const { locale, ...filter } = parseOr400(subscriberExportQuerySchema, req.query);
    const formatTime = localDateTimeFormatter(locale, filter.timeZone);
    res.status(200);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${SUBSCRIBERS_CSV_FILENAME}"`);
    res.vary("Accept-Encoding");
    const gzip = req.acceptsEncodings("gzip") === "gzip";
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    let rows = 0;
    let complete = false;
    async function* csv() {
      yield UTF8_BOM + csvLine(SUBSCRIBERS_CSV_HEADERS);
      for await (const batch of subscribers.exportRows(filter)) {
        rows += batch.length;
        yield batch.map((row) => subscriberCsvLine(row, formatTime)).join("");
      }
    }
    const source = Readable.from(csv(), { objectMode: false });
    try {
      await (gzip ? pipeline(source, createGzip(), res) : pipeline(source, res));
      complete = true;
    } catch (error) {
      if (isClientAbort(error, req, res)) return;
      next(error);
    } finally {
      // the audit log's entry (decision 029): only the stream knows how many addresses left
      await audit.record({
        action: "export",
        itemKind: "subscriber",
        itemLabel: "Subscribers (CSV)",
        details: { rows, complete },
      });
    }
  });

  // The owner may only unsubscribe an address by hand; subscribing needs the person's consent.
  router.patch("/admin/subscribers/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "subscriber id");
    parseOr400(subscriberUpdateSchema, req.body ?? {});
    const subscriber = await subscribers.unsubscribe(id);
    if (!subscriber) throw new HttpError(404, NOT_FOUND);
    res.json(subscriber);
  });

  router.delete("/admin/subscribers/:id", adminOnly, async (req, res) => {
    if (!(await subscribers.remove(parseId(req.params.id, "subscriber id")))) throw new HttpError(404, NOT_FOUND);
    res.status(204).end();
  });

  return router;
}
