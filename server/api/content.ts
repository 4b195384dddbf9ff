import { Router } from "express";
import { contactSchema } from "../../domain/contact";
import { HttpError } from "../http/errors";
import { parseOr400 } from "../http/validation";
import type { Services } from "../services/create-services";

const SLUG = /^[a-z0-9-]{1,200}$/;

/** Public content: posts, testimonials, and the contact form. */
export function contentRouter({ content }: Services) {
  const router = Router();

  router.get("/posts", async (_req, res) => {
    res.json(await content.listPosts());
  });

  router.get("/posts/featured", async (_req, res) => {
    res.json(await content.listFeaturedPosts());
  });

  // A numeric key is an id (admin editor), anything else a slug (public pages).
  router.get("/posts/:key", async (req, res) => {
    const key = req.params.key;
    let post = null;
    if (/^\d{1,10}$/.test(key)) post = await content.getPostById(Number(key));
    if (!post && SLUG.test(key)) post = await content.getPostBySlug(key);
    if (!post) throw new HttpError(404, "Post not found");
    res.json(post);
  });

  router.get("/testimonials", async (_req, res) => {
    res.json(await content.listTestimonials());
  });

  router.post("/contact", async (req, res) => {
    const input = parseOr400(contactSchema, req.body ?? {});
    await content.saveContactMessage(input);
    // Mail delivery is not configured yet: the message is stored and the visitor told so.
    res.status(202).json({
      emailSent: false,
      message: "Your message has been received. We usually reply within 24-48 hours.",
      note: "No email delivery service is configured, so no notification email was sent. The message is saved and can be read by the site administrator.",
    });
  });

  return router;
}
