import { z } from "zod";
import { wireSchema } from "./wire-schema";

// The owner's numbers as GET /api/admin/dashboard and GET /api/admin/quiz-submissions send
// them (spec/quiz-and-admin.md §2 "Admin dashboard", "Quiz submissions"), and the limits the
// admin pages and the API share.

/** Quiz submissions per page, in the admin table and by default in the API. */
export const SUBMISSIONS_PAGE_SIZE = 50;
/** The longest search (part of an e-mail address, which is at most 254 characters). */
export const MAX_SUBMISSIONS_SEARCH_LENGTH = 254;
/** The period of the dashboard's visits chart and top toys, in days. */
export const DASHBOARD_DAYS = 30;
/** How many of the most clicked toys the dashboard lists. */
export const DASHBOARD_TOP_TOYS = 10;

/** One quiz submission in the admin list (the spec's fields). */
export const quizSubmissionItemSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    /** ISO 8601 */
    createdAt: z.iso.datetime(),
    email: z.string(),
    dogSize: z.string(),
    dogAge: z.string(),
    chewStyle: z.string(),
    playStyle: z.string(),
    toyPurpose: z.string(),
    hasConsented: z.boolean(),
  }),
);
export type QuizSubmissionItem = z.infer<typeof quizSubmissionItemSchema>;

/** The dashboard's quiz submissions card: how many, and the newest one. */
export const quizSubmissionsSummarySchema = wireSchema(() =>
  z.object({
    count: z.number().int().nonnegative(),
    latest: z.object({ createdAt: z.iso.datetime(), email: z.string() }).nullable(),
  }),
);
export type QuizSubmissionsSummary = z.infer<typeof quizSubmissionsSummarySchema>;

/** What the site holds: the dashboard's count cards. */
export const contentCountsSchema = wireSchema(() =>
  z.object({
    posts: z.number().int().nonnegative(),
    products: z.number().int().nonnegative(),
    breeds: z.number().int().nonnegative(),
    categories: z.number().int().nonnegative(),
    /** current newsletter subscribers */
    subscribers: z.number().int().nonnegative(),
  }),
);
export type ContentCounts = z.infer<typeof contentCountsSchema>;

/** One day of visitor_stats (spec §3), 0 for days without visits. */
export const dailyStatsSchema = wireSchema(() =>
  z.object({
    /** a UTC day, yyyy-mm-dd */
    date: z.iso.date(),
    visits: z.number().int().nonnegative(),
    pageViews: z.number().int().nonnegative(),
    uniqueVisitors: z.number().int().nonnegative(),
    avgTimeOnSite: z.number().int().nonnegative(),
  }),
);
export type DailyStats = z.infer<typeof dailyStatsSchema>;

/** A toy and how often its affiliate link was followed in the period. */
export const toyClicksSchema = wireSchema(() =>
  z.object({
    toyId: z.number().int().positive(),
    name: z.string(),
    clicks: z.number().int().positive(),
    /** the toy was deleted since; its clicks still count */
    deleted: z.boolean(),
  }),
);
export type ToyClicks = z.infer<typeof toyClicksSchema>;

/** The name the dashboard gives a toy that was deleted after it earned clicks. */
export function deletedToyName(toyId: number): string {
  return `Deleted product #${toyId}`;
}

/** Where the clicks of a period came from: placement groups, the articles that earned most, and the visitors' countries. */
export const clickBreakdownSchema = wireSchema(() =>
  z.object({
    total: z.number().int().nonnegative(),
    byPlacement: z.array(z.object({ placement: z.string(), clicks: z.number().int().positive() })),
    byArticle: z.array(
      z.object({
        slug: z.string(),
        /** null when the post was deleted since */
        title: z.string().nullable(),
        /** the post's page, null when it was deleted */
        path: z.string().nullable(),
        clicks: z.number().int().positive(),
      }),
    ),
    /** clicks by the visitor's country, most first */
    byCountry: z.array(
      z.object({
        /** two letters (ISO 3166-1), null when the country was not known */
        country: z
          .string()
          .regex(/^[A-Z]{2}$/)
          .nullable(),
        clicks: z.number().int().positive(),
      }),
    ),
  }),
);
export type ClickBreakdown = z.infer<typeof clickBreakdownSchema>;

/** The periods the dashboard offers, in days. */
export const DASHBOARD_PERIODS = [7, 30, 90] as const;
/** The dashboard's period from its `?days=` parameter: one of DASHBOARD_PERIODS, else the default. */
export function dashboardPeriodFrom(value: string | null): number {
  const days = Number(value);
  return (DASHBOARD_PERIODS as readonly number[]).includes(days) ? days : DASHBOARD_DAYS;
}

/** How many articles the dashboard's "clicks per article" lists. */
export const DASHBOARD_TOP_ARTICLES = 10;

/** GET /api/admin/dashboard: counts, the latest quiz submission, daily visits (oldest first) and the most clicked toys. */
export const dashboardSchema = wireSchema(() =>
  z.object({
    counts: contentCountsSchema,
    quizSubmissions: quizSubmissionsSummarySchema,
    visits: z.array(dailyStatsSchema),
    topToys: z.array(toyClicksSchema),
    clicks: clickBreakdownSchema,
  }),
);
export type Dashboard = z.infer<typeof dashboardSchema>;
