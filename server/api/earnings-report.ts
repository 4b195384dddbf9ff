import {
  type EarningsReport,
  earningsQuerySchema,
  type TrackingIdSummary,
  trackingIdMappingSchema,
  type UnmatchedItem,
  unmatchedQuerySchema,
} from "#domain/earnings.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import { createRouter } from "#server/http/router.ts";
import { parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/**
 * The owner's earnings figures (issue 28, decision 064): the report by article, placement, toy,
 * day or country, as JSON or CSV; the items no toy matches; and the tracking IDs the owner gives
 * placements. (The reports' import is server/api/earnings.ts.)
 */
export function earningsReportRouter({ earningsReport }: Services) {
  const router = createRouter();

  router.get("/admin/earnings", adminOnly, async (req, res) => {
    res.json((await earningsReport.report(parseOr400(earningsQuerySchema, req.query))) satisfies EarningsReport);
  });

  // Small (one row per key and currency), so sent whole rather than streamed.
  router.get("/admin/earnings.csv", adminOnly, async (req, res) => {
    const { fileName, text } = await earningsReport.csv(parseOr400(earningsQuerySchema, req.query));
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
    res.send(text);
  });

  router.get("/admin/earnings/unmatched", adminOnly, async (req, res) => {
    const { items, total } = await earningsReport.unmatchedItems(parseOr400(unmatchedQuerySchema, req.query));
    res.setHeader("X-Total-Count", String(total));
    res.json(items satisfies UnmatchedItem[]);
  });

  router.get("/admin/earnings/tracking-ids", adminOnly, async (_req, res) => {
    res.json((await earningsReport.trackingIds()) satisfies TrackingIdSummary[]);
  });

  router.put("/admin/earnings/tracking-ids/:trackingId", adminOnly, async (req, res) => {
    const { placement } = parseOr400(trackingIdMappingSchema, req.body ?? {});
    const { entry } = await earningsReport.mapTrackingId(req.params.trackingId, placement);
    res.json(entry satisfies TrackingIdSummary);
  });

  router.delete("/admin/earnings/tracking-ids/:trackingId", adminOnly, async (req, res) => {
    const { previous } = await earningsReport.mapTrackingId(req.params.trackingId, null);
    if (previous === null) throw new HttpError(404, "That tracking ID has no placement");
    res.status(204).end();
  });

  return router;
}
