import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#server/db/client.ts";
import { emailOutbox } from "#server/db/schema.ts";
import { type SmtpTestServer, startSmtpTestServer } from "../../tests/support/smtp-test-server";
import { createTestDatabase } from "../../tests/support/test-database";
import { createOutbox, type Outbox, type OutboxMessage, type OutboxOptions } from "./outbox";
import { contactNotificationEmail, quizResultsEmail } from "./templates";
import { createSmtpTransport, type MailTransport } from "./transport";

let database: DatabaseHandle;
let db: Database;
let smtp: SmtpTestServer;
let transport: MailTransport;
const logs: Record<string, unknown>[] = [];
const logger = pino({ level: "debug" }, { write: (line: string) => logs.push(JSON.parse(line)) });
const outboxes: Outbox[] = [];
const transports: MailTransport[] = [];

const from = "Pawsome Picks <hello@pawsomepicks.test>";
const unsubscribeUrl =
  "https://www.pawsomepicks.test/api/newsletter/unsubscribe?token=v1.c2lnbmVkLXRva2Vu.0123456789abcdef";
const unsubscribeMailto = "mailto:support@pawsomepicks.test?subject=unsubscribe";

function newOutbox(options: Partial<OutboxOptions> = {}): Outbox {
  const outbox = createOutbox(db, { transport, logger, ...options });
  outboxes.push(outbox);
  return outbox;
}

function newTransport(): MailTransport {
  const created = createSmtpTransport({ url: smtp.url, from, timeoutMs: 2_000 });
  transports.push(created);
  return created;
}

const quizMail = (to = "visitor@example.com"): OutboxMessage =>
  quizResultsEmail({
    to,
    answersSummary: [{ label: "Size", value: "Small (under 20 lbs)" }],
    recommendations: [
      {
        name: "Squeaky Hedgehog",
        description: "Soft plush.",
        price: "$12.99",
        url: "https://www.pawsomepicks.test/go/4",
      },
    ],
    siteUrl: "https://www.pawsomepicks.test",
    unsubscribeUrl,
    unsubscribeMailto,
    postalAddress: null,
  });

const plainMail = (subject: string): OutboxMessage => ({
  kind: "test",
  to: "owner@example.com",
  subject,
  text: `Body of ${subject}`,
});

async function row(id: number) {
  const [found] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

async function makeDue(id: number) {
  await db.execute(sql`update email_outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`);
}

/** seconds from the last update to the next attempt: the backoff the row was given */
async function backoffSeconds(id: number): Promise<number> {
  const { rows } = await db.execute<{ seconds: number }>(
    sql`select extract(epoch from next_attempt_at - updated_at)::float8 as seconds from email_outbox where id = ${id}`,
  );
  return Number(rows[0]?.seconds);
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  smtp = await startSmtpTestServer();
  transport = createSmtpTransport({ url: smtp.url, from, timeoutMs: 2_000 });
});

afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await database?.close();
});

beforeEach(async () => {
  await db.delete(emailOutbox);
  await smtp.restart();
  smtp.messages.length = 0;
  smtp.setRejectWith(null);
  smtp.setDataDelay(0);
  logs.length = 0;
});

afterEach(async () => {
  await Promise.all(outboxes.splice(0).map((o) => o.stop()));
  for (const t of transports.splice(0)) t.close();
});

describe("enqueue + deliver", () => {
  it("sends a stored quiz-results message with its unsubscribe headers intact and marks it sent", async () => {
    const outbox = newOutbox();
    expect(outbox.configured).toBe(true);
    const id = await outbox.enqueue(db, quizMail());
    expect((await row(id)).status).toBe("pending");

    expect(await outbox.deliver(id, 2_000)).toBe(true);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.to).toEqual(["visitor@example.com"]);
    expect(mail?.parsed.subject).toBe("Your dog toy matches from Pawsome Picks");
    expect(mail?.parsed.headers["list-unsubscribe"]).toBe(`<${unsubscribeUrl}>, <${unsubscribeMailto}>`);
    expect(mail?.parsed.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.parsed.text).toContain("Welcome to the Pawsome Picks newsletter!");
    expect(mail?.parsed.html).toContain("Squeaky Hedgehog");

    const stored = await row(id);
    expect(stored).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(stored.sentAt).toBeInstanceOf(Date);
  });

  it("logs the outcome with id, kind and attempts, never the body or the recipient", async () => {
    const outbox = newOutbox();
    const id = await outbox.enqueue(db, quizMail("private.person@example.com"));
    await outbox.deliver(id, 2_000);
    expect(logs).toContainEqual(
      expect.objectContaining({ msg: "email sent", outboxId: id, kind: "quiz-results", attempts: 1 }),
    );
    const written = JSON.stringify(logs);
    expect(written).not.toContain("Welcome to the Pawsome Picks");
    expect(written).not.toContain("private.person@example.com");
  });

  it("keeps the visitor's name and address as Reply-To through the table", async () => {
    const outbox = newOutbox();
    const message = contactNotificationEmail({
      to: "owner@pawsomepicks.test",
      message: { name: 'Jane "JD" Doe, Esq.', email: "jane@example.com", subject: "Hello", message: "Hi there" },
      receivedAt: new Date("2026-01-02T03:04:05.000Z"),
      adminUrl: "https://www.pawsomepicks.test/admin/messages/1",
    });
    const id = await outbox.enqueue(db, message);
    expect(await outbox.deliver(id, 2_000)).toBe(true);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.parsed.headers["reply-to"]).toBe('"Jane \\"JD\\" Doe, Esq." <jane@example.com>');
    expect(mail?.parsed.subject).toBe("Contact form: Hello");
    expect(mail?.parsed.text).toContain("Received: 2026-01-02T03:04:05.000Z");
  });

  it("refuses to store a message whose header values carry a line break", async () => {
    const outbox = newOutbox();
    await expect(outbox.enqueue(db, plainMail("Hi\r\nBcc: victim@example.com"))).rejects.toThrow(/Subject/);
    await expect(
      outbox.enqueue(db, {
        ...plainMail("Hi"),
        headers: { "List-Unsubscribe": "<https://x.test>\r\nBcc: v@example.com" },
      }),
    ).rejects.toThrow(/List-Unsubscribe/);
    expect(await db.select().from(emailOutbox)).toHaveLength(0);
  });

  it("stores nothing when the caller's transaction rolls back, and the message when it commits", async () => {
    const outbox = newOutbox();
    await expect(
      db.transaction(async (tx) => {
        await outbox.enqueue(tx, plainMail("rolled back"));
        throw new Error("the quiz submission failed");
      }),
    ).rejects.toThrow("the quiz submission failed");
    expect(await db.select().from(emailOutbox)).toHaveLength(0);

    const id = await db.transaction((tx) => outbox.enqueue(tx, plainMail("committed")));
    expect((await row(id)).subject).toBe("committed");
  });

  it("without a transport keeps the message pending and sends nothing", async () => {
    const outbox = newOutbox({ transport: null });
    expect(outbox.configured).toBe(false);
    const id = await outbox.enqueue(db, plainMail("no mail service"));
    expect(await outbox.deliver(id, 500)).toBe(false);
    expect(await outbox.runDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    outbox.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect(smtp.messages).toHaveLength(0);
  });

  it("returns false quickly when the server is slow, and the message still ends as sent", async () => {
    smtp.setDataDelay(800);
    const outbox = newOutbox();
    const id = await outbox.enqueue(db, plainMail("slow server"));
    const started = Date.now();
    expect(await outbox.deliver(id, 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(700);
    expect((await row(id)).status).toBe("sending");

    const final = await waitFor(
      () => row(id),
      (r) => r.status === "sent",
    );
    expect(final).toMatchObject({ status: "sent", attempts: 1 });
    expect(smtp.messages).toHaveLength(1);
  });

  it("does not send a message that is already being sent", async () => {
    smtp.setDataDelay(300);
    const outbox = newOutbox();
    const id = await outbox.enqueue(db, plainMail("once"));
    const [first, second] = await Promise.all([outbox.deliver(id, 2_000), outbox.deliver(id, 2_000)]);
    expect([first, second].sort()).toEqual([false, true]);
    await outbox.stop();
    expect(smtp.messages).toHaveLength(1);
  });
});

describe("failures and retries", () => {
  it("keeps the message queued while the server is down and delivers it once it is back", async () => {
    const outbox = newOutbox();
    const id = await outbox.enqueue(db, plainMail("survives an outage"));
    await smtp.close();

    expect(await outbox.deliver(id, 2_000)).toBe(false);
    const queued = await row(id);
    expect(queued).toMatchObject({ status: "pending", attempts: 1 });
    expect(queued.lastError).toEqual(expect.any(String));
    expect(queued.lastError?.length).toBeGreaterThan(0);
    // first retry after the 30 s base backoff, measured on the database clock
    expect(await backoffSeconds(id)).toBeCloseTo(30, 0);
    expect(await outbox.runDue()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await smtp.restart();
    await makeDue(id);
    expect(await outbox.runDue()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await smtp.waitForMessages(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });

    await makeDue(id);
    expect(await outbox.runDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]?.parsed.subject).toBe("survives an outage");
  });

  it("doubles the backoff after each transient failure", async () => {
    smtp.setRejectWith({ code: 451, message: "Greylisted, try again later" });
    const outbox = newOutbox();
    const id = await outbox.enqueue(db, plainMail("greylisted"));
    await outbox.deliver(id, 2_000);
    expect(await backoffSeconds(id)).toBeCloseTo(30, 0);
    await makeDue(id);
    expect(await outbox.runDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await backoffSeconds(id)).toBeCloseTo(60, 0);
    expect((await row(id)).lastError).toContain("451");
  });

  it("marks a message refused with 5xx as failed after one attempt and never resends it", async () => {
    smtp.setRejectWith({ code: 550, message: "Mailbox unavailable" });
    const outbox = newOutbox();
    const id = await outbox.enqueue(db, plainMail("refused"));
    expect(await outbox.deliver(id, 2_000)).toBe(false);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toContain("550");

    smtp.setRejectWith(null);
    await makeDue(id);
    expect(await outbox.runDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await outbox.deliver(id, 2_000)).toBe(false);
    expect(smtp.messages).toHaveLength(0);
    expect((await row(id)).attempts).toBe(1);
  });

  it("gives up once maxAttempts transient failures happened", async () => {
    smtp.setRejectWith({ code: 421, message: "Service not available" });
    const outbox = newOutbox({ maxAttempts: 3 });
    const id = await outbox.enqueue(db, plainMail("keeps failing"));
    await outbox.deliver(id, 2_000);
    await makeDue(id);
    expect(await outbox.runDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    await makeDue(id);
    expect(await outbox.runDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 3 });
    expect(failed.lastError).toContain("421");

    smtp.setRejectWith(null);
    await makeDue(id);
    expect(await outbox.runDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(0);
  });

  it("fails a pending message older than 72 h instead of sending it", async () => {
    const outbox = newOutbox();
    const id = await outbox.enqueue(db, plainMail("too old"));
    const other = await outbox.enqueue(db, plainMail("also too old"));
    await db.execute(sql`update email_outbox set created_at = now() - interval '73 hours'`);

    expect(await outbox.deliver(other, 2_000)).toBe(false);
    expect(await outbox.runDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    for (const expired of [id, other]) {
      expect(await row(expired)).toMatchObject({
        status: "failed",
        attempts: 0,
        lastError: "expired: not sent within 72 h",
      });
    }
    expect(smtp.messages).toHaveLength(0);
  });

  it("claims again a message whose sender died mid-send once its lease ran out, and only then", async () => {
    const outbox = newOutbox({ maxAttempts: 3 });
    const stale = await outbox.enqueue(db, plainMail("stale claim"));
    const leased = await outbox.enqueue(db, plainMail("live claim"));
    const exhausted = await outbox.enqueue(db, plainMail("last attempt died"));
    await db.execute(sql`update email_outbox set status = 'sending', attempts = 1,
      next_attempt_at = now() - interval '1 second' where id in (${stale}, ${exhausted})`);
    await db.execute(sql`update email_outbox set attempts = 3 where id = ${exhausted}`);
    await db.execute(sql`update email_outbox set status = 'sending', attempts = 1,
      next_attempt_at = now() + interval '4 minutes' where id = ${leased}`);

    expect(await outbox.runDue()).toEqual({ sent: 1, retried: 0, failed: 1 });
    expect(await row(stale)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await row(leased)).toMatchObject({ status: "sending", attempts: 1 });
    expect(await row(exhausted)).toMatchObject({ status: "failed", attempts: 3 });
    expect(smtp.messages.map((m) => m.parsed.subject)).toEqual(["stale claim"]);
  });
});

describe("several instances", () => {
  it("send each of 20 messages exactly once when two outboxes run their passes at the same time", async () => {
    const first = newOutbox({ transport: newTransport() });
    const second = newOutbox({ transport: newTransport() });
    const subjects = Array.from({ length: 20 }, (_, i) => `message ${i + 1}`);
    for (const subject of subjects) await first.enqueue(db, plainMail(subject));

    const drain = async (outbox: Outbox) => {
      let sent = 0;
      for (;;) {
        const result = await outbox.runDue(3);
        if (result.sent + result.retried + result.failed === 0) return sent;
        sent += result.sent;
      }
    };
    const sent = await Promise.all([drain(first), drain(second), drain(first), drain(second)]);

    expect(sent.reduce((a, b) => a + b, 0)).toBe(20);
    expect(smtp.messages.map((m) => m.parsed.subject).sort()).toEqual([...subjects].sort());
    const rows = await db.select({ status: emailOutbox.status, attempts: emailOutbox.attempts }).from(emailOutbox);
    expect(rows).toHaveLength(20);
    // every row was claimed exactly once
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

describe("the worker", () => {
  it("sends what is due while started and nothing after stop()", async () => {
    const outbox = newOutbox({ pollIntervalMs: 30 });
    outbox.start();
    const id = await outbox.enqueue(db, plainMail("picked up by the worker"));
    await smtp.waitForMessages(1);
    await waitFor(
      () => row(id),
      (r) => r.status === "sent",
    );
    await outbox.stop();

    const later = await outbox.enqueue(db, plainMail("after stop"));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await row(later)).status).toBe("pending");
    expect(smtp.messages).toHaveLength(1);
  });

  it("logs database errors and keeps polling instead of crashing", async () => {
    const outbox = newOutbox({ pollIntervalMs: 20 });
    // every statement of the worker fails while the table is away: a real database error
    await db.execute(sql`alter table email_outbox rename to email_outbox_away`);
    try {
      outbox.start();
      await waitFor(
        async () => logs.filter((l) => l.msg === "email outbox pass failed").length,
        (n) => n >= 2,
      );
      expect(await outbox.deliver(1, 500)).toBe(false);
    } finally {
      await db.execute(sql`alter table email_outbox_away rename to email_outbox`);
    }
    expect(logs.filter((l) => l.msg === "email outbox pass failed").length).toBeGreaterThanOrEqual(2);

    await outbox.enqueue(db, plainMail("after the database came back"));
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.parsed.subject).toBe("after the database came back");
  });
});
