import { isDatabaseId } from "#domain/ids.ts";
import { HttpError } from "#server/http/errors.ts";
import { sendJson } from "#server/http/json-answers.ts";
import { createRouter } from "#server/http/router.ts";
import type { Services } from "#server/services/create-services.ts";

const SLUG = /^[a-z0-9-]{1,200}$/;

/** Public content: posts and testimonials. */
export function contentRouter({ content }: Services) {
  const router = createRouter();

  // Visitors get the published posts; the signed-in owner (an API client or the admin list)
  // every post outside the trash, drafts and scheduled ones too. A session makes the answer
  // private (privateAnswers), so no cache hands the owner's list to a visitor.
  router.get("/posts", async (req, res) => {
    sendJson(req, res, res.locals.session ? await content.listPostsForAdmin() : await content.listPosts());
  });

  router.get("/posts/featured", async (req, res) => {
    sendJson(req, res, await content.listFeaturedPosts());
  });

  // A numeric key is an id (admin editor), anything else a slug (public pages).
  router.get("/posts/:key", async (req, res) => {
    const key = req.params.key;
    let post = null;
    if (isDatabaseId(key)) {
      post = res.locals.session ? await content.getPostForEditing(Number(key)) : await content.getPostById(Number(key));
    }
    if (!post && SLUG.test(key)) post = await content.getPostBySlug(key);
    if (!post) throw new HttpError(404, "Post not found");
    sendJson(req, res, post);
  });

  router.get("/testimonials", async (req, res) => {
    sendJson(req, res, await content.listTestimonials());
  });

  return router;
}
