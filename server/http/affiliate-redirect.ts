import type { RequestHandler } from "express";
import { isCrawler } from "#domain/crawlers.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { affiliateTarget, visitorCountry } from "#domain/marketplaces.ts";
import { type ParsedPlacement, parsePlacement, placementName } from "#domain/placements.ts";
import type { Services } from "#server/services/create-services.ts";
import { clientKey } from "./client-address";
import { HttpError } from "./errors";
import { setCacheControl } from "./private-answers";
import { createRouter } from "./router";

/**
 * GET /go/{toyId}?from={placement}: counts the click and sends the visitor to the toy's stored
 * retailer link, or to the same product (its ASIN) on their country's Amazon marketplace when
 * the site has a tag there (decision 058). The target is only ever the stored URL or an Amazon
 * product page, so the route cannot be used to redirect anywhere else. Clicks are counted per
 * client with limits (stats.recordClick), with the visitor's country; the visitor is sent on
 * either way.
 */
export function affiliateRedirect(
  { catalog, content, stats, newsletters, siteSettings }: Services,
  { countryHeader }: { countryHeader?: string },
) {
  const router = createRouter();

  /** The placement to count: a named post or breed page only when it exists, so no caller invents rows. */
  async function placementToCount(from: unknown): Promise<string> {
    const placement: ParsedPlacement = parsePlacement(from);
    if (placement.kind === "post" && !(await content.getPostBySlug(placement.slug))) return "other";
    if (placement.kind === "breed" && !(await catalog.findBreedBySlug(placement.slug))) return "other";
    // a newsletter's links count for it (its page shows them); an id no newsletter has, as e-mail
    if (placement.kind === "email")
      return (await newsletters.exists(placement.id)) ? placementName(placement) : "email";
    return placementName(placement);
  }

  const handler: RequestHandler<{ toyId: string }> = async (req, res, next) => {
    setCacheControl(res, "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    // the answer depends on where the visitor is: no shared cache may hand it to someone else
    res.vary(countryHeader ? `${countryHeader}, Accept-Language` : "Accept-Language");
    const toy = isDatabaseId(req.params.toyId) ? await catalog.getToy(Number(req.params.toyId)) : null;
    const country = visitorCountry({
      trustedHeader: countryHeader ? req.get(countryHeader) : undefined,
      acceptLanguage: req.get("accept-language"),
    });
    const target = toy?.amazonUrl
      ? affiliateTarget({
          url: toy.amazonUrl,
          asin: toy.amazonAsin,
          country,
          tags: await siteSettings.associateTags(),
        })
      : null;
    if (!toy || !target) {
      // a visitor gets the site's own 404 page (rendered by the pages after this router)
      if (req.accepts("html")) return next();
      throw new HttpError(404, "This product link does not exist");
    }
    // crawlers and the owner checking links are not customers
    if (!isCrawler(req.get("user-agent")) && !res.locals.session) {
      const placement = await placementToCount(req.query.from);
      await stats.recordClick({ toyId: toy.id, placement, country, client: clientKey(req.ip) });
    }
    res.redirect(302, target);
  };
  router.get("/go/:toyId", handler);
  return router;
}
