import { describe, expect, it } from "vitest";
import { quizStepBodySchema } from "./quiz";
import {
  answerDistribution,
  daysBetween,
  funnelSteps,
  parseIsoDay,
  periodEnding,
  QUIZ_FUNNEL_STEPS,
  quizFunnelQuerySchema,
  stepsToCount,
  withDropOff,
} from "./quiz-funnel";

describe("quiz funnel steps", () => {
  it("are listed in the order a visitor reaches them, with the names of the API", () => {
    expect(QUIZ_FUNNEL_STEPS).toEqual([
      "quiz_viewed",
      "first_answer",
      "all_answered",
      "email_step",
      "results_shown",
      "results_emailed",
      "result_click",
    ]);
    expect(funnelSteps({ results_shown: 4, quiz_viewed: 9 })).toEqual([
      { name: "quiz_viewed", count: 9 },
      { name: "first_answer", count: 0 },
      { name: "all_answered", count: 0 },
      { name: "email_step", count: 0 },
      { name: "results_shown", count: 4 },
      { name: "results_emailed", count: 0 },
      { name: "result_click", count: 0 },
    ]);
  });

  it("count each step of a walk once: the ones passed on the way, none again after going back", () => {
    expect(stepsToCount(null, "quiz_viewed")).toEqual(["quiz_viewed"]);
    expect(stepsToCount(null, "email_step")).toEqual(["quiz_viewed", "first_answer", "all_answered", "email_step"]);
    expect(stepsToCount("first_answer", "email_step")).toEqual(["all_answered", "email_step"]);
    expect(stepsToCount("results_shown", "email_step")).toEqual([]);
    expect(stepsToCount("email_step", "email_step")).toEqual([]);
  });
});

describe("drop-off", () => {
  it("is the share of the previous step that did not reach this one, in percent with one decimal", () => {
    const steps = withDropOff(
      funnelSteps({
        quiz_viewed: 200,
        first_answer: 150,
        all_answered: 120,
        email_step: 119,
        results_shown: 0,
        results_emailed: 0,
        result_click: 3,
      }),
    );
    expect(steps.map((s) => s.dropOff)).toEqual([null, 25, 20, 0.8, 100, null, null]);
  });

  it("is negative when a step counts more than the one before", () => {
    const [, clicks] = withDropOff([
      { name: "results_emailed", count: 4 },
      { name: "result_click", count: 6 },
    ]);
    expect(clicks?.dropOff).toBe(-50);
  });
});

describe("the report's period", () => {
  it("reads real days written YYYY-MM-DD only", () => {
    expect(parseIsoDay("2026-11-26")).toBe(Date.UTC(2026, 10, 26));
    expect(parseIsoDay("2024-02-29")).not.toBeNull();
    for (const bad of ["2026-02-30", "2025-02-29", "2026-13-01", "26-11-2026", "2026-11-26T00:00:00Z", "", 20261126]) {
      expect(parseIsoDay(bad), String(bad)).toBeNull();
    }
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(365);
    expect(daysBetween("2026-11-26", "2026-11-26")).toBe(1);
  });

  it("refuses a missing or bad date, from after to, and more than 366 days, with a clear message", () => {
    const message = (query: unknown) => {
      const parsed = quizFunnelQuerySchema.safeParse(query);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(message({ from: "2026-11-01", to: "2026-11-26" })).toBeNull();
    expect(message({ from: "2025-01-01", to: "2026-01-01" })).toBeNull();
    expect(message({ to: "2026-11-26" })).toBe("from is required, as YYYY-MM-DD");
    expect(message({ from: "2026-11-31", to: "2026-12-01" })).toBe("from must be a date written YYYY-MM-DD");
    expect(message({ from: "2026-11-02", to: "2026-11-01" })).toBe("from must not be after to");
    expect(message({ from: "2025-01-01", to: "2026-01-02" })).toBe("The period may be at most 366 days");
  });

  it("of the dashboard ends today and has its number of days", () => {
    expect(periodEnding(new Date("2026-11-26T23:59:00Z"), 7)).toEqual({ from: "2026-11-20", to: "2026-11-26" });
    expect(periodEnding(new Date("2026-03-01T00:00:00Z"), 30)).toEqual({ from: "2026-01-31", to: "2026-03-01" });
  });
});

describe("the step body and the answers", () => {
  it("takes the page's five steps only, and answers that are the quiz's options", () => {
    expect(quizStepBodySchema.safeParse({ step: "first_answer" }).success).toBe(true);
    for (const step of ["results_emailed", "result_click", "quizViewed", "", 1]) {
      expect(quizStepBodySchema.safeParse({ step }).success, String(step)).toBe(false);
    }
    expect(quizStepBodySchema.safeParse({ step: "email_step", answers: { dogSize: "huge" } }).success).toBe(false);
    expect(quizStepBodySchema.safeParse({ step: "quiz_viewed", email: "a@b.c" }).success).toBe(false);
  });

  it("list every question and option in the quiz's order, 0 where none chose it", () => {
    const answers = answerDistribution([
      { question: "dogSize", answer: "large", count: 3 },
      { question: "toyPurpose", answer: "both", count: 1 },
      { question: "dogSize", answer: "giant", count: 9 },
    ]);
    expect(answers.map((q) => q.question)).toEqual(["dogSize", "dogAge", "chewStyle", "playStyle", "toyPurpose"]);
    expect(answers[0]?.options).toEqual([
      { answer: "small", label: "Small (under 20 lbs)", count: 0 },
      { answer: "medium", label: "Medium (20-60 lbs)", count: 0 },
      { answer: "large", label: "Large (over 60 lbs)", count: 3 },
    ]);
    expect(answers[4]?.options.find((o) => o.answer === "both")?.count).toBe(1);
  });
});
