import { z } from "zod";
import { wireSchema } from "./wire-schema";

// What POST /api/contact and POST /api/quiz-newsletter answer (spec: storefront.md §7-§8,
// quiz-and-admin.md §7-§8): the forms read emailSent, message and note.

/** 200: stored, and the e-mail reached the mail server. */
export const formSentReplySchema = wireSchema(() =>
  z.object({
    emailSent: z.literal(true),
    message: z.string(),
  }),
);

/**
 * 202: stored; the e-mail follows from the outbox. `note` tells the site administrator that
 * no mail server is configured.
 */
export const formSavedReplySchema = wireSchema(() =>
  z.object({
    emailSent: z.literal(false),
    message: z.string(),
    note: z.string().optional(),
  }),
);

export type FormReply = z.infer<typeof formSentReplySchema> | z.infer<typeof formSavedReplySchema>;
