import type { Response } from "express";
import type { QuizRecommendations } from "#domain/catalog.ts";
import { contactRequestSchema } from "#domain/contact.ts";
import { FORM_REPLIES, tooManySubmissionsText } from "#domain/forms.ts";
import { quizAnswersSchema, quizSubmissionSchema } from "#domain/quiz.ts";
import { clientKey } from "#server/http/client-address.ts";
import { HttpError } from "#server/http/errors.ts";
import { createRouter } from "#server/http/router.ts";
import { parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";
import type { FormOutcome } from "#server/services/public-forms.service.ts";

/** The HTTP answer of a public form's outcome (the spec's 200/202 bodies, 400, 429). */
function reply(res: Response, outcome: FormOutcome) {
  if (outcome.outcome === "throttled") {
    res.setHeader("Retry-After", String(outcome.retryAfterSeconds));
    throw new HttpError(429, tooManySubmissionsText(outcome.retryAfterSeconds));
  }
  if (outcome.outcome === "automated") throw new HttpError(400, FORM_REPLIES.automated);
  res.status(outcome.status).json(outcome.reply);
}

/** The public forms: quiz recommendations and newsletter signup, and the contact form. */
export function formsRouter({ quiz, publicForms }: Services) {
  const router = createRouter();

  // A read: scoring runs here so the browser never downloads the catalogue.
  router.get("/quiz-recommendations", async (req, res) => {
    const answers = parseOr400(quizAnswersSchema, req.query);
    res.json({ recommendations: await quiz.recommend(answers) } satisfies QuizRecommendations);
  });

  router.post("/quiz-newsletter", async (req, res) => {
    const input = parseOr400(quizSubmissionSchema, req.body ?? {});
    reply(res, await publicForms.submitQuiz(input, clientKey(req.ip)));
  });

  router.post("/contact", async (req, res) => {
    const input = parseOr400(contactRequestSchema, req.body ?? {});
    reply(res, await publicForms.sendContact(input, clientKey(req.ip)));
  });

  return router;
}
