import { and, asc, eq, inArray, lte, not, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { emailOutbox } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import {
  type Address,
  assertMailHeadersSafe,
  MailDeliveryError,
  type MailTransport,
  type OutgoingMail,
} from "./transport";

export interface OutboxMessage extends OutgoingMail {
  /** what the message is, for logs: "quiz-results" | "contact-notification" | ... */
  kind: string;
}

/** Anything that can run drizzle inserts: the Database or a transaction of it. */
export type OutboxExecutor = Pick<Database, "insert">;

export interface OutboxOptions {
  /** null = no mail service configured: messages are stored and stay pending */
  transport: MailTransport | null;
  logger: Logger;
  /** default 8, then status failed */
  maxAttempts?: number;
  /** default 30_000; backoff = min(base * 2^(attempts-1), 1 h) */
  retryBaseMs?: number;
  /** default 5 min: how long a claimed ("sending") row is reserved */
  leaseMs?: number;
  /** default 72 h: a pending message older than this is marked failed ("expired") not sent */
  maxAgeMs?: number;
  /** default 5_000 */
  pollIntervalMs?: number;
  /**
   * Told about every message given up on for good, after it is recorded (a bounce marks its
   * subscriber, issue 19). Its failure is logged, never the send's.
   */
  onFailed?: (message: { id: number; kind: string; recipient: string }, error: MailDeliveryError) => Promise<void>;
}

const MAX_BACKOFF_MS = 60 * 60_000;
const LAST_ERROR_MAX_CHARS = 500;
const WORKER_BATCH = 10;

type Outcome = "sent" | "retried" | "failed" | "unrecorded";

/**
 * How an immediate send ended: `sent` (the mail server took it), `failed` (refused for good, the
 * row is marked failed and never retried), or `pending` (no mail server, a temporary failure, or
 * not settled in time: the worker goes on with it).
 */
export type SendNowOutcome = "sent" | "failed" | "pending";

const claimedColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  recipient: emailOutbox.recipient,
  replyTo: emailOutbox.replyTo,
  subject: emailOutbox.subject,
  textBody: emailOutbox.textBody,
  htmlBody: emailOutbox.htmlBody,
  headers: emailOutbox.headers,
  attempts: emailOutbox.attempts,
};
type ClaimedRow = {
  id: number;
  kind: string;
  recipient: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  headers: Record<string, string>;
  attempts: number;
};

// reply_to is one text column; a quoted display name keeps any visitor-typed name unambiguous.
function formatAddress(address: Address): string {
  if (!address.name) return `<${address.address}>`;
  return `"${address.name.replace(/(["\\])/g, "\\$1")}" <${address.address}>`;
}

function parseAddress(stored: string): Address {
  const named = /^"((?:[^"\\]|\\.)*)" <(.*)>$/.exec(stored);
  if (named) return { name: (named[1] ?? "").replace(/\\(.)/g, "$1"), address: named[2] ?? "" };
  const bare = /^<(.*)>$/.exec(stored);
  return { address: bare ? (bare[1] ?? "") : stored };
}

function describeDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 1000)} s`;
}

const afterMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** The e-mail outbox: stores every message first, then sends it now (deliver) or from the worker (runDue). */
export function createOutbox(db: Database, options: OutboxOptions) {
  const { transport, logger } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 30_000;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const maxAgeMs = options.maxAgeMs ?? 72 * 3_600_000;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const expiredError = `expired: not sent within ${describeDuration(maxAgeMs)}`;

  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let currentPass: Promise<void> | null = null;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  }

  const tooOld = sql`${emailOutbox.createdAt} < now() - make_interval(secs => ${maxAgeMs / 1000})`;
  // a "sending" row past its lease whose claim already used the last attempt: its process died mid-send
  const outOfAttempts = sql`(${emailOutbox.status} = 'sending' and ${emailOutbox.attempts} >= ${maxAttempts})`;
  const due = (id?: number) =>
    and(
      inArray(emailOutbox.status, ["pending", "sending"]),
      lte(emailOutbox.nextAttemptAt, sql`now()`),
      id === undefined ? undefined : eq(emailOutbox.id, id),
    );

  /** Fails due rows that must not be sent any more; returns how many. */
  async function expire(id?: number): Promise<number> {
    const rows = await db
      .update(emailOutbox)
      .set({
        status: "failed",
        lastError: sql`case when ${tooOld} then ${expiredError} else ${`gave up after ${maxAttempts} attempts (the last one did not finish)`} end`,
        updatedAt: sql`now()`,
      })
      .where(and(due(id), sql`(${tooOld} or ${outOfAttempts})`))
      .returning({ id: emailOutbox.id, kind: emailOutbox.kind, attempts: emailOutbox.attempts });
    for (const row of rows) logger.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts }, "email expired");
    return rows.length;
  }

  /**
   * One statement, so two instances can never both get a row: the locked subquery skips rows
   * another transaction is claiming, and a row claimed meanwhile no longer matches when rechecked.
   */
  async function claim(limit: number, id?: number): Promise<ClaimedRow[]> {
    const candidates = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(due(id), not(tooOld), not(outOfAttempts)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    return db
      .update(emailOutbox)
      .set({
        status: "sending",
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: afterMs(leaseMs),
        updatedAt: sql`now()`,
      })
      .where(inArray(emailOutbox.id, candidates))
      .returning(claimedColumns);
  }

  /** Stores the result of a send; only while the claim is still ours (attempts is the claim's token). */
  async function record(row: ClaimedRow, error: unknown): Promise<Outcome> {
    const log = { outboxId: row.id, kind: row.kind, attempts: row.attempts };
    const ours = and(
      eq(emailOutbox.id, row.id),
      eq(emailOutbox.status, "sending"),
      eq(emailOutbox.attempts, row.attempts),
    );
    try {
      if (error === null) {
        await db
          .update(emailOutbox)
          .set({ status: "sent", sentAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
          .where(ours);
        logger.info(log, "email sent");
        return "sent";
      }
      const deliveryError =
        error instanceof MailDeliveryError
          ? error
          : new MailDeliveryError(error instanceof Error ? error.message : String(error), { permanent: false });
      const lastError = deliveryError.message.slice(0, LAST_ERROR_MAX_CHARS);
      const errorLog = { ...log, error: lastError, responseCode: deliveryError.responseCode };
      if (deliveryError.permanent || row.attempts >= maxAttempts) {
        const failed = await db
          .update(emailOutbox)
          .set({ status: "failed", lastError, updatedAt: sql`now()` })
          .where(ours)
          .returning({ id: emailOutbox.id });
        logger.error({ ...errorLog, permanent: deliveryError.permanent }, "email failed");
        if (failed.length > 0 && options.onFailed) {
          await options
            .onFailed({ id: row.id, kind: row.kind, recipient: row.recipient }, deliveryError)
            .catch((hookError: unknown) => logger.error({ ...log, err: hookError }, "could not act on a failed email"));
        }
        return "failed";
      }
      const backoffMs = Math.min(retryBaseMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
      await db
        .update(emailOutbox)
        .set({ status: "pending", lastError, nextAttemptAt: afterMs(backoffMs), updatedAt: sql`now()` })
        .where(ours);
      logger.warn({ ...errorLog, retryInMs: backoffMs }, "email send failed, will retry");
      return "retried";
    } catch (dbError) {
      // the row stays "sending" and is claimed again once its lease runs out
      logger.error({ ...log, err: dbError }, "could not record the outcome of an email send");
      return "unrecorded";
    }
  }

  /** Starts the send of a claimed row: `accepted` settles with the SMTP outcome, `settled` once it is recorded. */
  function attempt(row: ClaimedRow, mailer: MailTransport) {
    const mail: OutgoingMail = {
      to: row.recipient,
      replyTo: row.replyTo ? parseAddress(row.replyTo) : undefined,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody ?? undefined,
      headers: row.headers,
    };
    const result = mailer.send(mail).then(
      () => null,
      (error: unknown) => error ?? new Error("send failed"),
    );
    const settled = track(result.then((error) => record(row, error)));
    return { accepted: result.then((error) => error === null), settled };
  }

  async function runDue(limit = WORKER_BATCH): Promise<{ sent: number; retried: number; failed: number }> {
    const counts = { sent: 0, retried: 0, failed: 0 };
    if (!transport) return counts;
    counts.failed += await expire();
    const rows = await claim(limit);
    // one at a time: a burst of parallel connections is what gets a sender throttled
    for (const row of rows) {
      const outcome = await attempt(row, transport).settled;
      if (outcome !== "unrecorded") counts[outcome]++;
    }
    return counts;
  }

  async function sendNow(id: number, timeoutMs: number): Promise<SendNowOutcome> {
    if (!transport) return "pending";
    let row: ClaimedRow | undefined;
    try {
      await expire(id);
      [row] = await claim(1, id);
    } catch (error) {
      logger.error({ outboxId: id, err: error }, "could not claim an email for sending");
      return "pending";
    }
    if (!row) return "pending";
    const { accepted, settled } = attempt(row, transport);
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = new Promise<SendNowOutcome>((resolve) => {
      timeout = setTimeout(() => resolve("pending"), timeoutMs);
    });
    // waits for the outcome to be stored too, so a caller reading the row sees it
    const outcome = settled.then(
      async (recorded): Promise<SendNowOutcome> =>
        recorded === "failed" ? "failed" : (await accepted) ? "sent" : "pending",
    );
    try {
      return await Promise.race([outcome, timedOut]);
    } finally {
      clearTimeout(timeout);
    }
  }

  function schedule(delayMs: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      currentPass = (async () => {
        let busy = false;
        try {
          const { sent, retried, failed } = await runDue(WORKER_BATCH);
          busy = sent + retried + failed >= WORKER_BATCH;
        } catch (error) {
          logger.error({ err: error }, "email outbox pass failed");
        }
        currentPass = null;
        // a full batch means more may be waiting: go on at once instead of after the interval
        schedule(busy ? 0 : pollIntervalMs);
      })();
    }, delayMs);
    timer.unref();
  }

  return {
    configured: transport !== null,

    /** Writes a message to email_outbox (in the caller's transaction when given one); returns its id. Checks every header value with assertHeaderSafe first (throws). */
    async enqueue(executor: OutboxExecutor, message: OutboxMessage): Promise<number> {
      assertMailHeadersSafe(message);
      const [row] = await executor
        .insert(emailOutbox)
        .values({
          kind: message.kind,
          recipient: message.to,
          replyTo: message.replyTo ? formatAddress(message.replyTo) : null,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          headers: message.headers ?? {},
        })
        .returning({ id: emailOutbox.id });
      if (!row) throw new Error("the outbox insert returned no row");
      return row.id;
    },

    /** Tries to send this one message now (claiming it like the worker does), waiting at most timeoutMs; the send then goes on in the background and records its outcome. Never rejects. */
    sendNow,

    /** sendNow, as "was it handed to the SMTP server in time?" */
    async deliver(id: number, timeoutMs: number): Promise<boolean> {
      return (await sendNow(id, timeoutMs)) === "sent";
    },

    /** One worker pass: claims up to `limit` due messages with FOR UPDATE SKIP LOCKED and sends them. */
    runDue,

    /** Starts the polling worker (no-op without a transport); stop() waits for in-flight sends. */
    start(): void {
      if (!transport || running) return;
      running = true;
      schedule(0);
    },

    async stop(): Promise<void> {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await currentPass;
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
