import { adminOnly } from "#server/http/access.ts";
import { createRouter } from "#server/http/router.ts";
import type { Services } from "#server/services/create-services.ts";

/** Links that work (issue 27): check every retailer link now, and the links that are not ok. */
export function linkCheckRouter({ linkCheck }: Services) {
  const router = createRouter();

  // answers when the run is done: one request a second per host, Amazon at its own pace
  router.post("/admin/link-check", adminOnly, async (_req, res) => {
    res.json(await linkCheck.run("admin"));
  });

  router.get("/admin/link-health", adminOnly, async (_req, res) => {
    res.json(await linkCheck.problems());
  });

  return router;
}
