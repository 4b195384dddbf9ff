import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/** The product sync of issue 27: run it now, its last runs, a toy's price history. */
export function productSyncRouter({ productSync }: Services) {
  const router = createRouter();

  // answers when the run is done: with Amazon's pace a large catalogue takes minutes
  router.post("/admin/product-sync", adminOnly, async (_req, res) => {
    res.json(await productSync.run("admin"));
  });

  router.get("/admin/product-sync", adminOnly, async (_req, res) => {
    res.json(await productSync.recentRuns());
  });

  router.get("/admin/toys/:id/price-history", adminOnly, async (req, res) => {
    const history = await productSync.history(parseId(req.params.id, "toy id"));
    if (!history) throw new HttpError(404, "Toy not found");
    res.json(history);
  });

  return router;
}
