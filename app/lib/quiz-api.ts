import type { SubmissionResult } from "@conform-to/react";
import type { Toy } from "#domain/catalog.ts";
import type { QuizAnswers, QuizSubmission } from "#domain/quiz.ts";
import type { QuizWalkStep } from "#domain/quiz-funnel.ts";
import { MAX_RECOMMENDATIONS } from "#domain/quiz-scoring.ts";
import { ApiError, callApi, getJson } from "./api";
import type { Result } from "./result";
import type { ToastInput } from "./toast";

// The quiz's two calls and what the visitor is told about the newsletter signup
// (spec/quiz-and-admin.md §8 "Quiz newsletter").

export const QUIZ_TEXT = {
  subscribedTitle: "Thank you for subscribing!",
  subscribedFallback: "Check your inbox for your personalized toy recommendations.",
  savedTitle: "Quiz Results Saved",
  savedFallback: "Your quiz results have been saved, but we couldn't send the email right now.",
  noteTitle: "Note for Site Administrator",
  errorTitle: "Submission Error",
  errorFallback: "There was a problem processing your subscription. Please try again later.",
  networkError: "Network error: Please check your internet connection and try again.",
  tryAgainLater: "Please try again later.",
  connectionFallback: "There was a problem connecting to our servers. Please try again later.",
  emailFallback: "Please enter a valid email address",
} as const;

/**
 * What the quiz page's action answers when a step was posted before the scripts ran: the step
 * to show and what the visitor has sent so far (the answers travel in hidden inputs). `result`
 * is the step form's Conform reply (its errors and values); `notices` are the §8 toasts of the
 * newsletter call, shown in the page because toasts need the scripts.
 */
export type QuizActionData = (
  | { step: "quiz"; answers: Partial<QuizAnswers>; email: string; result?: SubmissionResult<string[]> }
  | { step: "email"; answers: QuizAnswers; email: string; result?: SubmissionResult<string[]> }
  | { step: "results"; answers: QuizAnswers; recommendations: Toy[] | null; notices: ToastInput[] }
) & {
  /** the walk's furthest funnel step counted so far (the forms carry it on as `counted`), decision 063 */
  counted: QuizWalkStep | null;
};

/** The hidden field in which each step's form carries its walk's furthest counted funnel step. */
export const COUNTED_FIELD = "counted";

/** The `intent` a quiz form's submit button sends: which step was posted, or where to go. */
export type QuizIntent = "answers" | "email" | "back" | "restart";

/**
 * How POST /api/quiz-newsletter ended, as far as fetch could tell: the status and the JSON body
 * (anything, or nothing, when a proxy or a crash answered), or what was thrown.
 */
export type NewsletterResponse = { status: number; body: unknown } | { thrown: unknown };

/**
 * What the quiz does next: normally show the results with these toasts; `emailRejected` when
 * the server refused the address itself (a 400 naming `email`), so nothing was stored and the
 * visitor stays on the e-mail step to correct it.
 */
export type NewsletterOutcome = { kind: "results"; toasts: ToastInput[] } | { kind: "emailRejected"; message: string };

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

// A body that is not an object (a proxy's page, nothing) is a body without fields.
function fieldsOf(body: unknown): Record<string, unknown> {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

// The API lists each field's messages (`{ email: ["..."] }`); a plain string is accepted too.
function firstMessage(value: unknown): string | undefined {
  return Array.isArray(value) ? text(value.find((m) => text(m))) : text(value);
}

const errorToast = (description: string): ToastInput => ({
  title: QUIZ_TEXT.errorTitle,
  description,
  variant: "destructive",
});

/** Maps the newsletter call's answer (or the exception it threw) to the §8 toasts and the next step. */
export function newsletterOutcome(response: NewsletterResponse): NewsletterOutcome {
  if ("thrown" in response) {
    const error = response.thrown;
    // fetch rejects with a TypeError when the request never got an answer (offline, DNS, CORS).
    if (error instanceof TypeError) return { kind: "results", toasts: [errorToast(QUIZ_TEXT.networkError)] };
    const message = error instanceof Error ? error.message.trim().replace(/\.+$/, "") : "";
    return {
      kind: "results",
      toasts: [errorToast(message ? `${message}. ${QUIZ_TEXT.tryAgainLater}` : QUIZ_TEXT.connectionFallback)],
    };
  }

  const body = fieldsOf(response.body);
  if (response.status >= 200 && response.status < 300) {
    if (body.emailSent === true) {
      return {
        kind: "results",
        toasts: [{ title: QUIZ_TEXT.subscribedTitle, description: text(body.message) ?? QUIZ_TEXT.subscribedFallback }],
      };
    }
    const toasts: ToastInput[] = [
      { title: QUIZ_TEXT.savedTitle, description: text(body.message) ?? QUIZ_TEXT.savedFallback },
    ];
    const note = text(body.note);
    if (note) toasts.push({ title: QUIZ_TEXT.noteTitle, description: note });
    return { kind: "results", toasts };
  }

  if (response.status === 400 && body.errors && typeof body.errors === "object") {
    const email = (body.errors as Record<string, unknown>).email;
    if (email !== undefined) {
      return { kind: "emailRejected", message: firstMessage(email) ?? text(body.message) ?? QUIZ_TEXT.emailFallback };
    }
  }
  return { kind: "results", toasts: [errorToast(text(body.message) ?? QUIZ_TEXT.errorFallback)] };
}

/** POST /api/quiz-newsletter: stores the answers, signs the address up, and says what to show. */
export async function submitQuizNewsletter(submission: QuizSubmission): Promise<NewsletterOutcome> {
  let response: NewsletterResponse;
  try {
    const answer = await callApi<unknown>("POST", "/api/quiz-newsletter", { json: submission });
    response = { status: answer.status, body: answer.data };
  } catch (error) {
    if (!(error instanceof ApiError)) response = { thrown: error };
    else if (error.unreachable) response = { thrown: error.cause };
    else response = { status: error.status, body: error.body };
  }
  return newsletterOutcome(response);
}

/**
 * POST /api/track-quiz: counts one step of the visitor's walk (decision 063). Counting never
 * disturbs the quiz: a failure is only logged (by callApi).
 */
export function trackQuizStep(step: QuizWalkStep, answers?: QuizAnswers): void {
  callApi("POST", "/api/track-quiz", { json: answers ? { step, answers } : { step } }, { keepalive: true }).catch(
    () => {},
  );
}

/** The query string of GET /api/quiz-recommendations for these answers. */
export function recommendationsPath(answers: QuizAnswers): string {
  const params = new URLSearchParams({
    dogSize: answers.dogSize,
    dogAge: answers.dogAge,
    chewStyle: answers.chewStyle,
    playStyle: answers.playStyle,
    toyPurpose: answers.toyPurpose,
  });
  return `/api/quiz-recommendations?${params}`;
}

/** The server's best (at most three) toys for these answers; a failure becomes `{ ok: false }`. */
export async function fetchRecommendations(answers: QuizAnswers): Promise<Result<Toy[]>> {
  const path = recommendationsPath(answers);
  try {
    const body = await getJson<{ recommendations?: unknown } | null>(path);
    if (!Array.isArray(body?.recommendations)) throw new Error(`GET ${path}: no recommendations list in the answer`);
    return { ok: true, data: (body.recommendations as Toy[]).slice(0, MAX_RECOMMENDATIONS) };
  } catch (error) {
    if (!(error instanceof ApiError)) console.error(error);
    return { ok: false };
  }
}
