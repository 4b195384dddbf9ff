import { z } from "zod";
import { breedDeleteQuerySchema, breedInputSchema } from "#domain/breed-form.ts";
import { BREED_TEXT } from "#domain/breed-text.ts";
import { categoryDeleteQuerySchema, categoryInputSchema, categoryOrderSchema } from "#domain/category-form.ts";
import { CATEGORY_TEXT, knownCategoryIcon } from "#domain/category-text.ts";
import { productBulkSchema } from "#domain/product-list.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId, parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/** PATCH's body: an object whose fields are merged over the stored ones, then checked whole. */
const patchBodySchema = z.record(z.string(), z.unknown(), "Send the fields to change as a JSON object");

/** The first value of each named query parameter, as the query schemas read them. */
function queryOf(originalUrl: string, names: readonly string[]): Record<string, string> {
  const params = new URL(originalUrl, "http://localhost").searchParams;
  const found: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) found[name] = value;
  }
  return found;
}

/**
 * The owner's catalogue structure (decision 027): categories (with their order) and breeds, and
 * the products list's bulk actions and duplicate. Every route carries the admin guard.
 */
export function catalogEditorRouter({ categoryEditor, breedEditor, productEditor }: Services) {
  const router = createRouter();

  router.post("/categories", adminOnly, async (req, res) => {
    res.status(201).json(await categoryEditor.create(parseOr400(categoryInputSchema, req.body ?? {})));
  });

  // Before /categories/:id would see "order" as an id.
  router.post("/categories/order", adminOnly, async (req, res) => {
    const { ids } = parseOr400(categoryOrderSchema, req.body ?? {});
    res.json(await categoryEditor.reorder(ids));
  });

  router.patch("/categories/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "category id");
    const body = parseOr400(patchBodySchema, req.body ?? {});
    const stored = await categoryEditor.getForAdmin(id);
    if (!stored) throw new HttpError(404, CATEGORY_TEXT.notFound);
    const { id: _id, productCount: _count, trashedProductCount: _trashed, position: _position, ...fields } = stored;
    // an icon stored under an older name reads as its icon, so changing only the name works
    const current = { ...fields, icon: knownCategoryIcon(fields.icon) };
    const category = await categoryEditor.update(id, parseOr400(categoryInputSchema, { ...current, ...body }));
    if (!category) throw new HttpError(404, CATEGORY_TEXT.notFound);
    res.json(category);
  });

  // Refused with 409 while products use it, unless ?moveTo={otherId} says where they go.
  router.delete("/categories/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "category id");
    const { moveTo } = parseOr400(categoryDeleteQuerySchema, queryOf(req.originalUrl, ["moveTo"]));
    if (!(await categoryEditor.remove(id, { moveTo }))) throw new HttpError(404, CATEGORY_TEXT.notFound);
    res.status(204).end();
  });

  router.post("/breeds", adminOnly, async (req, res) => {
    res.status(201).json(await breedEditor.create(parseOr400(breedInputSchema, req.body ?? {})));
  });

  router.patch("/breeds/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "breed id");
    const body = parseOr400(patchBodySchema, req.body ?? {});
    const stored = await breedEditor.getForAdmin(id);
    if (!stored) throw new HttpError(404, BREED_TEXT.notFound);
    const { id: _id, slug: _slug, recommendationCount: _count, ...current } = stored;
    const breed = await breedEditor.update(id, parseOr400(breedInputSchema, { ...current, ...body }));
    if (!breed) throw new HttpError(404, BREED_TEXT.notFound);
    res.json(breed);
  });

  // Refused with 409 while products are recommended for it, unless ?removeRecommendations=true.
  router.delete("/breeds/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "breed id");
    const { removeRecommendations } = parseOr400(
      breedDeleteQuerySchema,
      queryOf(req.originalUrl, ["removeRecommendations"]),
    );
    if (!(await breedEditor.remove(id, { removeRecommendations }))) throw new HttpError(404, BREED_TEXT.notFound);
    res.status(204).end();
  });

  router.post("/toys/bulk", adminOnly, async (req, res) => {
    res.json(await productEditor.bulk(parseOr400(productBulkSchema, req.body ?? {})));
  });

  router.post("/toys/:id/duplicate", adminOnly, async (req, res) => {
    const copy = await productEditor.duplicate(parseId(req.params.id, "toy id"));
    if (!copy) throw new HttpError(404, "Product not found");
    res.status(201).json(copy);
  });

  return router;
}
