import { and, asc, desc, eq, gt, inArray, lte, notExists, sql } from "drizzle-orm";
import { embeddedSlugs, renderMarkdownParts } from "#domain/markdown.ts";
import type { EmailImageCopy } from "#domain/media.ts";
import type { NewsletterStatus } from "#domain/newsletter-status.ts";
import { MAX_NEWSLETTER_PREHEADER } from "#domain/newsletter-text.ts";
import {
  NEWSLETTER_SEND_TEXT,
  type Newsletter,
  type NewsletterCounts,
  type NewsletterCreate,
  type NewsletterInput,
  type NewsletterPreview,
  type NewsletterSummary,
  newsletterPlacement,
  newsletterTokenWarnings,
  testSubject,
} from "#domain/newsletters.ts";
import { postPath } from "#domain/post-links.ts";
import { type PostBlock, resolvePostBlocks } from "#domain/product-boxes.ts";
import type { Database } from "#server/db/client.ts";
import {
  affiliateClicks,
  emailOutbox,
  newsletterDeliveries,
  newsletterSubscribers,
  newsletters,
  toys,
} from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { previewLine } from "#server/mail/email-html.ts";
import { newsletterEmail, renderNewsletter, uploadHashesOf } from "#server/mail/newsletter-email.ts";
import type { Outbox } from "#server/mail/outbox.ts";
import { toHeaderText } from "#server/mail/transport.ts";
import type { CatalogService } from "./catalog.service";
import type { ContentService } from "./content.service";
import type { MediaService } from "./media.service";
import type { NewsletterService } from "./newsletter.service";
import { ServiceError } from "./service-error";
import type { SiteSettingsService } from "./site-settings.service";

/** The window the send rate is counted over. */
const RATE_WINDOW_MS = 60_000;
/** Most messages one pass queues in one transaction (a transaction stays short). */
const PASS_BATCH = 100;
/** How often the worker looks for a send another instance started, when it knows of none. */
const IDLE_POLL_MS = 15_000;
// Any fixed number: every instance's passes take this transaction lock, so they queue one at a
// time and each counts the deliveries the one before it queued (see runDue).
const SEND_LOCK_KEY = 727_274_019;

export interface NewslettersOptions {
  siteUrl: string;
  /** the owner's inbox: test sends go there, mail programs' mailto: unsubscribes too */
  ownerAddress: string;
  /** at most this many newsletter messages are queued in any 60 seconds, over all instances */
  ratePerMinute: number;
  now?: () => Date;
  logger: Logger;
}

const summaryColumns = {
  id: newsletters.id,
  subject: newsletters.subject,
  status: newsletters.status,
  postId: newsletters.postId,
  createdAt: newsletters.createdAt,
  updatedAt: newsletters.updatedAt,
  sendStartedAt: newsletters.sendStartedAt,
};

interface StoredNewsletter {
  id: number;
  subject: string;
  status: NewsletterStatus;
  postId: number | null;
  createdAt: Date;
  updatedAt: Date;
  sendStartedAt: Date | null;
}

type StoredWithBody = StoredNewsletter & { body: string; preheader: string | null };

const count = sql<number>`count(*)`.mapWith(Number);

/**
 * Newsletters (issue 19): composed or made from a post, previewed, test-sent to the owner, and
 * sent to every subscribed address through the outbox, throttled, exactly once per subscriber.
 *
 * Exactly once: a subscriber's message is queued in the same transaction as its
 * newsletter_deliveries row, whose key is (newsletter, subscriber); a pass only queues for
 * subscribers without one. So a second start, a second instance or a restart mid-send can
 * only queue the ones still missing. Throttling: passes take one transaction lock on every
 * instance and queue at most `ratePerMinute` minus what was queued in the last 60 seconds.
 */
export function createNewslettersService(
  db: Database,
  deps: {
    catalog: Pick<CatalogService, "getBoxToysBySlugs">;
    content: Pick<ContentService, "getPostById">;
    newsletter: Pick<NewsletterService, "signingKey" | "tokenFor">;
    outbox: Outbox;
    media: Pick<MediaService, "emailCopies">;
    siteSettings: Pick<SiteSettingsService, "postalAddress">;
  },
  options: NewslettersOptions,
) {
  const now = options.now ?? (() => new Date());
  const { siteUrl, logger } = options;
  const rate = Math.max(1, Math.floor(options.ratePerMinute));

  /** The body's blocks with its tokens filled from the live catalogue. */
  async function blocksOf(content: string, audience: "visitor" | "admin"): Promise<PostBlock[]> {
    const parts = renderMarkdownParts(content);
    return resolvePostBlocks(parts, await deps.catalog.getBoxToysBySlugs(embeddedSlugs(parts)), audience);
  }

  /** What the e-mail is made of besides its subject: the blocks as readers get them and the e-mail copies of their images. */
  async function emailContent(blocks: PostBlock[]) {
    return { blocks, images: await deps.media.emailCopies(uploadHashesOf(blocks, siteUrl)) };
  }

  async function stored(id: number): Promise<StoredWithBody | null> {
    const [row] = await db
      .select({ ...summaryColumns, body: newsletters.body, preheader: newsletters.preheader })
      .from(newsletters)
      .where(eq(newsletters.id, id));
    return (row as StoredWithBody | undefined) ?? null;
  }

  /** Subscribed addresses a sending newsletter has not reached yet: signed up before it started, no delivery. */
  function audienceOf(newsletter: { id: number; sendStartedAt: Date | null }) {
    return and(
      eq(newsletterSubscribers.status, "subscribed"),
      newsletter.sendStartedAt ? lte(newsletterSubscribers.createdAt, newsletter.sendStartedAt) : undefined,
      notExists(
        db
          .select({ one: sql`1` })
          .from(newsletterDeliveries)
          .where(
            and(
              eq(newsletterDeliveries.newsletterId, newsletter.id),
              eq(newsletterDeliveries.subscriberId, newsletterSubscribers.id),
            ),
          ),
      ),
    );
  }

  /** Where each newsletter's deliveries stand, by id. */
  async function countsOf(rows: StoredNewsletter[]): Promise<Map<number, NewsletterCounts>> {
    const counts = new Map<number, NewsletterCounts>();
    if (rows.length === 0) return counts;
    const ids = rows.map((row) => row.id);
    const delivered = await db
      .select({
        id: newsletterDeliveries.newsletterId,
        queued: sql<number>`count(*) filter (where ${emailOutbox.status} in ('pending', 'sending'))`.mapWith(Number),
        sent: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')`.mapWith(Number),
        bounced:
          sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed' and ${newsletterSubscribers.status} = 'bounced')`.mapWith(
            Number,
          ),
        failed:
          sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed' and ${newsletterSubscribers.status} <> 'bounced')`.mapWith(
            Number,
          ),
      })
      .from(newsletterDeliveries)
      .innerJoin(emailOutbox, eq(emailOutbox.id, newsletterDeliveries.outboxId))
      .innerJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterDeliveries.subscriberId))
      .where(inArray(newsletterDeliveries.newsletterId, ids))
      .groupBy(newsletterDeliveries.newsletterId);
    for (const row of rows) {
      const found = delivered.find((d) => d.id === row.id);
      let waiting = 0;
      if (row.status !== "sent") {
        const [left] = await db.select({ n: count }).from(newsletterSubscribers).where(audienceOf(row));
        waiting = left?.n ?? 0;
      }
      counts.set(row.id, {
        waiting,
        queued: found?.queued ?? 0,
        sent: found?.sent ?? 0,
        failed: found?.failed ?? 0,
        bounced: found?.bounced ?? 0,
      });
    }
    return counts;
  }

  async function clicksOf(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        placement: affiliateClicks.placement,
        clicks: sql<number>`sum(${affiliateClicks.clicks})`.mapWith(Number),
      })
      .from(affiliateClicks)
      .where(inArray(affiliateClicks.placement, ids.map(newsletterPlacement)))
      .groupBy(affiliateClicks.placement);
    return new Map(rows.map((row) => [Number(row.placement.slice("email:".length)), row.clicks]));
  }

  function summary(row: StoredNewsletter, counts: NewsletterCounts | undefined, clicks: number): NewsletterSummary {
    return {
      id: row.id,
      subject: row.subject,
      status: row.status,
      postId: row.postId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      sendStartedAt: row.sendStartedAt ? row.sendStartedAt.toISOString() : null,
      counts: counts ?? { waiting: 0, queued: 0, sent: 0, failed: 0, bounced: 0 },
      clicks,
    };
  }

  async function get(id: number): Promise<Newsletter | null> {
    const row = await stored(id);
    if (!row) return null;
    const [counts, toyClicks] = await Promise.all([
      countsOf([row]),
      db
        .select({
          toyId: affiliateClicks.toyId,
          name: sql<string>`coalesce(${toys.name}, 'Deleted toy #' || ${affiliateClicks.toyId})`,
          clicks: sql<number>`sum(${affiliateClicks.clicks})`.mapWith(Number),
        })
        .from(affiliateClicks)
        .leftJoin(toys, eq(toys.id, affiliateClicks.toyId))
        .where(eq(affiliateClicks.placement, newsletterPlacement(id)))
        .groupBy(affiliateClicks.toyId, toys.name)
        .orderBy(desc(sql`sum(${affiliateClicks.clicks})`), asc(affiliateClicks.toyId)),
    ]);
    const clicks = toyClicks.reduce((sum, toy) => sum + toy.clicks, 0);
    return { ...summary(row, counts.get(id), clicks), content: row.body, preheader: row.preheader, toyClicks };
  }

  /** A stored draft, or the refusal to change one that is no longer a draft. */
  async function draft(id: number): Promise<StoredWithBody | null> {
    const row = await stored(id);
    if (row && row.status !== "draft") {
      throw new ServiceError("conflict", "This newsletter has been sent: it can no longer be changed or deleted.");
    }
    return row;
  }

  /**
   * One pass for one sending newsletter, in one transaction under the send lock: queues the
   * next subscribers within the rate, or marks the newsletter sent when none is left.
   */
  async function queueBatch(
    newsletter: { id: number; subject: string; preheader: string | null; sendStartedAt: Date | null },
    content: { blocks: PostBlock[]; images: Map<string, EmailImageCopy>; postalAddress: string },
    signingKey: string,
  ): Promise<{ queued: number; done: boolean; waitMs: number }> {
    const at = now();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEND_LOCK_KEY})`);
      const windowStart = new Date(at.getTime() - RATE_WINDOW_MS);
      const [recent] = await tx
        .select({ n: count, oldest: sql<string | null>`min(${newsletterDeliveries.createdAt})` })
        .from(newsletterDeliveries)
        .where(gt(newsletterDeliveries.createdAt, windowStart));
      const allowed = Math.min(rate - (recent?.n ?? 0), PASS_BATCH);
      if (allowed <= 0) {
        const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : at.getTime();
        return { queued: 0, done: false, waitMs: Math.max(1_000, oldest + RATE_WINDOW_MS - at.getTime()) };
      }
      const batch = await tx
        .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
        .from(newsletterSubscribers)
        .where(audienceOf(newsletter))
        .orderBy(asc(newsletterSubscribers.id))
        .limit(allowed);
      if (batch.length === 0) {
        await tx
          .update(newsletters)
          .set({ status: "sent", updatedAt: at })
          .where(and(eq(newsletters.id, newsletter.id), eq(newsletters.status, "sending")));
        return { queued: 0, done: true, waitMs: 0 };
      }
      let queued = 0;
      for (const subscriber of batch) {
        // The key decides, not the query above: a row another pass committed first wins.
        const [claimed] = await tx
          .insert(newsletterDeliveries)
          .values({ newsletterId: newsletter.id, subscriberId: subscriber.id, createdAt: at })
          .onConflictDoNothing()
          .returning({ subscriberId: newsletterDeliveries.subscriberId });
        if (!claimed) continue;
        const token = deps.newsletter.tokenFor(signingKey, subscriber);
        const outboxId = await deps.outbox.enqueue(
          tx,
          newsletterEmail({
            newsletterId: newsletter.id,
            subject: newsletter.subject,
            preheader: newsletter.preheader,
            ...content,
            siteUrl,
            to: subscriber.email,
            unsubscribeUrl: `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
            unsubscribeMailto: `mailto:${options.ownerAddress}?subject=${encodeURIComponent("unsubscribe")}`,
          }),
        );
        await tx
          .update(newsletterDeliveries)
          .set({ outboxId })
          .where(
            and(
              eq(newsletterDeliveries.newsletterId, newsletter.id),
              eq(newsletterDeliveries.subscriberId, subscriber.id),
            ),
          );
        queued++;
      }
      return { queued, done: false, waitMs: 0 };
    });
  }

  /**
   * One worker pass over every newsletter being sent: queues what the rate allows. `more`: a
   * newsletter still has subscribers to reach; `waitMs`: when the rate allows the next ones.
   */
  async function runDue(): Promise<{ queued: number; more: boolean; waitMs: number }> {
    const sending = await db
      .select({
        id: newsletters.id,
        subject: newsletters.subject,
        body: newsletters.body,
        preheader: newsletters.preheader,
        sendStartedAt: newsletters.sendStartedAt,
      })
      .from(newsletters)
      .where(eq(newsletters.status, "sending"))
      .orderBy(asc(newsletters.sendStartedAt), asc(newsletters.id));
    if (sending.length === 0) return { queued: 0, more: false, waitMs: 0 };
    // No message leaves without the sender's postal address (CAN-SPAM): a send whose address
    // was removed meanwhile waits until one is set again (the dashboard says why).
    const postalAddress = await deps.siteSettings.postalAddress();
    if (!postalAddress) {
      logger.warn("newsletter send waiting: no postal address is set (SITE_POSTAL_ADDRESS or the admin's Settings)");
      return { queued: 0, more: true, waitMs: IDLE_POLL_MS };
    }
    // Reads and the signing key come before the transactions: PGlite has one connection.
    const signingKey = await deps.newsletter.signingKey();
    let queued = 0;
    for (const newsletter of sending) {
      const content = { ...(await emailContent(await blocksOf(newsletter.body, "visitor"))), postalAddress };
      for (;;) {
        const pass = await queueBatch(newsletter, content, signingKey);
        queued += pass.queued;
        if (pass.done) break;
        if (pass.queued === 0) return { queued, more: true, waitMs: Math.max(pass.waitMs, 1_000) };
      }
    }
    return { queued, more: false, waitMs: 0 };
  }

  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let currentPass: Promise<void> | null = null;

  function schedule(delayMs: number) {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (currentPass) return;
      currentPass = (async () => {
        let next = IDLE_POLL_MS;
        try {
          const pass = await runDue();
          if (pass.queued > 0) logger.info({ queued: pass.queued }, "newsletter messages queued");
          if (pass.more) next = Math.min(pass.waitMs, IDLE_POLL_MS);
        } catch (error) {
          logger.error({ err: error }, "newsletter send pass failed");
        }
        currentPass = null;
        schedule(next);
      })();
    }, delayMs);
    timer.unref();
  }

  return {
    /** Where test copies go: the owner's address (CONTACT_TO). */
    testAddress: options.ownerAddress,

    /** Every newsletter, newest first, with its counts and clicks. */
    async list(): Promise<NewsletterSummary[]> {
      const rows = (await db
        .select(summaryColumns)
        .from(newsletters)
        .orderBy(desc(newsletters.createdAt), desc(newsletters.id))) as StoredNewsletter[];
      const [counts, clicks] = await Promise.all([countsOf(rows), clicksOf(rows.map((row) => row.id))]);
      return rows.map((row) => summary(row, counts.get(row.id), clicks.get(row.id) ?? 0));
    },

    /** One newsletter with its body, counts and the clicks through its links; null when there is none. */
    get,

    /** True when a newsletter with this id exists (its /go links count for it). */
    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.id, id));
      return row !== undefined;
    },

    /** A draft: written, or made from a published post ("send this post"). */
    async create(input: NewsletterCreate): Promise<Newsletter> {
      let subject = input.subject;
      let body = input.content;
      let preheader = input.preheader;
      let postId: number | null = null;
      if (input.postId !== undefined) {
        const post = await deps.content.getPostById(input.postId);
        if (!post) throw new ServiceError("invalid", "Choose a published post", "postId");
        postId = post.id;
        subject ??= toHeaderText(post.title);
        body ??= `${post.content.trim()}\n\n[Read it on Pawsome Picks](${siteUrl}${postPath(post)})`;
        // the post's excerpt says what it is about, as in search results and on its card
        preheader ??= previewLine(post.excerpt, MAX_NEWSLETTER_PREHEADER) || null;
      }
      if (subject === undefined || body === undefined)
        throw new ServiceError("invalid", "Subject and content are needed");
      const at = now();
      const [row] = await db
        .insert(newsletters)
        .values({ subject, body, preheader: preheader ?? null, postId, status: "draft", createdAt: at, updatedAt: at })
        .returning({ id: newsletters.id });
      if (!row) throw new Error("newsletter was not stored");
      const created = await get(row.id);
      if (!created) throw new Error("newsletter vanished");
      return created;
    },

    /** Changes a draft's subject, body and preview text; null when there is none, a conflict once it is sent. */
    async update(id: number, input: NewsletterInput): Promise<Newsletter | null> {
      if (!(await draft(id))) return null;
      const changed = await db
        .update(newsletters)
        .set({ subject: input.subject, body: input.content, preheader: input.preheader, updatedAt: now() })
        .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft")))
        .returning({ id: newsletters.id });
      if (changed.length === 0) {
        throw new ServiceError("conflict", "This newsletter has been sent: it can no longer be changed or deleted.");
      }
      return get(id);
    },

    /** Deletes a draft; false when there is none, a conflict once it is sent (its counts are the record). */
    async remove(id: number): Promise<boolean> {
      if (!(await draft(id))) return false;
      const gone = await db
        .delete(newsletters)
        .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft")))
        .returning({ id: newsletters.id });
      return gone.length > 0;
    },

    /**
     * The e-mail as a subscriber will get it, with a warning for every product token that would
     * not reach them as written (sending is refused while there is one) and every image left
     * out; null when there is none.
     */
    async preview(id: number): Promise<NewsletterPreview | null> {
      const row = await stored(id);
      if (!row) return null;
      const adminBlocks = await blocksOf(row.body, "admin");
      const visitorBlocks = adminBlocks.filter((block) => block.kind !== "missing");
      const rendered = renderNewsletter({
        newsletterId: id,
        subject: row.subject,
        preheader: row.preheader,
        ...(await emailContent(visitorBlocks)),
        siteUrl,
        unsubscribeUrl: null,
        postalAddress: await deps.siteSettings.postalAddress(),
      });
      return { ...rendered, warnings: newsletterTokenWarnings(adminBlocks) };
    },

    /** Queues a test copy to the owner's address; the outbox message's id (null when there is no newsletter). */
    async sendTest(id: number): Promise<{ messageId: number; to: string } | null> {
      const row = await stored(id);
      if (!row) return null;
      const { html, text } = renderNewsletter({
        newsletterId: id,
        subject: row.subject,
        preheader: row.preheader,
        ...(await emailContent(await blocksOf(row.body, "visitor"))),
        siteUrl,
        unsubscribeUrl: null,
        postalAddress: await deps.siteSettings.postalAddress(),
      });
      const messageId = await deps.outbox.enqueue(db, {
        kind: "newsletter-test",
        to: options.ownerAddress,
        subject: toHeaderText(testSubject(row.subject)),
        text,
        html,
      });
      return { messageId, to: options.ownerAddress };
    },

    /**
     * Starts sending a draft to every subscribed address, and queues the first messages the rate
     * allows. Starting it again (or on another instance) changes nothing: it stays one send.
     * The newsletter as it is now; null when there is none. A draft is refused (a conflict,
     * nothing queued) while no postal address is set or a product token in it does not resolve
     * now, in the live catalogue: a toy deleted since the draft was saved counts.
     */
    async startSend(id: number): Promise<Newsletter | null> {
      const row = await stored(id);
      if (!row) return null;
      if (row.status === "draft") {
        if (!(await deps.siteSettings.postalAddress())) {
          throw new ServiceError("conflict", NEWSLETTER_SEND_TEXT.noPostalAddress);
        }
        const unresolved = newsletterTokenWarnings(await blocksOf(row.body, "admin"));
        if (unresolved.length > 0) {
          throw new ServiceError(
            "conflict",
            NEWSLETTER_SEND_TEXT.unresolvedTokens(unresolved.map((warning) => warning.token)),
          );
        }
      }
      await db
        .update(newsletters)
        .set({ status: "sending", sendStartedAt: now(), updatedAt: now() })
        .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft")));
      await runDue();
      schedule(0);
      return get(id);
    },

    /** One worker pass (the worker runs it; tests call it to step through a send). */
    runDue,

    /** Starts the worker that goes on with sends (this instance's, other instances', those a restart interrupted). */
    start(): void {
      if (running) return;
      running = true;
      schedule(0);
    },

    /** Stops the worker; waits for a pass under way. */
    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await currentPass;
    },
  };
}

export type NewslettersService = ReturnType<typeof createNewslettersService>;
