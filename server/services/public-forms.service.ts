import type { ContactInput } from "#domain/contact.ts";
import type { FormReply } from "#domain/form-reply.ts";
import { FORM_REPLIES } from "#domain/forms.ts";
import type { QuizSubmission } from "#domain/quiz.ts";
import type { Outbox, SendNowOutcome } from "#server/mail/outbox.ts";
import type { ContactService } from "./contact.service";
import type { QuizMail, QuizService } from "./quiz.service";
import type { RateLimitService } from "./rate-limit.service";

/** A limit of `max` submissions per client in each window. */
export interface FormRateLimit {
  max: number;
  windowMs: number;
}

/** How a public form submission ended, for the API to answer and a page's form action to show. */
export type FormOutcome =
  | { outcome: "throttled"; retryAfterSeconds: number }
  /** the hidden honeypot field was filled: nothing stored */
  | { outcome: "automated" }
  /** stored; 200 when the e-mail reached the mail server in time, 202 when it follows or was not sent (the reply says why) */
  | { outcome: "accepted"; status: 200 | 202; reply: FormReply };

/**
 * The visitors' two forms, whichever way they arrive (the JSON API, or a page's form posted
 * before its scripts ran): one per-client limit, one honeypot rule, one storing and sending.
 */
export function createPublicFormsService(
  deps: {
    contact: ContactService;
    quiz: QuizService;
    outbox: Outbox;
    rateLimits: RateLimitService;
    /** sends a queued e-mail now, waiting at most the configured time */
    sendNow: (messageId: number) => Promise<SendNowOutcome>;
  },
  config: { rateLimit: FormRateLimit },
) {
  async function admit(form: string, client: string, website: string | undefined) {
    const verdict = await deps.rateLimits.hit(`${form}:${client}`, config.rateLimit.max, config.rateLimit.windowMs);
    if (!verdict.allowed) return { outcome: "throttled" as const, retryAfterSeconds: verdict.retryAfterSeconds };
    if (website && website.trim() !== "") return { outcome: "automated" as const };
    return null;
  }

  const accepted = (status: 200 | 202, reply: FormReply): FormOutcome => ({ outcome: "accepted", status, reply });

  /** The contact notification or the quiz results sent now: 200 when the mail server took it, else 202. */
  async function reply(
    messageId: number,
    texts: { sent: string; queued: string; saved: string; note: string; refused?: string },
  ): Promise<FormOutcome> {
    const sent = await deps.sendNow(messageId);
    if (sent === "sent") return accepted(200, { emailSent: true, message: texts.sent });
    if (sent === "failed" && texts.refused) return accepted(202, { emailSent: false, message: texts.refused });
    return accepted(
      202,
      deps.outbox.configured
        ? { emailSent: false, message: texts.queued }
        : { emailSent: false, message: texts.saved, note: texts.note },
    );
  }

  /** What the visitor is told when the quiz's address left the newsletter and is asked to confirm instead. */
  async function resubscribeReply(mail: Extract<QuizMail, { kind: "resubscribe" | "resubscribe-limited" }>) {
    if (mail.kind === "resubscribe-limited")
      return accepted(202, { emailSent: false, message: FORM_REPLIES.quizConfirmRecent });
    const sent = await deps.sendNow(mail.messageId);
    return accepted(202, {
      emailSent: false,
      message: sent === "failed" ? FORM_REPLIES.quizConfirmUndeliverable : FORM_REPLIES.quizConfirmSent,
    });
  }

  return {
    /** A contact message (counted on the "contact" limit of `client`). */
    async sendContact(input: ContactInput & { website?: string }, client: string): Promise<FormOutcome> {
      const { website, ...message } = input;
      const refused = await admit("contact", client, website);
      if (refused) return refused;
      const { messageId } = await deps.contact.submit(message);
      return reply(messageId, {
        sent: FORM_REPLIES.contactSent,
        queued: FORM_REPLIES.contactQueued,
        saved: FORM_REPLIES.contactQueued,
        note: FORM_REPLIES.contactNote,
      });
    },

    /** The quiz's answers and e-mail address: stored; subscribed and e-mailed its results, or asked to confirm when it left the list. */
    async submitQuiz(input: QuizSubmission, client: string): Promise<FormOutcome> {
      const refused = await admit("quiz-newsletter", client, input.website);
      if (refused) return refused;
      const { mail } = await deps.quiz.submit(input);
      switch (mail.kind) {
        case "results":
          return reply(mail.messageId, {
            sent: FORM_REPLIES.quizSent,
            queued: FORM_REPLIES.quizQueued,
            saved: FORM_REPLIES.quizSaved,
            note: FORM_REPLIES.quizNote,
            refused: FORM_REPLIES.quizUndeliverable,
          });
        case "results-limited":
          return accepted(202, { emailSent: false, message: FORM_REPLIES.quizRecentlyEmailed });
        default:
          return resubscribeReply(mail);
      }
    },
  };
}

export type PublicFormsService = ReturnType<typeof createPublicFormsService>;
