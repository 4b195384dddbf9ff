import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { type FeedItem, parseProductFeed } from "#domain/product-feed.ts";
import type { ProductSources } from "#domain/product-sources.ts";
import { feedUrlForDisplay } from "#domain/product-sources-text.ts";
import {
  applySourceFacts,
  factsFromAmazon,
  factsFromFeed,
  goneFacts,
  type SourceFacts,
  type SyncCounts,
  type SyncProblem,
  type SyncRun,
  type ToyFacts,
  type ToyPriceState,
} from "#domain/product-sync.ts";
import type { Database } from "#server/db/client.ts";
import { productSyncRuns, toyPriceHistory, toys } from "#server/db/schema.ts";
import { OutboundError, type OutboundRequest, type OutboundResponse } from "#server/outbound/safe-fetch.ts";
import { type CreatorsApiClient, CreatorsApiError } from "#server/retailers/amazon-creators.ts";
import { ServiceError } from "./service-error";

// The product sync of issue 27: reads every configured source (the Amazon Creators API, product
// feeds), writes what changed on each toy with its price history, and stamps every toy a source
// answered for with the time it did, since a price may only be shown with the time it was confirmed.

/** What the sync reads from and how often: the owner's settings over the configuration, at this moment. */
export interface ProductSyncSettings {
  /** the Creators API client of the credential in force; null: none */
  amazon: CreatorsApiClient | null;
  /** the Amazon store the client reads, for the admin's overview */
  amazonMarketplace: string;
  feedUrls: readonly string[];
  /** minutes between scheduled runs over all instances */
  intervalMinutes: number;
}

export interface ProductSyncOptions {
  /** read at the start of every run and at every scheduler tick, so a saved setting applies without a restart */
  settings: () => Promise<ProductSyncSettings>;
  /** the safe outbound request (decision 054): feeds never reach private addresses */
  request: (input: OutboundRequest) => Promise<OutboundResponse>;
  /** the first scheduled run waits this long after start-up (at most 60 s; several instances start at once) */
  firstRunDelayMs?: number;
  logger: Logger;
  /** called once a run has written anything a visitor sees (the public read and page caches clear) */
  onChanged?: () => void;
  now?: () => Date;
  /** a feed answer's size limit; 10,000 items of Google's RSS are about 3 MB */
  maxFeedBytes?: number;
  feedTimeoutMs?: number;
}

/** Problems kept per run: enough to fix a feed, not 10,000 rows of one mistake. */
const MAX_PROBLEMS = 200;
/** A running run whose heartbeat is older than this lost its instance; the next run may start. */
const STALE_AFTER_MS = 10 * 60_000;
/** ASINs looked up between two heartbeats (and two writes): ten requests, about 11 s at Amazon's pace. */
const AMAZON_CHUNK = 100;
/** toys written per statement */
const WRITE_CHUNK = 500;

interface CandidateToy {
  id: number;
  amazonAsin: string | null;
  retailerItemId: string | null;
  price: string;
  priceDiscount: string | null;
  inStock: boolean;
  amazonUrl: string | null;
  affiliateUrl: string | null;
}

const IN_PROGRESS = "A product sync is already running: its results show here when it is done.";
const NO_SOURCES =
  "No product source is set up: add the Amazon Creators API credential or a product feed in the settings.";
/** How often the scheduler looks whether a run is due (the interval itself is at least 5 minutes). */
const TICK_MS = 60_000;

type RunRow = typeof productSyncRuns.$inferSelect;

/** A stored run as the API sends it. */
function toRun(row: RunRow): SyncRun {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    checked: row.checked,
    updated: row.updated,
    unavailable: row.unavailable,
    failed: row.failed,
    problems: row.problems,
  };
}

export function createProductSyncService(db: Database, options: ProductSyncOptions) {
  const now = options.now ?? (() => new Date());
  const { logger } = options;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let current: Promise<unknown> | null = null;

  /** Takes the one running slot, or null when another run holds it (the unique index decides). */
  async function claim(trigger: SyncRun["trigger"], notStartedSince?: Date): Promise<number | null> {
    const at = now();
    await db
      .update(productSyncRuns)
      .set({
        status: "failed",
        finishedAt: at,
        problems: [{ source: "sync", message: "The run stopped before it finished (its server went away)." }],
      })
      .where(
        and(
          eq(productSyncRuns.status, "running"),
          lt(productSyncRuns.heartbeatAt, new Date(at.getTime() - STALE_AFTER_MS)),
        ),
      );
    if (notStartedSince) {
      // A scheduled run: taken only if no run started since, checked in the same statement. Another
      // instance or worker may have found the run due at the same moment and finished it already;
      // the unique index alone would then let this one run a second time.
      const claimed = await db.execute<{ id: number }>(sql`
        insert into ${productSyncRuns} ("trigger", status, started_at, heartbeat_at)
        select ${trigger}, 'running', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        where not exists (select 1 from ${productSyncRuns} where started_at > ${notStartedSince.toISOString()}::timestamptz)
        on conflict do nothing
        returning id`);
      return claimed.rows[0]?.id ?? null;
    }
    const [row] = await db
      .insert(productSyncRuns)
      .values({ trigger, status: "running", startedAt: at, heartbeatAt: at })
      .onConflictDoNothing()
      .returning({ id: productSyncRuns.id });
    return row?.id ?? null;
  }

  async function heartbeat(runId: number): Promise<void> {
    await db.update(productSyncRuns).set({ heartbeatAt: now() }).where(eq(productSyncRuns.id, runId));
  }

  async function candidates(): Promise<CandidateToy[]> {
    return db
      .select({
        id: toys.id,
        amazonAsin: toys.amazonAsin,
        retailerItemId: toys.retailerItemId,
        price: toys.price,
        priceDiscount: toys.priceDiscount,
        inStock: toys.inStock,
        amazonUrl: toys.amazonUrl,
        affiliateUrl: toys.affiliateUrl,
      })
      .from(toys)
      .where(isNull(toys.deletedAt))
      .orderBy(toys.id);
  }

  /** Every feed's items by id; an unreadable feed is a problem, and `complete` says whether all were read. */
  async function readFeeds(
    feedUrls: readonly string[],
    problems: SyncProblem[],
  ): Promise<{ items: Map<string, FeedItem>; complete: boolean }> {
    const items = new Map<string, FeedItem>();
    let complete = true;
    for (const url of feedUrls) {
      // the address as the admin shows it: a feed's key in its query is no problem report's business
      const source = `feed ${feedUrlForDisplay(url)}`;
      try {
        const answer = await options.request({
          url,
          headers: { accept: "application/rss+xml, application/xml, text/tab-separated-values, text/plain, */*" },
          maxBytes: options.maxFeedBytes ?? 50 * 1024 * 1024,
          timeoutMs: options.feedTimeoutMs ?? 60_000,
        });
        if (answer.status !== 200) {
          complete = false;
          problems.push({ source, message: `The feed answered HTTP ${answer.status}.` });
          continue;
        }
        const parsed = parseProductFeed(answer.body.toString("utf8"), { maxProblems: 20 });
        if (parsed.format === null) {
          complete = false;
          problems.push({ source, message: "The answer is neither an RSS or Atom feed nor a tab-separated file." });
          continue;
        }
        for (const problem of parsed.problems) {
          problems.push({
            source,
            message: `Line ${problem.line}: ${problem.message}`,
            ...(problem.id ? { id: problem.id } : {}),
          });
        }
        if (parsed.problemCount > parsed.problems.length) {
          problems.push({
            source,
            message: `${parsed.problemCount - parsed.problems.length} more problems not listed.`,
          });
        }
        // an id in two feeds: the first feed listed wins, as the first item wins within a feed
        for (const item of parsed.items) if (!items.has(item.id)) items.set(item.id, item);
      } catch (error) {
        complete = false;
        const message = error instanceof OutboundError ? error.message : "The feed could not be read.";
        if (!(error instanceof OutboundError)) logger.error({ err: error, url }, "product sync: reading a feed failed");
        problems.push({ source, message });
      }
    }
    return { items, complete };
  }

  /** Writes one chunk of answers: changed toys with a history row, every answered toy stamped. */
  async function write(answers: { toy: CandidateToy; facts: SourceFacts }[], counts: SyncCounts): Promise<void> {
    if (answers.length === 0) return;
    const changed: { toy: CandidateToy; facts: SourceFacts; next: ToyFacts }[] = [];
    for (const { toy, facts } of answers) {
      const linkColumn = facts.source === "amazon" ? toy.amazonUrl : toy.affiliateUrl;
      const current: ToyFacts = {
        price: toy.price,
        priceDiscount: toy.priceDiscount,
        inStock: toy.inStock,
        link: linkColumn,
      };
      const result = applySourceFacts(current, facts);
      counts.checked += 1;
      if (facts.availability === "out_of_stock") counts.unavailable += 1;
      if (result.changed) {
        counts.updated += 1;
        changed.push({ toy, facts, next: result.next });
      }
    }
    await db.transaction(async (tx) => {
      for (const { toy, facts, next } of changed) {
        await tx
          .update(toys)
          .set({
            price: next.price,
            priceDiscount: next.priceDiscount,
            inStock: next.inStock,
            ...(facts.source === "amazon" ? { amazonUrl: next.link } : { affiliateUrl: next.link }),
            priceConfirmedAt: facts.fetchedAt,
            priceSource: facts.source,
            updatedAt: facts.fetchedAt,
          })
          .where(eq(toys.id, toy.id));
      }
      if (changed.length > 0) {
        await tx.insert(toyPriceHistory).values(
          changed.map(({ toy, facts, next }) => ({
            toyId: toy.id,
            recordedAt: facts.fetchedAt,
            source: facts.source,
            price: next.price,
            priceDiscount: next.priceDiscount,
            inStock: next.inStock,
            link: next.link,
          })),
        );
      }
      // the unchanged ones are confirmed as they are, per source and moment of the answer
      const changedIds = new Set(changed.map(({ toy }) => toy.id));
      const confirmations = new Map<string, { at: Date; source: SourceFacts["source"]; ids: number[] }>();
      for (const { toy, facts } of answers) {
        if (changedIds.has(toy.id)) continue;
        const key = `${facts.source}:${facts.fetchedAt.getTime()}`;
        const group = confirmations.get(key) ?? { at: facts.fetchedAt, source: facts.source, ids: [] };
        group.ids.push(toy.id);
        confirmations.set(key, group);
      }
      for (const { at, source, ids } of confirmations.values()) {
        await tx.update(toys).set({ priceConfirmedAt: at, priceSource: source }).where(inArray(toys.id, ids));
      }
    });
  }

  async function syncAmazon(
    runId: number,
    amazon: CreatorsApiClient | null,
    amazonToys: CandidateToy[],
    counts: SyncCounts,
    problems: SyncProblem[],
  ): Promise<Set<number>> {
    const answered = new Set<number>();
    if (!amazon || amazonToys.length === 0) return answered;
    const byAsin = new Map<string, CandidateToy[]>();
    for (const toy of amazonToys) {
      const asin = (toy.amazonAsin ?? "").trim().toUpperCase();
      byAsin.set(asin, [...(byAsin.get(asin) ?? []), toy]);
    }
    const asins = [...byAsin.keys()];
    for (let start = 0; start < asins.length; start += AMAZON_CHUNK) {
      const chunk = asins.slice(start, start + AMAZON_CHUNK);
      let result: Awaited<ReturnType<CreatorsApiClient["getItems"]>>;
      try {
        result = await amazon.getItems(chunk);
      } catch (error) {
        // refused credentials or account: no later request can succeed either
        if (!(error instanceof CreatorsApiError)) throw error;
        problems.push({ source: "amazon", message: `Amazon refused the request: ${error.message}` });
        break;
      }
      const answers: { toy: CandidateToy; facts: SourceFacts }[] = [];
      for (const item of result.items) {
        for (const toy of byAsin.get(item.asin) ?? []) answers.push({ toy, facts: factsFromAmazon(item) });
      }
      const at = now();
      for (const gone of result.unavailable) {
        problems.push({
          source: "amazon",
          id: gone.asin,
          message: `Amazon no longer offers this item (${gone.code}).`,
        });
        for (const toy of byAsin.get(gone.asin) ?? []) answers.push({ toy, facts: goneFacts("amazon", at) });
      }
      for (const failed of result.failed) {
        problems.push({
          source: "amazon",
          message: `${failed.asins.length} items were not looked up: ${failed.error.message}`,
        });
      }
      await write(answers, counts);
      for (const { toy } of answers) answered.add(toy.id);
      await heartbeat(runId);
      // throttled or down: the rest waits for the next run instead of storming the API
      if (result.failed.some(({ error }) => error.kind === "throttled" || error.kind === "unavailable")) break;
    }
    return answered;
  }

  async function syncFeeds(
    feedUrls: readonly string[],
    feedToys: CandidateToy[],
    counts: SyncCounts,
    problems: SyncProblem[],
  ): Promise<{ answered: Set<number>; unknownIds: number }> {
    const answered = new Set<number>();
    if (feedUrls.length === 0) return { answered, unknownIds: 0 };
    const { items } = await readFeeds(feedUrls, problems);
    const fetchedAt = now();
    const answers: { toy: CandidateToy; facts: SourceFacts }[] = [];
    const matched = new Set<string>();
    for (const toy of feedToys) {
      // the retailer item id names the feed's own id; an ASIN is the id of Amazon's own feeds
      const id = [toy.retailerItemId, toy.amazonAsin].find((key) => key && items.has(key.trim()));
      const item = id ? items.get(id.trim()) : undefined;
      if (!item) continue;
      matched.add(item.id);
      answers.push({ toy, facts: factsFromFeed(item, fetchedAt) });
      answered.add(toy.id);
    }
    for (let start = 0; start < answers.length; start += WRITE_CHUNK) {
      await write(answers.slice(start, start + WRITE_CHUNK), counts);
    }
    let unknownIds = 0;
    for (const id of items.keys()) {
      if (matched.has(id)) continue;
      unknownIds += 1;
      if (unknownIds <= 20)
        problems.push({ source: "feed", id, message: "No product has this id (ASIN or retailer item id)." });
    }
    if (unknownIds > 20) problems.push({ source: "feed", message: `${unknownIds - 20} more unknown ids not listed.` });
    return { answered, unknownIds };
  }

  async function execute(runId: number, settings: ProductSyncSettings): Promise<SyncRun> {
    const counts: SyncCounts = { checked: 0, updated: 0, unavailable: 0, failed: 0 };
    const problems: SyncProblem[] = [];
    let status: SyncRun["status"] = "done";
    try {
      const all = await candidates();
      const amazonToys = settings.amazon ? all.filter((toy) => toy.amazonAsin?.trim()) : [];
      const amazonAnswered = await syncAmazon(runId, settings.amazon, amazonToys, counts, problems);
      // a toy Amazon answered for keeps Amazon's facts (its terms want its prices as it sent them)
      const feedToys =
        settings.feedUrls.length > 0
          ? all.filter((toy) => !amazonAnswered.has(toy.id) && (toy.retailerItemId?.trim() || toy.amazonAsin?.trim()))
          : [];
      const { answered: feedAnswered } = await syncFeeds(settings.feedUrls, feedToys, counts, problems);
      // a retailer item id is there for a feed, so a feed must answer for it; an ASIN only asks Amazon
      const expected = new Set(
        [...amazonToys, ...feedToys.filter((toy) => toy.retailerItemId?.trim())].map((toy) => toy.id),
      );
      for (const id of expected) if (!amazonAnswered.has(id) && !feedAnswered.has(id)) counts.failed += 1;
    } catch (error) {
      status = "failed";
      logger.error({ err: error, runId }, "product sync failed");
      problems.push({
        source: "sync",
        message: "The sync stopped on an unexpected error; the server log has the details.",
      });
    }
    // stamps count too: a price shown with an older stamp, or hidden for its age, shows again
    if (counts.checked > 0) options.onChanged?.();
    const finishedAt = now();
    const [row] = await db
      .update(productSyncRuns)
      .set({ ...counts, status, finishedAt, heartbeatAt: finishedAt, problems: problems.slice(0, MAX_PROBLEMS) })
      .where(eq(productSyncRuns.id, runId))
      .returning();
    if (!row) throw new Error(`product sync run ${runId} vanished`);
    logger.info({ runId, ...counts, problems: problems.length }, "product sync finished");
    return toRun(row);
  }

  const hasSources = (settings: ProductSyncSettings) => settings.amazon !== null || settings.feedUrls.length > 0;

  /** Starts a run from these sources unless one is under way anywhere; resolves with it when it is done. */
  async function runFrom(
    settings: ProductSyncSettings,
    trigger: SyncRun["trigger"],
    notStartedSince?: Date,
  ): Promise<SyncRun> {
    if (!hasSources(settings)) throw new ServiceError("conflict", NO_SOURCES);
    const runId = await claim(trigger, notStartedSince);
    if (runId === null) throw new ServiceError("conflict", IN_PROGRESS);
    const done = execute(runId, settings);
    current = done;
    try {
      return await done;
    } finally {
      if (current === done) current = null;
    }
  }

  /** A scheduled run is due when no run started within the interval, on any instance. */
  async function due(intervalMinutes: number): Promise<boolean> {
    const [last] = await db
      .select({ startedAt: productSyncRuns.startedAt })
      .from(productSyncRuns)
      .orderBy(desc(productSyncRuns.startedAt))
      .limit(1);
    return !last || now().getTime() - last.startedAt.getTime() >= intervalMinutes * 60_000;
  }

  async function tick(): Promise<void> {
    timer = null;
    if (stopped) return;
    try {
      // the sources and the interval in force now: the owner may have changed them since the last tick
      const settings = await options.settings();
      if (hasSources(settings) && (await due(settings.intervalMinutes))) {
        await runFrom(settings, "schedule", new Date(now().getTime() - settings.intervalMinutes * 60_000));
      }
    } catch (error) {
      if (!(error instanceof ServiceError)) logger.error({ err: error }, "scheduled product sync failed");
    }
    if (!stopped) {
      // look again within a minute: another instance's run, a run that took longer, or a changed
      // interval moves the next one
      timer = setTimeout(() => void tick(), TICK_MS);
      timer.unref();
    }
  }

  return {
    /** Starts a run from the sources in force unless one is under way anywhere; resolves with it when it is done. */
    async run(trigger: SyncRun["trigger"]): Promise<SyncRun> {
      return runFrom(await options.settings(), trigger);
    },

    /** What the sync reads from now, for the admin: the credential and the feeds' keys left out. */
    async sources(): Promise<ProductSources> {
      const settings = await options.settings();
      return {
        amazon: settings.amazon ? { marketplace: settings.amazonMarketplace } : null,
        feeds: settings.feedUrls.map(feedUrlForDisplay),
        intervalMinutes: settings.intervalMinutes,
      };
    },

    /** The latest runs, newest first. */
    async recentRuns(limit = 10): Promise<SyncRun[]> {
      const rows = await db.select().from(productSyncRuns).orderBy(desc(productSyncRuns.startedAt)).limit(limit);
      return rows.map(toRun);
    },

    /** A toy's recorded states, newest first; null when there is no such toy. */
    async history(toyId: number, limit = 50): Promise<ToyPriceState[] | null> {
      const [toy] = await db.select({ id: toys.id }).from(toys).where(eq(toys.id, toyId));
      if (!toy) return null;
      const rows = await db
        .select()
        .from(toyPriceHistory)
        .where(eq(toyPriceHistory.toyId, toyId))
        .orderBy(desc(toyPriceHistory.recordedAt), desc(toyPriceHistory.id))
        .limit(limit);
      return rows.map((row) => ({
        recordedAt: row.recordedAt.toISOString(),
        source: row.source,
        price: row.price,
        priceDiscount: row.priceDiscount,
        inStock: row.inStock,
        link: row.link,
      }));
    },

    /**
     * Schedules runs: the first within a minute of start-up (or of the first source the owner
     * sets up), then every interval over all instances.
     */
    start(): void {
      if (timer || stopped) return;
      // spread over the first minute, so instances started together do not all ask at once
      const delay = options.firstRunDelayMs ?? 10_000 + Math.floor(Math.random() * 40_000);
      timer = setTimeout(() => void tick(), Math.min(delay, 60_000));
      timer.unref();
    },

    /** Stops scheduling and waits for a run of this instance to finish. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current?.catch(() => {});
    },
  };
}

export type ProductSyncService = ReturnType<typeof createProductSyncService>;
