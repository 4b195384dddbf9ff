import { type RequestHandler, Router } from "express";
import { isCrawler } from "../../domain/crawlers";
import type { Services } from "../services/create-services";

const PLACEMENT = /^[a-z0-9-]{1,32}$/;

/** The stored retailer URL with the associate tag added when it has none (Amazon links only). */
export function withAssociateTag(url: string, tag: string | undefined): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  const isAmazon = /(^|\.)amazon\.[a-z.]+$|(^|\.)amzn\.to$/i.test(parsed.hostname);
  if (tag && isAmazon && !parsed.searchParams.has("tag")) parsed.searchParams.set("tag", tag);
  return parsed.toString();
}

/**
 * GET /go/{toyId}?from={placement}: counts the click and sends the visitor to the toy's stored
 * retailer link. The target is only ever that stored URL, so the route cannot be used to
 * redirect anywhere else.
 */
export function affiliateRedirect({ catalog, stats }: Services, associateTag: string | undefined): Router {
  const router = Router();
  const handler: RequestHandler<{ toyId: string }> = async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    const id = /^\d{1,10}$/.test(req.params.toyId) ? Number(req.params.toyId) : null;
    const toy = id ? await catalog.getToy(id) : null;
    const target = toy?.amazonUrl ? withAssociateTag(toy.amazonUrl, associateTag) : null;
    if (!toy || !target) {
      res.status(404).json({ message: "This product link does not exist" });
      return;
    }
    // crawlers and the owner checking links are not customers
    if (!isCrawler(req.get("user-agent")) && !res.locals.session) {
      const from = typeof req.query.from === "string" && PLACEMENT.test(req.query.from) ? req.query.from : "unknown";
      await stats.recordClick(toy.id, from);
    }
    res.redirect(302, target);
  };
  router.get("/go/:toyId", handler);
  return router;
}
