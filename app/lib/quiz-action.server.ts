import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { Toy } from "#domain/catalog.ts";
import { FORM_REPLIES, tooManySubmissionsText } from "#domain/forms.ts";
import { knownQuizAnswers, type QuizAnswers, quizAnswersSchema, quizSubmissionSchema } from "#domain/quiz.ts";
import { parseWalkStep, type QuizWalkStep, stepsToCount, walkIndex } from "#domain/quiz-funnel.ts";
import type { AppContext } from "./app-context.server";
import { COUNTED_FIELD, newsletterOutcome, type QuizActionData, type QuizIntent } from "./quiz-api";
import type { ToastInput } from "./toast";

// The quiz posted before its scripts ran (decision 040): each step is a form that posts here,
// checked with the same schemas and stored by the same service as the browser's API calls, so
// a visitor on a slow phone who answers before hydration still gets their matches.

type QuizContext = Pick<AppContext, "services" | "client" | "logger" | "session">;

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

/**
 * Counts the funnel steps this post took its walk through (decision 063): the scripts had not
 * run, so the browser counted none of them. The form says how far the walk was counted already,
 * so going back and on again counts nothing twice. Returns the walk's new furthest step.
 */
async function countWalk(
  formData: FormData,
  context: QuizContext,
  visitor: QuizVisitor,
  reached: QuizWalkStep,
  answers?: QuizAnswers,
): Promise<QuizWalkStep | null> {
  const counted = parseWalkStep(formData.get(COUNTED_FIELD));
  const steps = stepsToCount(counted, reached);
  try {
    await context.services.quizFunnel.countFromPage(
      { client: context.client, userAgent: visitor.userAgent, signedIn: Boolean(context.session) },
      steps,
      answers,
    );
  } catch (err) {
    // counting never stands between a visitor and their matches
    context.logger.error({ err }, "quiz funnel count from the page failed");
  }
  return walkIndex(reached) > walkIndex(counted) ? reached : counted;
}

/** The step a walk reached on the questions: the first answer when one was given, else only the view. */
const questionsStep = (answers: Partial<QuizAnswers>): QuizWalkStep =>
  Object.keys(answers).length > 0 ? "first_answer" : "quiz_viewed";

/** What the funnel needs to know of who posted (never stored). */
export interface QuizVisitor {
  userAgent: string | undefined;
}

/** The quiz page's action: the step a posted form leads to, with the status of its outcome. */
export async function quizAction(formData: FormData, context: QuizContext, visitor: QuizVisitor = { userAgent: "" }) {
  const intent = formData.get("intent");
  const email = carriedEmail(formData);

  const is = (name: QuizIntent) => intent === name;

  // a new walk: the fresh page it leads to counts its own view
  if (is("restart")) return redirect("/quiz");
  if (is("back")) {
    const counted = parseWalkStep(formData.get(COUNTED_FIELD));
    return data<QuizActionData>({ step: "quiz", answers: answersFrom(formData), email, counted });
  }

  // The answers come from the questions or (hidden inputs) the e-mail step: if they are not, or
  // no longer, valid, the questions are where the visitor can put them right.
  const refusedAnswers = async (result: SubmissionResult<string[]>) => {
    const known = answersFrom(formData);
    const counted = await countWalk(formData, context, visitor, questionsStep(known));
    return data<QuizActionData>({ step: "quiz", answers: known, email, result, counted }, { status: 400 });
  };

  if (is("answers")) {
    const submission = parseWithZod(formData, { schema: quizAnswersSchema });
    if (submission.status !== "success") return refusedAnswers(submission.reply());
    const counted = await countWalk(formData, context, visitor, "email_step", submission.value);
    return data<QuizActionData>({ step: "email", answers: submission.value, email, counted });
  }

  if (is("email")) {
    const answers = parseWithZod(formData, { schema: quizAnswersSchema });
    if (answers.status !== "success") return refusedAnswers(answers.reply());
    const submission = parseWithZod(formData, { schema: quizSubmissionSchema });
    if (submission.status !== "success") {
      const counted = await countWalk(formData, context, visitor, "email_step", answers.value);
      return data<QuizActionData>(
        { step: "email", answers: answers.value, email, result: submission.reply(), counted },
        { status: 400 },
      );
    }

    // The spec reaches the results whether or not the signup succeeded (§4), with the §8 texts
    // the browser would show as toasts, so a refusal reads the same both ways.
    const outcome = await context.services.publicForms.submitQuiz(submission.value, context.client);
    const recommendations = await recommend(answers.value, context);
    // the results page is shown whatever became of the signup
    const counted = await countWalk(formData, context, visitor, "results_shown", answers.value);
    const results = (status: number, body: unknown) => ({
      step: "results" as const,
      answers: answers.value,
      recommendations,
      notices: notices(status, body),
      counted,
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

  return data<QuizActionData>({ step: "quiz", answers: {}, email: "", counted: null }, { status: 400 });
}
