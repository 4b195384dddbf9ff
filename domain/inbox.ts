import { z } from "zod";
import { MAX_MESSAGE_SEARCH_LENGTH, MESSAGE_EXCERPT_LENGTH, MESSAGE_VIEWS, MESSAGES_PAGE_SIZE } from "./inbox-views";
import { wireSchema } from "./wire-schema";

// The owner's inbox (issue 19): contact messages as GET /api/admin/messages sends them, and the
// reply from the site; the views and limits are in inbox-views.ts.

/** GET /api/admin/messages (and the admin page's URL): view, search and page. */
export const messageListQuerySchema = wireSchema(() =>
  z.object({
    view: z.enum(MESSAGE_VIEWS, { error: `view must be one of ${MESSAGE_VIEWS.join(", ")}` }).default("inbox"),
    search: z
      .string("search must be text")
      .max(MAX_MESSAGE_SEARCH_LENGTH, `search must be at most ${MAX_MESSAGE_SEARCH_LENGTH} characters`)
      .transform((text) => text.trim() || undefined)
      .optional(),
    page: z.coerce.number("page must be a whole number from 1").int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce
      .number("pageSize must be a whole number from 1 to 200")
      .int()
      .min(1)
      .max(200)
      .default(MESSAGES_PAGE_SIZE),
  }),
);
export type MessageListQuery = z.output<typeof messageListQuerySchema>;

/** One message in the list: who, what, when, and its state. */
export const contactMessageSummarySchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    /** the start of the message, on one line */
    excerpt: z.string(),
    /** ISO 8601: when it arrived */
    createdAt: z.iso.datetime(),
    /** ISO 8601: when the owner opened it; null while unread */
    readAt: z.iso.datetime().nullable(),
    archivedAt: z.iso.datetime().nullable(),
    /** ISO 8601: the last reply sent from the site */
    repliedAt: z.iso.datetime().nullable(),
  }),
);
export type ContactMessageSummary = z.infer<typeof contactMessageSummarySchema>;

export const NOTIFICATION_STATES = ["sent", "waiting", "failed", "unknown"] as const;

/** One message in full, with what became of the e-mail that told the owner about it. */
export const contactMessageSchema = wireSchema(() =>
  contactMessageSummarySchema.omit({ excerpt: true }).extend({
    message: z.string(),
    notification: z.object({
      /** sent; waiting in the outbox (no mail server yet, or retrying); failed; unknown (older messages) */
      state: z.enum(NOTIFICATION_STATES),
      /** ISO 8601, when it went out */
      sentAt: z.iso.datetime().nullable(),
      /** why the last attempt failed */
      lastError: z.string().nullable(),
    }),
  }),
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** PATCH /api/admin/messages/{id}: mark read or unread, archive or move back to the inbox. */
export const messageUpdateSchema = wireSchema(() =>
  z
    .object({
      read: z.boolean("read must be true or false").optional(),
      archived: z.boolean("archived must be true or false").optional(),
    })
    .strict()
    .refine((update) => update.read !== undefined || update.archived !== undefined, {
      message: "Say what to change: read, archived or both",
    }),
);
export type MessageUpdate = z.infer<typeof messageUpdateSchema>;

/** POST /api/admin/messages/{id}/reply, and the reply form on the message's page. */
export const messageReplySchema = wireSchema(() =>
  z.object({
    subject: z
      .string("Subject must be at least 2 characters")
      .trim()
      .min(2, "Subject must be at least 2 characters")
      .max(200, "Subject must be at most 200 characters")
      // a header: a line break would end it
      .regex(/^[^\r\n\t]*$/, "Subject must be one line"),
    message: z
      .string("Your reply must be at least 2 characters")
      .trim()
      .min(2, "Your reply must be at least 2 characters")
      .max(10_000, "Your reply must be at most 10000 characters"),
  }),
);
export type MessageReply = z.infer<typeof messageReplySchema>;

/** The reply's subject the form starts with. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** The owner's mail program, addressed to the visitor with the subject (the `mailto:` reply). */
export function mailtoReply(message: { email: string; subject: string }): string {
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(replySubject(message.subject))}`;
}

/** The start of a message on one line, cut at a word when it is long. */
export function messageExcerpt(text: string, max = MESSAGE_EXCERPT_LENGTH): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What the reply from the site answers (POST /api/admin/messages/{id}/reply, the form's status line). */
export const REPLY_TEXT = {
  sent: "Your reply was sent.",
  queued: "Your reply is queued: it goes out as soon as the mail server takes it.",
  noMailServer:
    "No mail server is configured (SMTP_URL), so the site cannot send a reply: answer from your mail program instead.",
} as const;
