import { z } from "zod";
import { postInputSchema } from "#domain/post-form.ts";
import { reviewFieldsSchema } from "#domain/post-review.ts";
import { type PostPreview, postPreviewRequestSchema } from "#domain/product-boxes.ts";
import { breedRecommendationInputSchema, productInputSchema } from "#domain/product-form.ts";
import { optionalSlugSchema } from "#domain/slug.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId, parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

export const categoryLinkSchema = z.object({
  categoryId: z.number("Choose a category").int().positive("Choose a category"),
});
export const breedLinkSchema = breedRecommendationInputSchema.extend({
  toyId: z.number("Choose a product").int().positive("Choose a product"),
});

/** Admin writes to posts, products, their categories and breed recommendations (each route carries the admin guard). */
export function adminContentRouter({ content, postEditor, productEditor }: Services) {
  const router = createRouter();

  router.post("/posts", adminOnly, async (req, res) => {
    const body = req.body ?? {};
    const post = await postEditor.create({
      ...parseOr400(postInputSchema, body),
      ...parseOr400(reviewFieldsSchema, body),
    });
    res.status(201).json(post);
  });

  // PATCH may send only some fields: they are merged over the stored post, then the whole is checked.
  router.patch("/posts/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id);
    const stored = await content.getPostById(id);
    if (!stored) throw new HttpError(404, "Post not found");
    const { id: _id, updatedAt: _updatedAt, ...current } = stored;
    const body = req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
    const merged = { ...current, ...body };
    const post = await postEditor.update(id, {
      ...parseOr400(postInputSchema, merged),
      ...parseOr400(reviewFieldsSchema, merged),
    });
    if (!post) throw new HttpError(404, "Post not found");
    res.json(post);
  });

  // The editor's live preview: the body exactly as the public page renders it (same blocks from
  // the same live catalogue), plus a warning for each token a visitor would not see.
  router.post("/admin/post-preview", adminOnly, async (req, res) => {
    const { content: body, reviewedToyId } = parseOr400(postPreviewRequestSchema, req.body ?? {});
    const [blocks, reviewedToy] = await Promise.all([
      content.previewBlocks(body),
      reviewedToyId ? content.reviewedToyBox(reviewedToyId) : null,
    ]);
    res.json({ blocks, reviewedToy } satisfies PostPreview);
  });

  router.delete("/posts/:id", adminOnly, async (req, res) => {
    if (!(await postEditor.remove(parseId(req.params.id)))) throw new HttpError(404, "Post not found");
    res.status(204).end();
  });

  router.post("/toys", adminOnly, async (req, res) => {
    const body = req.body ?? {};
    const { slug } = parseOr400(optionalSlugSchema, body);
    res.status(201).json(await productEditor.create(parseOr400(productInputSchema, body), { slug }));
  });

  router.put("/toys/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id);
    const body = req.body ?? {};
    const { slug } = parseOr400(optionalSlugSchema, body);
    const toy = await productEditor.update(id, parseOr400(productInputSchema, body), { slug });
    if (!toy) throw new HttpError(404, "Product not found");
    res.json(toy);
  });

  router.delete("/toys/:id", adminOnly, async (req, res) => {
    if (!(await productEditor.remove(parseId(req.params.id)))) throw new HttpError(404, "Product not found");
    res.status(204).end();
  });

  router.post("/toys/:id/categories", adminOnly, async (req, res) => {
    const { categoryId } = parseOr400(categoryLinkSchema, req.body ?? {});
    res.status(201).json(await productEditor.addCategory(parseId(req.params.id), categoryId));
  });

  router.delete("/toys/:id/categories", adminOnly, async (req, res) => {
    await productEditor.removeCategories(parseId(req.params.id));
    res.status(204).end();
  });

  router.delete("/toys/:id/breed-recommendations", adminOnly, async (req, res) => {
    await productEditor.removeBreedLinks(parseId(req.params.id));
    res.status(204).end();
  });

  router.post("/breed-recommendations", adminOnly, async (req, res) => {
    res.status(201).json(await productEditor.addBreedLink(parseOr400(breedLinkSchema, req.body ?? {})));
  });

  router.delete("/breed-recommendations/:id", adminOnly, async (req, res) => {
    if (!(await productEditor.removeBreedLink(parseId(req.params.id)))) {
      throw new HttpError(404, "Breed recommendation not found");
    }
    res.status(204).end();
  });

  return router;
}
