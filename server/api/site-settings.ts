import { siteSettingsInputSchema } from "#domain/site-settings.ts";
import { adminOnly } from "#server/http/access.ts";
import { createRouter } from "#server/http/router.ts";
import { parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/** The owner's settings over the configuration's defaults (decisions 047 and 061). */
export function siteSettingsRouter({ siteSettings }: Services) {
  const router = createRouter();

  router.get("/admin/settings", adminOnly, async (_req, res) => {
    res.json(await siteSettings.get());
  });

  router.put("/admin/settings", adminOnly, async (req, res) => {
    const { settings } = await siteSettings.update(parseOr400(siteSettingsInputSchema, req.body ?? {}));
    res.json(settings);
  });

  return router;
}
