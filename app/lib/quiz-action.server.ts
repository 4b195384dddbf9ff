import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import type { Toy } from "#domain/catalog.ts";
import { FORM_REPLIES, tooManySubmissionsText } from "#domain/forms.ts";
import { knownQuizAnswers, type QuizAnswers, quizAnswersSchema, quizSubmissionSchema } from "#domain/quiz.ts";
import { newsletterOutcome, type QuizActionData, type QuizIntent } from "./quiz-api";
import type { ToastInput } from "./toast";

// The quiz posted before its scripts ran (decision 040): each step is a form that posts here,
// checked with the same schemas and stored by the same service as the browser's API calls, so
// a visitor on a slow phone who answers before hydration still gets their matches.

type QuizContext = Pick<AppLoadContext, "services" | "client" | "logger">;

// The address typed so far rides along through 'Back to Quiz' and the questions, as the
// browser's state keeps it; bounded so the page never echoes an arbitrarily large field.
function carriedEmail(formData: FormData): string {
  const email = formData.get("email");
  return typeof email === "string" ? email.slice(0, 320) : "";
}

function answersFrom(formData: FormData): Partial<QuizAnswers> {
  return knownQuizAnswers(Object.fromEntries(formData));
}

/** The §8 texts for the newsletter call's answer, as the browser's toasts would show them. */
function notices(status: number, body: unknown): ToastInput[] {
  const outcome = newsletterOutcome({ status, body });
  return outcome.kind === "results" ? outcome.toasts : [];
}

// The results page shows the answers even if scoring fails (its error state, as in the browser).
async function recommend(answers: QuizAnswers, context: QuizContext): Promise<Toy[] | null> {
  try {
    return await context.services.quiz.recommend(answers);
  } catch (err) {
    context.logger.error({ err }, "quiz recommendations for the results page failed");
    return null;
  }
}

/** The quiz page's action: the step a posted form leads to, with the status of its outcome. */
export async function quizAction(formData: FormData, context: QuizContext) {
  const intent = formData.get("intent");
  const email = carriedEmail(formData);

  const is = (name: QuizIntent) => intent === name;

  if (is("restart")) return redirect("/quiz");
  if (is("back")) {
    return data<QuizActionData>({ step: "quiz", answers: answersFrom(formData), email });
  }

  if (is("answers")) {
    const submission = parseWithZod(formData, { schema: quizAnswersSchema });
    if (submission.status !== "success") {
      return data<QuizActionData>(
        { step: "quiz", answers: answersFrom(formData), email, result: submission.reply() },
        { status: 400 },
      );
    }
    return data<QuizActionData>({ step: "email", answers: submission.value, email });
  }

  if (is("email")) {
    // The answers come from hidden inputs: if they are not (or no longer) valid, the questions
    // are where the visitor can put them right.
    const answers = parseWithZod(formData, { schema: quizAnswersSchema });
    if (answers.status !== "success") {
      return data<QuizActionData>(
        { step: "quiz", answers: answersFrom(formData), email, result: answers.reply() },
        { status: 400 },
      );
    }
    const submission = parseWithZod(formData, { schema: quizSubmissionSchema });
    if (submission.status !== "success") {
      return data<QuizActionData>(
        { step: "email", answers: answers.value, email, result: submission.reply() },
        { status: 400 },
      );
    }

    // The spec reaches the results whether or not the signup succeeded (§4), with the §8 texts
    // the browser would show as toasts, so a refusal reads the same both ways.
    const outcome = await context.services.publicForms.submitQuiz(submission.value, context.client);
    const recommendations = await recommend(answers.value, context);
    const results = (status: number, body: unknown) => ({
      step: "results" as const,
      answers: answers.value,
      recommendations,
      notices: notices(status, body),
    });
    if (outcome.outcome === "throttled") {
      const message = tooManySubmissionsText(outcome.retryAfterSeconds);
      return data<QuizActionData>(results(429, { message }), {
        status: 429,
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      });
    }
    if (outcome.outcome === "automated") {
      return data<QuizActionData>(results(400, { message: FORM_REPLIES.automated }), { status: 400 });
    }
    // A page, not the API: 200 whether the e-mail went out now or follows (the API's 202).
    return data<QuizActionData>(results(outcome.status, outcome.reply));
  }

  return data<QuizActionData>({ step: "quiz", answers: {}, email: "" }, { status: 400 });
}
