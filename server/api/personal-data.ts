import { erasureListQuerySchema, personalDataQuerySchema } from "#domain/personal-data.ts";
import { PERSONAL_DATA_FILENAME } from "#domain/personal-data-text.ts";
import { adminOnly } from "#server/http/access.ts";
import { createRouter } from "#server/http/router.ts";
import { parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

// The address travels in the query string: the request log leaves query values out, so it
// never reaches a log line.

/** A visitor's data rights: everything held about an address, or all of it erased (issue 19). */
export function personalDataRouter({ personalData }: Services) {
  const router = createRouter();

  // A download (Content-Disposition), so a plain link or GET form in the admin saves the file.
  router.get("/admin/personal-data", adminOnly, async (req, res) => {
    const { email } = parseOr400(personalDataQuerySchema, req.query);
    res
      .set("Content-Disposition", `attachment; filename="${PERSONAL_DATA_FILENAME}"`)
      .json(await personalData.export(email));
  });

  // Everything at once, in one transaction; the record it leaves holds a hash, not the address.
  router.delete("/admin/personal-data", adminOnly, async (req, res) => {
    const { email } = parseOr400(personalDataQuerySchema, req.query);
    res.json(await personalData.erase(email));
  });

  router.get("/admin/personal-data/erasures", adminOnly, async (req, res) => {
    const { email } = parseOr400(erasureListQuerySchema, req.query);
    res.json(await personalData.listErasures(email));
  });

  return router;
}
