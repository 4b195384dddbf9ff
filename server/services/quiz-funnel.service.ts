import { and, between, eq, sql } from "drizzle-orm";
import { isCrawler } from "#domain/crawlers.ts";
import { isoDay } from "#domain/dates.ts";
import type { QuizAnswers, QuizQuestionName } from "#domain/quiz.ts";
import {
  answerDistribution,
  funnelSteps,
  periodEnding,
  type QuizFunnel,
  type QuizFunnelQuery,
  type QuizFunnelStep,
  type QuizWalkStep,
} from "#domain/quiz-funnel.ts";
import type { Database } from "#server/db/client.ts";
import { affiliateClicks, quizAnswerDaily, quizFunnelDaily } from "#server/db/schema.ts";
import type { RateLimitService } from "./rate-limit.service";

/** Whatever can insert: the database, or a transaction that must keep the count with its own writes. */
type Executor = Pick<Database, "insert">;

/** Who sent a step, as far as the funnel's rules need to know: never stored. */
export interface FunnelSender {
  /** IPv4 address or IPv6 /64 (clientKey) */
  client: string;
  userAgent: string | undefined;
  /** the owner trying the quiz is not a visitor */
  signedIn: boolean;
}

/** The per-client limit shared by POST /api/track-quiz and the quiz page's action (TRACK_RATE_LIMIT). */
export const QUIZ_TRACK_LIMIT_NAME = "track-quiz";

/** The quiz funnel's daily counters (decision 063): steps of walks, answers, and the report. */
export function createQuizFunnelService(
  db: Database,
  { rateLimits }: { rateLimits: RateLimitService },
  options: { trackRateLimit: { max: number; windowMs: number }; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());

  async function bump(executor: Executor, step: QuizFunnelStep) {
    await executor
      .insert(quizFunnelDaily)
      .values({ day: isoDay(now()), step, count: 1 })
      .onConflictDoUpdate({
        target: [quizFunnelDaily.day, quizFunnelDaily.step],
        set: { count: sql`${quizFunnelDaily.count} + 1` },
      });
  }

  /** Counts steps of one walk; the answers when it crossed the e-mail step (the answers it sent on). */
  async function countSteps(steps: readonly QuizWalkStep[], answers?: QuizAnswers): Promise<void> {
    for (const step of steps) await bump(db, step);
    if (answers && steps.includes("email_step")) {
      const day = isoDay(now());
      await db
        .insert(quizAnswerDaily)
        .values(Object.entries(answers).map(([question, answer]) => ({ day, question, answer, count: 1 })))
        .onConflictDoUpdate({
          target: [quizAnswerDaily.day, quizAnswerDaily.question, quizAnswerDaily.answer],
          set: { count: sql`${quizAnswerDaily.count} + 1` },
        });
    }
  }

  return {
    countSteps,

    /**
     * Steps the quiz page's action saw (a form posted before the scripts ran), under the track
     * endpoint's rules: crawlers and the owner are not counted, and past the client's share the
     * steps are silently dropped (the visitor still gets the page).
     */
    async countFromPage(sender: FunnelSender, steps: readonly QuizWalkStep[], answers?: QuizAnswers): Promise<void> {
      if (steps.length === 0 || sender.signedIn || isCrawler(sender.userAgent)) return;
      const { max, windowMs } = options.trackRateLimit;
      const verdict = await rateLimits.hit(`${QUIZ_TRACK_LIMIT_NAME}:${sender.client}`, max, windowMs);
      if (verdict.allowed) await countSteps(steps, answers);
    },

    /** A results e-mail queued, inside the quiz service's transaction: counted only if it is kept. */
    async countResultsEmailed(executor: Executor): Promise<void> {
      await bump(executor, "results_emailed");
    },

    /** The last `days` UTC days, today included, by the services' clock. */
    lastDays(days: number): QuizFunnelQuery {
      return periodEnding(now(), days);
    },

    /** The funnel of a period (UTC days, both included): steps in order, and every question's options. */
    async report({ from, to }: QuizFunnelQuery): Promise<QuizFunnel> {
      const count = sql<number>`sum(${quizFunnelDaily.count})`.mapWith(Number);
      const answered = sql<number>`sum(${quizAnswerDaily.count})`.mapWith(Number);
      const clicks = sql<number>`coalesce(sum(${affiliateClicks.clicks}), 0)`.mapWith(Number);
      const [steps, answers, [fromResults]] = await Promise.all([
        db
          .select({ step: quizFunnelDaily.step, count })
          .from(quizFunnelDaily)
          .where(between(quizFunnelDaily.day, from, to))
          .groupBy(quizFunnelDaily.step),
        db
          .select({ question: quizAnswerDaily.question, answer: quizAnswerDaily.answer, count: answered })
          .from(quizAnswerDaily)
          .where(between(quizAnswerDaily.day, from, to))
          .groupBy(quizAnswerDaily.question, quizAnswerDaily.answer),
        // /go already counts these clicks under its rules (repeats, per-client share, crawlers):
        // the funnel reads them rather than keeping a second count that could disagree
        db
          .select({ clicks })
          .from(affiliateClicks)
          .where(and(eq(affiliateClicks.placement, "quiz"), between(affiliateClicks.day, from, to))),
      ]);
      const counts: Partial<Record<QuizFunnelStep, number>> = Object.fromEntries(
        steps.map((row) => [row.step, row.count]),
      );
      counts.result_click = fromResults?.clicks ?? 0;
      return {
        from,
        to,
        steps: funnelSteps(counts),
        answers: answerDistribution(answers as { question: QuizQuestionName; answer: string; count: number }[]),
      };
    },
  };
}

export type QuizFunnelService = ReturnType<typeof createQuizFunnelService>;
