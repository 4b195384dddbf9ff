import { Router } from "express";
import { contactRequestSchema } from "../../domain/contact";
import { quizAnswersSchema, quizSubmissionSchema } from "../../domain/quiz";
import { refuseFilledHoneypot } from "../http/honeypot";
import { limitPerIp, type RateLimit } from "../http/rate-limit";
import { parseOr400 } from "../http/validation";
import type { Services } from "../services/create-services";

// What visitors read after a form, and what the site administrator needs to know when mail
// is not set up (spec: quiz-and-admin.md §7-§8, storefront.md §8).
export const FORM_REPLIES = {
  quizSent: "Check your inbox: your personalized toy recommendations are on their way.",
  quizQueued:
    "Your quiz results are saved and you're subscribed to our newsletter. The email with your recommendations is delayed and will follow shortly.",
  quizSaved: "Your quiz results are saved and you're subscribed to our newsletter.",
  quizNote:
    "No email delivery service is configured (SMTP_URL is not set), so the results email was not sent. It is kept in the outbox and goes out once mail is configured.",
  contactSent: "Thank you for reaching out. We'll get back to you soon.",
  contactQueued: "Your message has been received. We usually reply within 24-48 hours.",
  contactNote:
    "No email delivery service is configured (SMTP_URL is not set), so no notification email was sent. The message is saved and can be read by the site administrator.",
} as const;

/** The public forms: quiz recommendations and newsletter signup, and the contact form. */
export function formsRouter(services: Services, { formRateLimit }: { formRateLimit: RateLimit }) {
  const { quiz, contact, outbox, rateLimits } = services;
  const router = Router();

  // A read: scoring runs here so the browser never downloads the catalogue.
  router.get("/quiz-recommendations", async (req, res) => {
    const answers = parseOr400(quizAnswersSchema, req.query);
    res.json({ recommendations: await quiz.recommend(answers) });
  });

  router.post("/quiz-newsletter", limitPerIp(rateLimits, "quiz-newsletter", formRateLimit), async (req, res) => {
    const input = parseOr400(quizSubmissionSchema, req.body ?? {});
    refuseFilledHoneypot(input.website);
    const { messageId } = await quiz.submit(input);
    if (await services.deliverNow(messageId)) {
      res.json({ emailSent: true, message: FORM_REPLIES.quizSent });
      return;
    }
    res
      .status(202)
      .json(
        outbox.configured
          ? { emailSent: false, message: FORM_REPLIES.quizQueued }
          : { emailSent: false, message: FORM_REPLIES.quizSaved, note: FORM_REPLIES.quizNote },
      );
  });

  router.post("/contact", limitPerIp(rateLimits, "contact", formRateLimit), async (req, res) => {
    const { website, ...input } = parseOr400(contactRequestSchema, req.body ?? {});
    refuseFilledHoneypot(website);
    const { messageId } = await contact.submit(input);
    if (await services.deliverNow(messageId)) {
      res.json({ emailSent: true, message: FORM_REPLIES.contactSent });
      return;
    }
    res
      .status(202)
      .json(
        outbox.configured
          ? { emailSent: false, message: FORM_REPLIES.contactQueued }
          : { emailSent: false, message: FORM_REPLIES.contactQueued, note: FORM_REPLIES.contactNote },
      );
  });

  return router;
}
