import { z } from "zod";
import { postExtrasSchema } from "#domain/post-extras.ts";
import { postInputSchema } from "#domain/post-form.ts";
import { postBulkSchema } from "#domain/post-list.ts";
import { type PostPreview, postPreviewRequestSchema } from "#domain/product-boxes.ts";
import { breedRecommendationInputSchema, optionalSlugSchema, productInputSchema } from "#domain/product-form.ts";
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
export function adminContentRouter({ content, postEditor, productEditor, trash, catalog }: Services) {
  const router = createRouter();

  router.post("/posts", adminOnly, async (req, res) => {
    const body = req.body ?? {};
    const post = await postEditor.create({
      ...parseOr400(postInputSchema, body),
      ...parseOr400(postExtrasSchema, body),
    });
    res.status(201).json(post);
  });

  // PATCH may send only some fields: the service merges them over the stored post and checks the whole.
  router.patch("/posts/:id", adminOnly, async (req, res) => {
    const post = await postEditor.edit(parseId(req.params.id), req.body);
    if (!post) throw new HttpError(404, "Post not found");
    res.json(post);
  });

  // The posts list's bulk actions: publish, switch to draft, move to the trash (all or nothing).
  router.post("/posts/bulk", adminOnly, async (req, res) => {
    res.json(await postEditor.bulk(parseOr400(postBulkSchema, req.body ?? {})));
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

  // Deleting moves the post to the trash (GET /api/admin/trash), from where it can come back.
  router.delete("/posts/:id", adminOnly, async (req, res) => {
    if (!(await postEditor.remove(parseId(req.params.id)))) throw new HttpError(404, "Post not found");
    res.status(204).end();
  });

  router.post("/posts/:id/restore", adminOnly, async (req, res) => {
    const id = parseId(req.params.id);
    if (!(await postEditor.restore(id))) throw new HttpError(404, "This post is not in the trash");
    const post = await content.getPostForEditing(id);
    if (!post) throw new HttpError(404, "Post not found");
    res.json(post);
  });

  router.get("/posts/:id/revisions", adminOnly, async (req, res) => {
    const revisions = await content.listPostRevisions(parseId(req.params.id));
    if (!revisions) throw new HttpError(404, "Post not found");
    res.json(revisions);
  });

  router.post("/posts/:id/revisions/:revisionId/restore", adminOnly, async (req, res) => {
    const post = await postEditor.restoreRevision(parseId(req.params.id), parseId(req.params.revisionId));
    if (!post) throw new HttpError(404, "Post not found");
    res.json(post);
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

  // Deleting moves the product to the trash with its categories, breed links and clicks.
  router.delete("/toys/:id", adminOnly, async (req, res) => {
    if (!(await productEditor.remove(parseId(req.params.id)))) throw new HttpError(404, "Product not found");
    res.status(204).end();
  });

  router.post("/toys/:id/restore", adminOnly, async (req, res) => {
    const id = parseId(req.params.id);
    if (!(await productEditor.restore(id))) throw new HttpError(404, "This product is not in the trash");
    const toy = await catalog.getToyForEditing(id);
    if (!toy) throw new HttpError(404, "Product not found");
    res.json(toy);
  });

  router.get("/admin/trash", adminOnly, async (_req, res) => {
    res.json(await trash.list());
  });

  router.delete("/admin/trash", adminOnly, async (_req, res) => {
    res.json({ deleted: await trash.empty() });
  });

  router.delete("/admin/trash/posts/:id", adminOnly, async (req, res) => {
    if (!(await trash.deleteForever("post", parseId(req.params.id)))) throw new HttpError(404, "Not in the trash");
    res.status(204).end();
  });

  router.delete("/admin/trash/products/:id", adminOnly, async (req, res) => {
    if (!(await trash.deleteForever("product", parseId(req.params.id)))) throw new HttpError(404, "Not in the trash");
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
