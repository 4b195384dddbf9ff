import { toyQuerySchema } from "#domain/catalog.ts";
import { toyQueryInput } from "#domain/catalog-query.ts";
import { HttpError } from "#server/http/errors.ts";
import { sendJson } from "#server/http/json-answers.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId, parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/** Public catalogue reads: breeds, categories, toys and breed recommendations. */
export function catalogRouter({ catalog }: Services) {
  const router = createRouter();

  router.get("/breeds", async (req, res) => {
    sendJson(req, res, await catalog.listBreeds());
  });

  router.get("/categories", async (req, res) => {
    sendJson(req, res, await catalog.listCategories());
  });

  router.get("/recommendations/:breedId", async (req, res) => {
    const result = await catalog.getBreedRecommendations(parseId(req.params.breedId, "breed id"));
    if (!result) throw new HttpError(404, "Breed not found");
    sendJson(req, res, result);
  });

  // Without parameters: every toy by name (the spec's contract). With them: filtered,
  // sorted and, with `page`, paged; X-Total-Count always tells how many matched.
  router.get("/toys", async (req, res) => {
    const params = new URL(req.originalUrl, "http://localhost").searchParams;
    const query = parseOr400(toyQuerySchema, toyQueryInput(params));
    const page = await catalog.listToys(query);
    res.set("X-Total-Count", String(page.total));
    sendJson(req, res, page.items);
  });

  router.get("/toys/top-picks", async (req, res) => {
    sendJson(req, res, await catalog.listTopPicks());
  });

  // Visitors get published toys only; the signed-in owner (the product editor's live breed
  // list, an API client) drafts too. A session makes the answer private (privateAnswers).
  router.get("/toys/:id", async (req, res) => {
    const id = parseId(req.params.id, "toy id");
    const toy = res.locals.session ? await catalog.getToyForEditing(id) : await catalog.getToy(id);
    if (!toy) throw new HttpError(404, "Toy not found");
    sendJson(req, res, toy);
  });

  router.get("/toys/:id/categories", async (req, res) => {
    const id = parseId(req.params.id, "toy id");
    const list = res.locals.session
      ? ((await catalog.getToyForEditing(id))?.categories ?? null)
      : await catalog.listToyCategories(id);
    if (!list) throw new HttpError(404, "Toy not found");
    sendJson(req, res, list);
  });

  router.get("/toys/:id/breed-recommendations", async (req, res) => {
    const id = parseId(req.params.id, "toy id");
    const list = res.locals.session
      ? await catalog.listToyBreedLinksForEditing(id)
      : await catalog.listToyBreedLinks(id);
    if (!list) throw new HttpError(404, "Toy not found");
    sendJson(req, res, list);
  });

  return router;
}
