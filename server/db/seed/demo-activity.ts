import { Readable } from "node:stream";
import { and, eq, isNull, sql } from "drizzle-orm";
import { DEFAULT_EARNINGS_IMPORT_MAX_BYTES } from "#domain/earnings-import.ts";
import type { Database } from "#server/db/client.ts";
import {
  affiliateClicks,
  earningsRows,
  posts,
  postViewsDaily,
  quizAnswerDaily,
  quizFunnelDaily,
  toys,
  trackingIdPlacements,
  visitorStats,
} from "#server/db/schema.ts";
import { createEarningsImportService } from "#server/services/earnings-import.service.ts";
import { DEMO_NEWSLETTER_TRACKING_ID, demoActivity } from "./demo/activity";

export interface DemoActivityReport {
  postViews: number;
  clicks: number;
  earningsLines: number;
}

/** Rows written per statement: well under PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;

/**
 * A month of demo visits, quiz walks, clicks and earnings (issue 28), added once to a site that has counted
 * nothing yet: on a fresh start the dashboard's earnings, EPC and RPM show how they work. The
 * earnings come in as the owner's would, through the import of an Amazon report (the same reader,
 * fingerprints and batches), and the newsletter's tracking ID is mapped to its placement.
 * Answers null when the site already has numbers of its own.
 */
export async function seedDemoActivity(db: Database, now = new Date()): Promise<DemoActivityReport | null> {
  const counted = await db.execute<{ any: boolean }>(sql`
    select exists (select 1 from ${affiliateClicks}) or exists (select 1 from ${visitorStats})
        or exists (select 1 from ${earningsRows}) or exists (select 1 from ${postViewsDaily})
        or exists (select 1 from ${quizFunnelDaily}) as any`);
  if (counted.rows[0]?.any) return null;

  const [postRows, toyRows] = await Promise.all([
    db
      .select({ slug: posts.slug, placed: posts.placedToySlugs, reviewedToyId: posts.reviewedToyId })
      .from(posts)
      .where(and(eq(posts.status, "published"), isNull(posts.deletedAt))),
    db
      .select({ id: toys.id, name: toys.name, slug: toys.slug, asin: toys.amazonAsin, price: toys.priceValue })
      .from(toys)
      .where(and(eq(toys.status, "published"), isNull(toys.deletedAt))),
  ]);
  const toyIdBySlug = new Map(toyRows.map((toy) => [toy.slug, toy.id]));
  const activity = demoActivity({
    now,
    posts: postRows.map((post) => ({
      slug: post.slug,
      reviewedToyId: post.reviewedToyId,
      toyIds: [
        ...new Set([
          ...(post.reviewedToyId ? [post.reviewedToyId] : []),
          ...(post.placed ?? []).flatMap((slug) => toyIdBySlug.get(slug) ?? []),
        ]),
      ],
    })),
    toys: toyRows.map((toy) => ({ id: toy.id, name: toy.name, asin: toy.asin, price: toy.price ?? 0 })),
  });

  await db.transaction(async (tx) => {
    for (let i = 0; i < activity.postViews.length; i += BATCH) {
      await tx
        .insert(postViewsDaily)
        .values(activity.postViews.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
    await tx.insert(visitorStats).values(activity.visits).onConflictDoNothing();
    for (let i = 0; i < activity.clicks.length; i += BATCH) {
      await tx
        .insert(affiliateClicks)
        .values(activity.clicks.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
    await tx.insert(quizFunnelDaily).values(activity.funnel).onConflictDoNothing();
    for (let i = 0; i < activity.answers.length; i += BATCH) {
      await tx
        .insert(quizAnswerDaily)
        .values(activity.answers.slice(i, i + BATCH))
        .onConflictDoNothing();
    }
    await tx
      .insert(trackingIdPlacements)
      .values({ trackingId: DEMO_NEWSLETTER_TRACKING_ID, placement: "email" })
      .onConflictDoNothing();
  });
  const importer = createEarningsImportService(db, { maxFileBytes: DEFAULT_EARNINGS_IMPORT_MAX_BYTES, now: () => now });
  const outcome = await importer.importReport(Readable.from([Buffer.from(activity.earningsReport)]), {
    fileName: "demo-fee-earnings.csv",
  });
  if (!outcome.ok) throw new Error(`The demo earnings report did not import: ${outcome.message}`);
  return {
    postViews: activity.postViews.length,
    clicks: activity.clicks.length,
    earningsLines: outcome.report.imported,
  };
}
