import { MEDIA_TEXT, mediaQuerySchema } from "#domain/media.ts";
import { mediaAltTextSchema } from "#domain/media-form.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId, parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/** The media library (decision 027): list, alt text, delete. New images come through POST /api/upload. */
export function mediaRouter({ media }: Services) {
  const router = createRouter();

  router.get("/admin/media", adminOnly, async (req, res) => {
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const query = parseOr400(mediaQuerySchema, {
      search: params.get("search") ?? undefined,
      page: params.get("page") ?? undefined,
      pageSize: params.get("pageSize") ?? undefined,
    });
    const page = await media.list(query);
    res.set("X-Total-Count", String(page.total)).json(page.items);
  });

  router.patch("/admin/media/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "image id");
    const { altText } = parseOr400(mediaAltTextSchema, req.body ?? {});
    const item = await media.updateAltText(id, altText);
    if (!item) throw new HttpError(404, MEDIA_TEXT.notFound);
    res.json(item);
  });

  // An image still in use is refused with 409 and where it is used (the service's conflict).
  router.delete("/admin/media/:id", adminOnly, async (req, res) => {
    if (!(await media.remove(parseId(req.params.id, "image id")))) throw new HttpError(404, MEDIA_TEXT.notFound);
    res.status(204).end();
  });

  return router;
}
