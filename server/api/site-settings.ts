import { siteSettingsInputSchema } from "#domain/site-settings.ts";
import { adminOnly } from "#server/http/access.ts";
import { createRouter } from "#server/http/router.ts";
import { parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/** The owner's settings: the postal address e-mails carry, and what the configuration sets (decision 047). */
export function siteSettingsRouter({ siteSettings }: Services) {
  const router = createRouter();

  router.get("/admin/settings", adminOnly, async (_req, res) => {
    res.json(await siteSettings.get());
  });

  router.put("/admin/settings", adminOnly, async (req, res) => {
    res.json(await siteSettings.update(parseOr400(siteSettingsInputSchema, req.body ?? {})));
  });

  return router;
}
