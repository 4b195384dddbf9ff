import type { ContactInput } from "#domain/contact.ts";
import type { FormReply } from "#domain/form-reply.ts";
import { FORM_REPLIES } from "#domain/forms.ts";
import type { QuizSubmission } from "#domain/quiz.ts";
import type { Outbox } from "#server/mail/outbox.ts";
import type { ContactService } from "./contact.service";
import type { QuizService } from "./quiz.service";
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
  /** stored; 200 when the e-mail reached the mail server in time, 202 when it follows */
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
    deliverNow: (messageId: number) => Promise<boolean>;
  },
  config: { rateLimit: FormRateLimit },
) {
  async function admit(form: string, client: string, website: string | undefined) {
    const verdict = await deps.rateLimits.hit(`${form}:${client}`, config.rateLimit.max, config.rateLimit.windowMs);
    if (!verdict.allowed) return { outcome: "throttled" as const, retryAfterSeconds: verdict.retryAfterSeconds };
    if (website && website.trim() !== "") return { outcome: "automated" as const };
    return null;
  }

  async function reply(
    messageId: number,
    sent: string,
    queued: string,
    saved: string,
    note: string,
  ): Promise<FormOutcome> {
    if (await deps.deliverNow(messageId)) {
      return { outcome: "accepted", status: 200, reply: { emailSent: true, message: sent } };
    }
    return {
      outcome: "accepted",
      status: 202,
      reply: deps.outbox.configured
        ? { emailSent: false, message: queued }
        : { emailSent: false, message: saved, note },
    };
  }

  return {
    /** A contact message (counted on the "contact" limit of `client`). */
    async sendContact(input: ContactInput & { website?: string }, client: string): Promise<FormOutcome> {
      const { website, ...message } = input;
      const refused = await admit("contact", client, website);
      if (refused) return refused;
      const { messageId } = await deps.contact.submit(message);
      return reply(
        messageId,
        FORM_REPLIES.contactSent,
        FORM_REPLIES.contactQueued,
        FORM_REPLIES.contactQueued,
        FORM_REPLIES.contactNote,
      );
    },

    /** The quiz's answers and e-mail address: stored, subscribed, results e-mailed. */
    async submitQuiz(input: QuizSubmission, client: string): Promise<FormOutcome> {
      const refused = await admit("quiz-newsletter", client, input.website);
      if (refused) return refused;
      const { messageId } = await deps.quiz.submit(input);
      return reply(
        messageId,
        FORM_REPLIES.quizSent,
        FORM_REPLIES.quizQueued,
        FORM_REPLIES.quizSaved,
        FORM_REPLIES.quizNote,
      );
    },
  };
}

export type PublicFormsService = ReturnType<typeof createPublicFormsService>;
