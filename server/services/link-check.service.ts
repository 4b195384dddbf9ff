import { and, desc, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { AdminToy } from "#domain/catalog.ts";
import {
  classifyAmazonAnswer,
  classifyFailure,
  classifyHttpAnswer,
  classifyRedirectToAmazon,
  interleaveByHost,
  isAmazonHost,
  isHeadRefusal,
  isRedirectStatus,
  type LinkCheckCounts,
  type LinkFailure,
  type LinkHealth,
  type LinkPlan,
  type LinkProblem,
  type LinkVerdict,
  MAX_LINK_REDIRECTS,
  planLinkCheck,
  retryHeadWithGet,
} from "#domain/link-health.ts";
import type { Database } from "#server/db/client.ts";
import { linkCheckDigests, linkCheckRuns, linkChecks, toys } from "#server/db/schema.ts";
import { linkDigestEmail } from "#server/mail/link-digest-email.ts";
import type { Outbox } from "#server/mail/outbox.ts";
import { OutboundError, type OutboundRequest, type OutboundResponse } from "#server/outbound/safe-fetch.ts";
import { type CreatorsApiClient, CreatorsApiError } from "#server/retailers/amazon-creators.ts";
import type { ProductEditorService } from "./product-editor.service";
import { ServiceError } from "./service-error";

// Links that work (issue 27): every toy's retailer link, checked on a schedule over all
// instances, one run at a time. Amazon links are asked about through the Creators API, never
// fetched; every other link is requested the way a visitor's browser would follow it, politely
// (two checks at a time, one request a second per host). The owner sees the problems on the
// dashboard and gets one e-mail a day about new ones.

/** The link check's settings in force: the owner's over the configuration, at this moment. */
export interface LinkCheckSettings {
  /** the Creators API client when a credential is set; Amazon links stay unchecked without it */
  amazon: CreatorsApiClient | null;
  /** hours between scheduled runs over all instances */
  intervalHours: number;
}

export interface LinkCheckOptions {
  /** read at the start of every run and at every scheduler tick, so a saved setting applies without a restart */
  settings: () => Promise<LinkCheckSettings>;
  /** the safe outbound request (decision 054): private addresses refused at every hop */
  request: (input: OutboundRequest) => Promise<OutboundResponse>;
  /** the first scheduled run waits this long after start-up; default a random 20-80 s */
  firstRunDelayMs?: number;
  logger: Logger;
  now?: () => Date;
  /** per request (each redirect hop is one); default 15 s */
  timeoutMs?: number;
  /** checks under way at once, over all hosts; default 2 */
  concurrency?: number;
  /** the least time between two requests to one host; default 1.1 s (one a second, with a margin for jitter) */
  hostGapMs?: number;
  /** the owner's daily e-mail of new problems */
  digest: { outbox: Outbox; to: string; siteUrl: string };
}

/** A running run whose heartbeat is older than this lost its instance; the next run may start. */
const STALE_AFTER_MS = 10 * 60_000;
/** A running run's heartbeat moves at least this often. */
const HEARTBEAT_MS = 30_000;
/** ASINs asked for between two heartbeats: ten requests, about 11 s at Amazon's pace. */
const AMAZON_CHUNK = 100;
/** The dashboard lists this many problems, newest first; the API lists them all. */
const DASHBOARD_PROBLEMS = 100;

const IN_PROGRESS = "A link check is already running: its results show here when it is done.";
const NOTHING_TO_REPLACE = "This product has no redirected link to replace: check the links again.";
const ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

type Trigger = "schedule" | "admin";

interface CandidateToy {
  id: number;
  amazonUrl: string | null;
  amazonAsin: string | null;
}

interface PlannedLink {
  toyId: number;
  plan: LinkPlan;
}

const emptyCounts = (): LinkCheckCounts => ({
  checked: 0,
  ok: 0,
  redirected: 0,
  broken: 0,
  unreachable: 0,
  unavailable: 0,
});

/** The lowercase errno of a network failure (ECONNREFUSED…), or "". */
function causeCode(error: OutboundError): string {
  const code = (error.cause as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : "";
}

export function createLinkCheckService(
  db: Database,
  deps: { productEditor: Pick<ProductEditorService, "replaceLink"> },
  options: LinkCheckOptions,
) {
  const now = options.now ?? (() => new Date());
  const { logger } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const hostGapMs = options.hostGapMs ?? 1_100;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let current: Promise<unknown> | null = null;
  /** aborts this instance's requests when it stops */
  const stopping = new AbortController();

  /** Takes the one running slot, or null when another run holds it (the unique index decides). */
  async function claim(trigger: Trigger, notStartedSince?: Date): Promise<number | null> {
    const at = now();
    await db
      .update(linkCheckRuns)
      .set({ status: "failed", finishedAt: at })
      .where(
        and(
          eq(linkCheckRuns.status, "running"),
          lt(linkCheckRuns.heartbeatAt, new Date(at.getTime() - STALE_AFTER_MS)),
        ),
      );
    if (notStartedSince) {
      // A scheduled run: taken only if no run started since, checked in the same statement. Another
      // instance or worker may have found the run due at the same moment and finished it already;
      // the unique index alone would then let this one run a second time.
      const claimed = await db.execute<{ id: number }>(sql`
        insert into ${linkCheckRuns} ("trigger", status, started_at, heartbeat_at)
        select ${trigger}, 'running', ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
        where not exists (select 1 from ${linkCheckRuns} where started_at > ${notStartedSince.toISOString()}::timestamptz)
        on conflict do nothing
        returning id`);
      return claimed.rows[0]?.id ?? null;
    }
    const [row] = await db
      .insert(linkCheckRuns)
      .values({ trigger, status: "running", startedAt: at, heartbeatAt: at })
      .onConflictDoNothing()
      .returning({ id: linkCheckRuns.id });
    return row?.id ?? null;
  }

  /** Writes one verdict; the state's first sighting moves only when the state changes. */
  async function store(toyId: number, url: string, verdict: LinkVerdict, counts: LinkCheckCounts): Promise<void> {
    const at = now();
    await db
      .insert(linkChecks)
      .values({
        toyId,
        url,
        state: verdict.state,
        httpStatus: verdict.httpStatus,
        finalUrl: verdict.finalUrl,
        detail: verdict.detail,
        checkedAt: at,
        firstSeenAt: at,
      })
      .onConflictDoUpdate({
        target: [linkChecks.toyId, linkChecks.url],
        set: {
          state: verdict.state,
          httpStatus: verdict.httpStatus,
          finalUrl: verdict.finalUrl,
          detail: verdict.detail,
          checkedAt: at,
          firstSeenAt: sql`case when ${linkChecks.state} = excluded.state then ${linkChecks.firstSeenAt} else excluded.first_seen_at end`,
        },
      });
    counts.checked += 1;
    counts[verdict.state] += 1;
  }

  /** A pace per host: each request waits for its host's next free moment (one run at a time, so in-process suffices). */
  function hostPacer() {
    const nextFree = new Map<string, number>();
    return async (url: string): Promise<void> => {
      const host = new URL(url).hostname.toLowerCase();
      const at = Date.now();
      const start = Math.max(at, nextFree.get(host) ?? 0);
      nextFree.set(host, start + hostGapMs);
      if (start > at) await new Promise((resolve) => setTimeout(resolve, start - at));
    };
  }

  function failureOf(error: OutboundError): LinkFailure {
    switch (error.code) {
      case "timeout":
        return { kind: "timeout", afterMs: timeoutMs };
      case "connect_timeout":
        return { kind: "timeout", afterMs: Math.min(timeoutMs, 5_000) };
      case "blocked_address":
        return { kind: "blocked" };
      case "invalid_url":
      case "unsupported_scheme":
        return { kind: "invalid-url" };
      default: {
        const code = causeCode(error);
        if (code === "ECONNREFUSED") return { kind: "refused" };
        if (code === "ENOTFOUND" || code === "EAI_AGAIN") return { kind: "dns" };
        return { kind: "network", code: code || error.code };
      }
    }
  }

  /**
   * Follows a link as a browser would, one hop at a time through the safe fetch (so every hop's
   * address is checked): HEAD first, GET once HEAD is refused; at most MAX_LINK_REDIRECTS redirects.
   */
  async function checkHttp(url: string, pace: (url: string) => Promise<void>): Promise<LinkVerdict> {
    const hops: { url: string; status: number }[] = [];
    let at = url;
    let method: "HEAD" | "GET" = "HEAD";
    for (;;) {
      await pace(at);
      if (stopping.signal.aborted) throw stopping.signal.reason;
      let answer: OutboundResponse;
      try {
        answer = await options.request({
          url: at,
          method,
          headers: { accept: ACCEPT },
          maxRedirects: 0,
          discardBody: true,
          timeoutMs,
          connectTimeoutMs: Math.min(timeoutMs, 5_000),
          signal: stopping.signal,
        });
      } catch (error) {
        if (!(error instanceof OutboundError)) throw error;
        if (error.code === "aborted") throw error;
        if (method === "HEAD" && error.code === "unreachable" && isHeadRefusal(causeCode(error))) {
          method = "GET";
          continue;
        }
        return classifyFailure(failureOf(error));
      }
      if (method === "HEAD" && retryHeadWithGet(answer.status)) {
        method = "GET";
        continue;
      }
      const location = answer.headers.get("location");
      if (!isRedirectStatus(answer.status) || !location)
        return classifyHttpAnswer(url, hops, { url: at, status: answer.status });
      hops.push({ url: at, status: answer.status });
      if (hops.length > MAX_LINK_REDIRECTS) return classifyFailure({ kind: "redirect-loop", redirects: hops.length });
      let next: URL;
      try {
        next = new URL(location, at);
      } catch {
        return classifyFailure({ kind: "invalid-url" });
      }
      if (next.protocol !== "http:" && next.protocol !== "https:") return classifyFailure({ kind: "invalid-url" });
      if (isAmazonHost(next.hostname)) return classifyRedirectToAmazon(url, hops, next.href);
      at = next.href;
    }
  }

  /** Checks the HTTP links, `concurrency` at a time, each host at its pace. */
  async function checkHttpLinks(links: PlannedLink[], counts: LinkCheckCounts, beat: () => Promise<void>) {
    const queue = interleaveByHost(links, ({ plan }) => {
      try {
        return new URL(plan.url).hostname.toLowerCase();
      } catch {
        return "";
      }
    });
    const pace = hostPacer();
    let next = 0;
    const worker = async () => {
      while (next < queue.length && !stopping.signal.aborted) {
        const link = queue[next++] as PlannedLink;
        const verdict = await checkHttp(link.plan.url, pace);
        await store(link.toyId, link.plan.url, verdict, counts);
        await beat();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  }

  /** Asks Amazon about the Amazon links' ASINs; links it gave no answer for keep their last check. */
  async function checkAmazonLinks(
    amazon: CreatorsApiClient | null,
    links: PlannedLink[],
    counts: LinkCheckCounts,
    beat: () => Promise<void>,
  ) {
    if (!amazon || links.length === 0) return;
    const byAsin = new Map<string, PlannedLink[]>();
    for (const link of links) {
      if (link.plan.kind !== "amazon") continue;
      byAsin.set(link.plan.asin, [...(byAsin.get(link.plan.asin) ?? []), link]);
    }
    const asins = [...byAsin.keys()];
    for (let start = 0; start < asins.length && !stopping.signal.aborted; start += AMAZON_CHUNK) {
      let result: Awaited<ReturnType<CreatorsApiClient["getItems"]>>;
      try {
        result = await amazon.getItems(asins.slice(start, start + AMAZON_CHUNK));
      } catch (error) {
        // refused credentials or account: no later request could succeed either
        if (!(error instanceof CreatorsApiError)) throw error;
        logger.warn({ err: error }, "link check: Amazon refused the request; its links keep their last check");
        return;
      }
      const verdicts: [PlannedLink, LinkVerdict][] = [];
      for (const item of result.items) {
        const verdict = classifyAmazonAnswer({ availability: item.availability });
        for (const link of byAsin.get(item.asin) ?? []) verdicts.push([link, verdict]);
      }
      for (const gone of result.unavailable) {
        const verdict = classifyAmazonAnswer({ gone: gone.code });
        for (const link of byAsin.get(gone.asin) ?? []) verdicts.push([link, verdict]);
      }
      for (const [link, verdict] of verdicts) await store(link.toyId, link.plan.url, verdict, counts);
      await beat();
      // throttled or down: the rest waits for the next run instead of storming the API
      if (result.failed.some(({ error }) => error.kind === "throttled" || error.kind === "unavailable")) {
        logger.warn("link check: Amazon is throttling or down; the remaining Amazon links wait for the next run");
        return;
      }
    }
  }

  async function candidates(): Promise<CandidateToy[]> {
    return db
      .select({ id: toys.id, amazonUrl: toys.amazonUrl, amazonAsin: toys.amazonAsin })
      .from(toys)
      .where(isNull(toys.deletedAt))
      .orderBy(toys.id);
  }

  async function execute(runId: number, amazon: CreatorsApiClient | null): Promise<LinkCheckCounts> {
    const counts = emptyCounts();
    let lastBeat = now().getTime();
    const beat = async () => {
      if (now().getTime() - lastBeat < HEARTBEAT_MS) return;
      lastBeat = now().getTime();
      await db.update(linkCheckRuns).set({ heartbeatAt: now() }).where(eq(linkCheckRuns.id, runId));
    };
    let status: "done" | "failed" = "done";
    try {
      const planned = (await candidates()).flatMap((toy): PlannedLink[] => {
        const plan = planLinkCheck(toy.amazonUrl, toy.amazonAsin, { amazonApi: amazon !== null });
        return plan ? [{ toyId: toy.id, plan }] : [];
      });
      for (const link of planned) {
        if (link.plan.kind === "invalid")
          await store(link.toyId, link.plan.url, classifyFailure({ kind: "invalid-url" }), counts);
      }
      await checkAmazonLinks(
        amazon,
        planned.filter((link) => link.plan.kind === "amazon"),
        counts,
        beat,
      );
      await checkHttpLinks(
        planned.filter((link) => link.plan.kind === "http"),
        counts,
        beat,
      );
      // what is no toy's link any more (changed, trashed) or no longer checked (the API's credential
      // removed) goes: a stale verdict is worse than none
      const unchecked = planned.filter((link) => link.plan.kind === "unchecked").map((link) => link.toyId);
      await db.execute(sql`
        delete from link_checks lc using toys t
        where lc.toy_id = t.id and (t.deleted_at is not null or t.amazon_url is distinct from lc.url)`);
      if (unchecked.length > 0) await db.delete(linkChecks).where(inArray(linkChecks.toyId, unchecked));
      await db
        .update(linkCheckRuns)
        .set({
          uncheckedNoApi: planned.filter((l) => l.plan.kind === "unchecked" && l.plan.reason === "no-amazon-api")
            .length,
          uncheckedNoAsin: planned.filter((l) => l.plan.kind === "unchecked" && l.plan.reason === "no-asin").length,
        })
        .where(eq(linkCheckRuns.id, runId));
      if (stopping.signal.aborted) status = "failed";
    } catch (error) {
      status = "failed";
      if (!stopping.signal.aborted) throw error;
    } finally {
      const finishedAt = now();
      await db
        .update(linkCheckRuns)
        .set({ ...counts, status, finishedAt, heartbeatAt: finishedAt })
        .where(eq(linkCheckRuns.id, runId));
      logger.info({ runId, status, ...counts }, "link check finished");
    }
    return counts;
  }

  async function listProblems(limit?: number): Promise<LinkProblem[]> {
    const query = db
      .select({
        toyId: linkChecks.toyId,
        toyName: toys.name,
        url: linkChecks.url,
        state: linkChecks.state,
        httpStatus: linkChecks.httpStatus,
        finalUrl: linkChecks.finalUrl,
        checkedAt: linkChecks.checkedAt,
        firstSeenAt: linkChecks.firstSeenAt,
        detail: linkChecks.detail,
      })
      .from(linkChecks)
      // the toy's current link only: one the owner has changed since waits for its own check
      .innerJoin(toys, and(eq(toys.id, linkChecks.toyId), eq(toys.amazonUrl, linkChecks.url)))
      .where(and(ne(linkChecks.state, "ok"), isNull(toys.deletedAt)))
      .orderBy(desc(linkChecks.firstSeenAt), toys.name, linkChecks.toyId);
    const rows = limit === undefined ? await query : await query.limit(limit);
    return rows.map((row) => ({
      ...row,
      state: row.state as LinkProblem["state"],
      checkedAt: row.checkedAt.toISOString(),
      firstSeenAt: row.firstSeenAt.toISOString(),
    }));
  }

  /**
   * Queues the owner's digest of problems first seen since the last one: at most one a day (UTC)
   * over all instances, none when nothing is new. Returns the outbox id, or null.
   */
  async function sendDigestIfDue(): Promise<number | null> {
    const at = now();
    const day = at.toISOString().slice(0, 10);
    const [last] = await db.select().from(linkCheckDigests).orderBy(desc(linkCheckDigests.day)).limit(1);
    if (last && last.day >= day) return null;
    const fresh = (await listProblems()).filter((problem) => !last || new Date(problem.firstSeenAt) > last.sentAt);
    if (fresh.length === 0) return null;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(linkCheckDigests)
        .values({ day, sentAt: at, problems: fresh.length })
        .onConflictDoNothing()
        .returning({ day: linkCheckDigests.day });
      if (!row) return null;
      const outboxId = await options.digest.outbox.enqueue(
        tx,
        linkDigestEmail({ to: options.digest.to, problems: fresh, siteUrl: options.digest.siteUrl }),
      );
      await tx.update(linkCheckDigests).set({ outboxId }).where(eq(linkCheckDigests.day, day));
      return outboxId;
    });
  }

  /** Starts a run unless one is under way anywhere; resolves with its counts when it is done. */
  async function runWith(
    amazon: CreatorsApiClient | null,
    trigger: Trigger,
    notStartedSince?: Date,
  ): Promise<LinkCheckCounts> {
    const runId = await claim(trigger, notStartedSince);
    if (runId === null) throw new ServiceError("conflict", IN_PROGRESS);
    const done = execute(runId, amazon);
    current = done;
    try {
      const counts = await done;
      await sendDigestIfDue().catch((error) => logger.error({ err: error }, "link check: queueing the digest failed"));
      return counts;
    } finally {
      if (current === done) current = null;
    }
  }

  /** A scheduled run is due when no run started within the interval, on any instance. */
  async function due(intervalHours: number): Promise<boolean> {
    const [last] = await db
      .select({ startedAt: linkCheckRuns.startedAt })
      .from(linkCheckRuns)
      .orderBy(desc(linkCheckRuns.startedAt))
      .limit(1);
    return !last || now().getTime() - last.startedAt.getTime() >= intervalHours * 3_600_000;
  }

  async function tick(): Promise<void> {
    timer = null;
    if (stopped) return;
    let intervalHours: number | null = null;
    try {
      // the interval and the credential in force now: the owner may have changed them since the last tick
      const settings = await options.settings();
      intervalHours = settings.intervalHours;
      if (await due(intervalHours)) {
        await runWith(settings.amazon, "schedule", new Date(now().getTime() - intervalHours * 3_600_000));
      }
    } catch (error) {
      if (!(error instanceof ServiceError)) logger.error({ err: error }, "scheduled link check failed");
    }
    if (!stopped) {
      // look again within a minute: another instance's run, a longer one, or a changed interval moves the next
      timer = setTimeout(() => void tick(), Math.min((intervalHours ?? 1) * 3_600_000, 60_000));
      timer.unref();
    }
  }

  return {
    /** Starts a run with the credential in force unless one is under way anywhere; resolves with its counts when it is done. */
    async run(trigger: Trigger): Promise<LinkCheckCounts> {
      return runWith((await options.settings()).amazon, trigger);
    },

    sendDigestIfDue,

    /** Every link that is not `ok`, newest problem first. */
    problems: () => listProblems(),

    /** The dashboard's panel: the newest problems, what was left unchecked, and when links were last checked. */
    async health(): Promise<LinkHealth> {
      const [problems, [last], [running]] = await Promise.all([
        listProblems(DASHBOARD_PROBLEMS),
        db
          .select()
          .from(linkCheckRuns)
          .where(ne(linkCheckRuns.status, "running"))
          .orderBy(desc(linkCheckRuns.startedAt))
          .limit(1),
        db.select({ id: linkCheckRuns.id }).from(linkCheckRuns).where(eq(linkCheckRuns.status, "running")).limit(1),
      ]);
      const [total] = await db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(linkChecks)
        .innerJoin(toys, and(eq(toys.id, linkChecks.toyId), eq(toys.amazonUrl, linkChecks.url)))
        .where(and(ne(linkChecks.state, "ok"), isNull(toys.deletedAt)));
      return {
        problems,
        problemCount: total?.n ?? problems.length,
        amazonUnchecked: { noApi: last?.uncheckedNoApi ?? 0, noAsin: last?.uncheckedNoAsin ?? 0 },
        lastCheckedAt: last?.finishedAt?.toISOString() ?? null,
        running: running !== undefined,
      };
    },

    /**
     * "Use this URL": the toy's link becomes the address its redirect ends at, saved through the
     * product editor (audited, caches cleared); the check's row follows it as a working link.
     */
    async applyFinalUrl(toyId: number): Promise<AdminToy> {
      const [row] = await db
        .select({ id: linkChecks.id, url: linkChecks.url, finalUrl: linkChecks.finalUrl })
        .from(linkChecks)
        .innerJoin(toys, and(eq(toys.id, linkChecks.toyId), eq(toys.amazonUrl, linkChecks.url)))
        .where(and(eq(linkChecks.toyId, toyId), eq(linkChecks.state, "redirected"), isNull(toys.deletedAt)));
      if (!row?.finalUrl) throw new ServiceError("not-found", NOTHING_TO_REPLACE);
      const toy = await deps.productEditor.replaceLink(toyId, { from: row.url, to: row.finalUrl });
      const at = now();
      const finalUrl = row.finalUrl;
      await db.transaction(async (tx) => {
        await tx.delete(linkChecks).where(and(eq(linkChecks.toyId, toyId), eq(linkChecks.url, finalUrl)));
        await tx
          .update(linkChecks)
          .set({ url: finalUrl, state: "ok", httpStatus: null, finalUrl: null, detail: null, firstSeenAt: at })
          .where(eq(linkChecks.id, row.id));
      });
      return toy;
    },

    /** Schedules runs: the first soon after start-up, then every interval over all instances. */
    start(): void {
      if (timer || stopped) return;
      // after the product sync's first run (10-50 s), spread so instances started together do not all ask at once
      const delay = options.firstRunDelayMs ?? 20_000 + Math.floor(Math.random() * 60_000);
      timer = setTimeout(() => void tick(), delay);
      timer.unref();
    },

    /** Stops scheduling, ends this instance's run (its requests aborted) and waits for it. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      stopping.abort(new OutboundError("aborted", "the site is shutting down", { url: "" }));
      await current?.catch(() => {});
    },
  };
}

export type LinkCheckService = ReturnType<typeof createLinkCheckService>;
