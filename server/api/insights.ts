import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type { Request } from "express";
import { z } from "zod";
import { isCrawler } from "#domain/crawlers.ts";
import { csvLine, localDateFormatter, QUIZ_CSV_FILENAME, QUIZ_CSV_HEADERS, quizCsvLine } from "#domain/csv.ts";
import {
  DASHBOARD_DAYS,
  DASHBOARD_PERIODS,
  DASHBOARD_TOP_ARTICLES,
  DASHBOARD_TOP_TOYS,
  type Dashboard,
  MAX_SUBMISSIONS_SEARCH_LENGTH,
  type QuizSubmissionItem,
  SUBMISSIONS_PAGE_SIZE,
} from "#domain/insights.ts";
import { postSlugOfPath } from "#domain/posts.ts";
import { quizStepBodySchema } from "#domain/quiz.ts";
import { type QuizFunnel, quizFunnelQuerySchema } from "#domain/quiz-funnel.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError, isClientAbort } from "#server/http/errors.ts";
import { limitPerIp, type RateLimit } from "#server/http/rate-limit.ts";
import { createRouter } from "#server/http/router.ts";
import { parseId, parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";
import { QUIZ_TRACK_LIMIT_NAME } from "#server/services/quiz-funnel.service.ts";

export const submissionsQuerySchema = z.object({
  page: z.coerce.number("page must be a whole number from 1").int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(SUBMISSIONS_PAGE_SIZE),
  search: z.string().trim().max(MAX_SUBMISSIONS_SEARCH_LENGTH).optional(),
});

export const dashboardQuerySchema = z.object({
  days: z.coerce
    .number(`days must be one of ${DASHBOARD_PERIODS.join(", ")}`)
    .refine((n) => (DASHBOARD_PERIODS as readonly number[]).includes(n), {
      message: `days must be one of ${DASHBOARD_PERIODS.join(", ")}`,
    })
    .default(DASHBOARD_DAYS),
});

export const exportQuerySchema = z.object({
  locale: z
    .string()
    .max(50)
    .regex(/^[A-Za-z0-9-]+$/)
    .optional(),
  timeZone: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_+\-/]+$/)
    .optional(),
});

/**
 * The post a page view is of: the slug its Referer's path names, when the Referer is a page of
 * this site (its public origin, or the origin the request came to, as csrf.ts reads Origin).
 */
export function viewedPostSlug(req: Request, siteUrl: string): string | null {
  const referer = req.get("referer");
  if (!referer) return null;
  let page: URL;
  try {
    page = new URL(referer);
  } catch {
    return null;
  }
  const ownOrigin = `${req.protocol}://${req.get("host")}`;
  if (page.origin !== new URL(siteUrl).origin && page.origin !== ownOrigin) return null;
  return postSlugOfPath(page.pathname);
}

/** Visit tracking (public) and the owner's numbers: dashboard, quiz submissions and their CSV export. */
export function insightsRouter(
  services: Services,
  { trackRateLimit, siteUrl }: { trackRateLimit: RateLimit; siteUrl: string },
) {
  const { stats, dashboard, quizSubmissions, rateLimits, audit, quizFunnel } = services;
  const router = createRouter();

  // Crawlers and the signed-in owner are not visitors: answered the same, not counted.
  const counts = (req: { get(name: string): string | undefined }, session: unknown) =>
    !session && !isCrawler(req.get("user-agent"));

  router.post("/track-visit", limitPerIp(rateLimits, "track-visit", trackRateLimit), async (req, res) => {
    if (counts(req, res.locals.session)) {
      await stats.trackVisit({ ip: req.ip ?? "unknown", userAgent: req.get("user-agent") ?? "" });
    }
    res.status(204).end();
  });

  // The page's own address comes as the Referer (the spec's call has no body; the site's
  // Referrer-Policy, strict-origin-when-cross-origin, sends same-origin calls the full URL): a
  // post's page of this site is also a view of that article (decision 064).
  router.post("/track-pageview", limitPerIp(rateLimits, "track-pageview", trackRateLimit), async (req, res) => {
    if (counts(req, res.locals.session)) await stats.trackPageView(viewedPostSlug(req, siteUrl));
    res.status(204).end();
  });

  // A step of a quiz walk, sent once per step by the quiz page (decision 063); a bad step is a
  // 400 whoever sends it, so a broken page shows up in the log rather than as missing counts.
  router.post("/track-quiz", limitPerIp(rateLimits, QUIZ_TRACK_LIMIT_NAME, trackRateLimit), async (req, res) => {
    const { step, answers } = parseOr400(quizStepBodySchema, req.body ?? {});
    if (counts(req, res.locals.session)) await quizFunnel.countSteps([step], answers);
    res.status(204).end();
  });

  router.get("/admin/quiz-funnel", adminOnly, async (req, res) => {
    res.json((await quizFunnel.report(parseOr400(quizFunnelQuerySchema, req.query))) satisfies QuizFunnel);
  });

  router.get("/admin/dashboard", adminOnly, async (req, res) => {
    const { days } = parseOr400(dashboardQuerySchema, req.query);
    const [content, submissions, visits, topToys, clicks] = await Promise.all([
      dashboard.counts(),
      quizSubmissions.summary(),
      stats.daily(days),
      stats.topClickedToys(days, DASHBOARD_TOP_TOYS),
      stats.clickBreakdown(days, DASHBOARD_TOP_ARTICLES),
    ]);
    res.json({ counts: content, quizSubmissions: submissions, visits, topToys, clicks } satisfies Dashboard);
  });

  // The spec's list (same fields), one page at a time: a million rows must stay usable.
  router.get("/admin/quiz-submissions", adminOnly, async (req, res) => {
    const query = parseOr400(submissionsQuerySchema, req.query);
    const { items, total } = await quizSubmissions.list(query);
    res.setHeader("X-Total-Count", String(total));
    res.json(items satisfies QuizSubmissionItem[]);
  });

  // One by one from the table (issue 19); a person's every submission goes with a data erasure.
  router.delete("/admin/quiz-submissions/:id", adminOnly, async (req, res) => {
    if (!(await quizSubmissions.remove(parseId(req.params.id, "submission id")))) {
      throw new HttpError(404, "Quiz submission not found");
    }
    res.status(204).end();
  });

  // Streamed in batches with back-pressure, so memory stays flat however many rows there are.
  // Compressed here with gzip rather than by the compression middleware: its brotli encoder
  // holds megabytes of window per download, and a pipeline stops reading the table as soon as
  // the owner cancels the download.
  router.get("/admin/quiz-submissions.csv", adminOnly, async (req, res, next) => {
    const { locale, timeZone } = parseOr400(exportQuerySchema, req.query);
    const formatDate = localDateFormatter(locale, timeZone);
    res.status(200);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${QUIZ_CSV_FILENAME}"`);
    res.vary("Accept-Encoding");
    const gzip = req.acceptsEncodings("gzip") === "gzip";
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    let rows = 0;
    let complete = false;
    async function* csv() {
      yield csvLine(QUIZ_CSV_HEADERS);
      for await (const batch of quizSubmissions.exportRows()) {
        rows += batch.length;
        yield batch.map((row) => quizCsvLine(row, formatDate)).join("");
      }
    }
    const source = Readable.from(csv(), { objectMode: false });
    try {
      await (gzip ? pipeline(source, createGzip(), res) : pipeline(source, res));
      complete = true;
    } catch (error) {
      // The owner cancelled the download: not an error (decision 034). Anything else reaches the
      // error handler, which logs it; the pipeline has already cut the connection, so a failure
      // half-way never looks like a complete file.
      if (isClientAbort(error, req, res)) return;
      next(error);
    } finally {
      // Recorded here, not by a service wrapper: only the stream knows how much left (decision 029).
      // A cancelled download is recorded too: part of the data has left all the same.
      await audit.record({
        action: "export",
        itemKind: "quiz-submission",
        itemLabel: "Quiz submissions (CSV)",
        details: { rows, complete },
      });
    }
  });

  return router;
}
