import type { FormReply } from "#domain/form-reply.ts";
import { TEST_SEND_TEXT } from "#domain/newsletter-text.ts";
import { newsletterCreateSchema, newsletterInputSchema } from "#domain/newsletters.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId, parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

const NOT_FOUND = "Newsletter not found";

/** Newsletters: compose (or from a post), preview, test send, send to every subscriber (issue 19). */
export function newslettersRouter({ newsletters, outbox, deliverNow }: Services) {
  const router = createRouter();

  router.get("/admin/newsletters", adminOnly, async (_req, res) => {
    res.json(await newsletters.list());
  });

  router.post("/admin/newsletters", adminOnly, async (req, res) => {
    res.status(201).json(await newsletters.create(parseOr400(newsletterCreateSchema, req.body ?? {})));
  });

  router.get("/admin/newsletters/:id", adminOnly, async (req, res) => {
    const newsletter = await newsletters.get(parseId(req.params.id, "newsletter id"));
    if (!newsletter) throw new HttpError(404, NOT_FOUND);
    res.json(newsletter);
  });

  // A draft's subject, body and preview text; the fields sent are merged over the stored ones, then checked whole.
  router.patch("/admin/newsletters/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "newsletter id");
    const current = await newsletters.get(id);
    if (!current) throw new HttpError(404, NOT_FOUND);
    const body = req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
    const stored = { subject: current.subject, content: current.content, preheader: current.preheader };
    const input = parseOr400(newsletterInputSchema, { ...stored, ...body });
    const updated = await newsletters.update(id, input);
    if (!updated) throw new HttpError(404, NOT_FOUND);
    res.json(updated);
  });

  router.delete("/admin/newsletters/:id", adminOnly, async (req, res) => {
    if (!(await newsletters.remove(parseId(req.params.id, "newsletter id")))) throw new HttpError(404, NOT_FOUND);
    res.status(204).end();
  });

  router.get("/admin/newsletters/:id/preview", adminOnly, async (req, res) => {
    const preview = await newsletters.preview(parseId(req.params.id, "newsletter id"));
    if (!preview) throw new HttpError(404, NOT_FOUND);
    res.json(preview);
  });

  // To the owner's address (CONTACT_TO): 200 when the mail server took it, 202 when it waits.
  router.post("/admin/newsletters/:id/test", adminOnly, async (req, res) => {
    const queued = await newsletters.sendTest(parseId(req.params.id, "newsletter id"));
    if (!queued) throw new HttpError(404, NOT_FOUND);
    const sent = await deliverNow(queued.messageId);
    const body: FormReply = sent
      ? { emailSent: true, message: TEST_SEND_TEXT.sent(queued.to) }
      : outbox.configured
        ? { emailSent: false, message: TEST_SEND_TEXT.queued(queued.to) }
        : { emailSent: false, message: TEST_SEND_TEXT.saved(queued.to), note: TEST_SEND_TEXT.note };
    res.status(sent ? 200 : 202).json(body);
  });

  // 202: the send goes on in the background at the configured rate. Asking again (or from another
  // instance) starts nothing new: each subscriber gets the newsletter once. 409 for a draft that
  // may not go out yet (no postal address, a product token that does not resolve).
  router.post("/admin/newsletters/:id/send", adminOnly, async (req, res) => {
    const newsletter = await newsletters.startSend(parseId(req.params.id, "newsletter id"));
    if (!newsletter) throw new HttpError(404, NOT_FOUND);
    res.status(202).json(newsletter);
  });

  return router;
}
