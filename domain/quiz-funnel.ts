import { z } from "zod";
import type { QuizQuestionName } from "./quiz";
import { QUIZ_QUESTIONS } from "./quiz-questions";
import { wireSchema } from "./wire-schema";

// The quiz funnel (issue 28, decision 063): how far visitors get through the quiz, per UTC day,
// counted like page views (no cookies, no person, crawlers and the signed-in owner left out),
// and how the walks that reached the e-mail step answered each question.

/** The funnel's steps, in the order a visitor reaches them (and the API lists them). */
export const QUIZ_FUNNEL_STEPS = [
  "quiz_viewed",
  "first_answer",
  "all_answered",
  "email_step",
  "results_shown",
  "results_emailed",
  "result_click",
] as const;
export type QuizFunnelStep = (typeof QUIZ_FUNNEL_STEPS)[number];

/**
 * The steps a walk goes through on the page, which the browser (or the page's action, before the
 * scripts run) reports. The last two are the server's own: the results e-mail queued by the quiz
 * service, and the clicks /go counts with `from=quiz`.
 */
export const QUIZ_WALK_STEPS = ["quiz_viewed", "first_answer", "all_answered", "email_step", "results_shown"] as const;
export type QuizWalkStep = (typeof QUIZ_WALK_STEPS)[number];

/** What the dashboard calls each step. */
export const QUIZ_FUNNEL_LABELS: Record<QuizFunnelStep, string> = {
  quiz_viewed: "Quiz viewed",
  first_answer: "First answer given",
  all_answered: "All five answered",
  email_step: "E-mail step reached",
  results_shown: "Results shown",
  results_emailed: "Results e-mailed",
  result_click: "Clicks from the results",
};

/** How far a walk has been counted: the index of its furthest step, -1 before any. */
export function walkIndex(step: QuizWalkStep | null | undefined): number {
  return step ? QUIZ_WALK_STEPS.indexOf(step) : -1;
}

/** Reads a walk step from a form field; anything else is none. */
export function parseWalkStep(value: unknown): QuizWalkStep | null {
  return typeof value === "string" && (QUIZ_WALK_STEPS as readonly string[]).includes(value)
    ? (value as QuizWalkStep)
    : null;
}

/**
 * The steps a walk counts when it moves from `counted` (its furthest counted step) to `reached`:
 * each step once per walk, those it passed on the way included, none again when it goes back.
 */
export function stepsToCount(counted: QuizWalkStep | null, reached: QuizWalkStep): QuizWalkStep[] {
  return QUIZ_WALK_STEPS.slice(walkIndex(counted) + 1, walkIndex(reached) + 1);
}

/** The longest period the funnel report covers, in days. */
export const QUIZ_FUNNEL_MAX_DAYS = 366;

const DAY_MS = 24 * 3_600_000;

/** A real calendar day written yyyy-mm-dd (2026-02-30 is not one), as epoch milliseconds; null otherwise. */
export function parseIsoDay(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) return null;
  return time;
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round(((parseIsoDay(to) ?? 0) - (parseIsoDay(from) ?? 0)) / DAY_MS) + 1;
}

const isoDaySchema = (name: string) => {
  const bad = `${name} must be a date written YYYY-MM-DD`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required, as YYYY-MM-DD` : bad) })
    .refine((value) => parseIsoDay(value) !== null, { message: bad });
};

/** GET /api/admin/quiz-funnel's period: two days, `from` not after `to`, at most QUIZ_FUNNEL_MAX_DAYS. */
export const quizFunnelQuerySchema = wireSchema(() =>
  z
    .object({ from: isoDaySchema("from"), to: isoDaySchema("to") })
    .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["from"] })
    .refine((q) => daysBetween(q.from, q.to) <= QUIZ_FUNNEL_MAX_DAYS, {
      message: `The period may be at most ${QUIZ_FUNNEL_MAX_DAYS} days`,
      path: ["to"],
    }),
);
export type QuizFunnelQuery = z.infer<typeof quizFunnelQuerySchema>;

/** GET /api/admin/quiz-funnel: each step's count in order, and how each question was answered. */
export const quizFunnelSchema = wireSchema(() =>
  z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    steps: z.array(z.object({ name: z.enum(QUIZ_FUNNEL_STEPS), count: z.number().int().nonnegative() })),
    answers: z.array(
      z.object({
        question: z.enum(QUIZ_QUESTIONS.map((q) => q.name) as [QuizQuestionName, ...QuizQuestionName[]]),
        options: z.array(z.object({ answer: z.string(), label: z.string(), count: z.number().int().nonnegative() })),
      }),
    ),
  }),
);
export type QuizFunnel = z.infer<typeof quizFunnelSchema>;

/** The report's answers: every question and option in the quiz's order, 0 where none chose it. */
export function answerDistribution(
  rows: readonly { question: string; answer: string; count: number }[],
): QuizFunnel["answers"] {
  const counts = new Map(rows.map((row) => [`${row.question}\n${row.answer}`, row.count]));
  return QUIZ_QUESTIONS.map((question) => ({
    question: question.name,
    options: question.options.map((option) => ({
      answer: option.value,
      label: option.label,
      count: counts.get(`${question.name}\n${option.value}`) ?? 0,
    })),
  }));
}

/** The report's steps: every step in order, 0 where none was counted. */
export function funnelSteps(counts: Partial<Record<QuizFunnelStep, number>>): QuizFunnel["steps"] {
  return QUIZ_FUNNEL_STEPS.map((name) => ({ name, count: counts[name] ?? 0 }));
}

/**
 * Each step with the share of the previous step's count that did not reach it, in percent with
 * one decimal: null for the first step and after a step of 0. Negative when a step counts more
 * than the one before (several clicks from one results page).
 */
export function withDropOff(
  steps: QuizFunnel["steps"],
): { name: QuizFunnelStep; count: number; dropOff: number | null }[] {
  return steps.map((step, i) => {
    const previous = i > 0 ? steps[i - 1]?.count : undefined;
    const dropOff =
      previous === undefined || previous === 0 ? null : Math.round(((previous - step.count) / previous) * 1000) / 10;
    return { ...step, dropOff };
  });
}

/** The period of `days` UTC days that ends on `today`'s day, as the report takes it. */
export function periodEnding(today: Date, days: number): QuizFunnelQuery {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}
