import type { FormReply } from "#domain/form-reply.ts";
import { messageListQuerySchema, messageReplySchema, messageUpdateSchema, REPLY_TEXT } from "#domain/inbox.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId, parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

const NOT_FOUND = "Message not found";

/** The owner's inbox: contact messages, their read and archived states, the trash and replies (issue 19). */
export function messagesRouter({ inbox, trash, deliverNow }: Services) {
  const router = createRouter();

  // One page, newest first; X-Total-Count says how many matched, X-Unread-Count how many wait unread.
  router.get("/admin/messages", adminOnly, async (req, res) => {
    const query = parseOr400(messageListQuerySchema, req.query);
    const [{ items, total }, unread] = await Promise.all([inbox.list(query), inbox.unreadCount()]);
    res.set({ "X-Total-Count": String(total), "X-Unread-Count": String(unread) }).json(items);
  });

  // Reading does not mark it read: a script listing messages must not change them (the page does).
  router.get("/admin/messages/:id", adminOnly, async (req, res) => {
    const message = await inbox.get(parseId(req.params.id, "message id"));
    if (!message) throw new HttpError(404, NOT_FOUND);
    res.json(message);
  });

  router.patch("/admin/messages/:id", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "message id");
    const message = await inbox.update(id, parseOr400(messageUpdateSchema, req.body ?? {}));
    if (!message) throw new HttpError(404, NOT_FOUND);
    res.json(message);
  });

  // Deleting moves the message to the trash (GET /api/admin/trash) for 30 days.
  router.delete("/admin/messages/:id", adminOnly, async (req, res) => {
    if (!(await inbox.remove(parseId(req.params.id, "message id")))) throw new HttpError(404, NOT_FOUND);
    res.status(204).end();
  });

  router.post("/admin/messages/:id/restore", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "message id");
    if (!(await inbox.restore(id))) throw new HttpError(404, "This message is not in the trash");
    const message = await inbox.get(id);
    if (!message) throw new HttpError(404, NOT_FOUND);
    res.json(message);
  });

  // 200 when the mail server took the reply in time, 202 when it follows from the outbox; 409
  // without a mail server (the page then offers only the owner's own mail program).
  router.post("/admin/messages/:id/reply", adminOnly, async (req, res) => {
    const id = parseId(req.params.id, "message id");
    const reply = parseOr400(messageReplySchema, req.body ?? {});
    const queued = await inbox.reply(id, reply);
    if (!queued) throw new HttpError(404, NOT_FOUND);
    const sent = await deliverNow(queued.messageId);
    const body: FormReply = sent
      ? { emailSent: true, message: REPLY_TEXT.sent }
      : { emailSent: false, message: REPLY_TEXT.queued };
    res.status(sent ? 200 : 202).json(body);
  });

  router.delete("/admin/trash/messages/:id", adminOnly, async (req, res) => {
    if (!(await trash.deleteForever("message", parseId(req.params.id, "message id")))) {
      throw new HttpError(404, "Not in the trash");
    }
    res.status(204).end();
  });

  return router;
}
