import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpTransport } from "#server/mail/transport.ts";
import { type SmtpTestServer, startSmtpTestServer } from "../../tests/support/smtp-test-server";
import { type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";

// The forms when the mail server misbehaves: nothing a visitor sent is lost, and the outbox
// delivers later or gives up for good, as the reply from the server says.

const answers = { dogSize: "medium", dogAge: "senior", chewStyle: "moderate", playStyle: "both", toyPurpose: "both" };

let smtp: SmtpTestServer;
let server: SeededTestServer;

function postJson(path: string, body: unknown) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function outboxRow(recipient: string) {
  const { rows } = await server.database.db.execute<{ status: string; attempts: number; last_error: string | null }>(
    sql`select status, attempts, last_error from email_outbox where recipient = ${recipient} order by id desc limit 1`,
  );
  return rows[0];
}

async function submissionsFor(email: string) {
  const { rows } = await server.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from quiz_submissions where email = ${email}`,
  );
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await startSeededTestServer({
    transport: createSmtpTransport({
      url: smtp.url,
      from: { name: "Pawsome Picks", address: "hello@pawsomepicks.test" },
      timeoutMs: 5_000,
    }),
    mail: { sendTimeoutMs: 1_000 },
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});
beforeEach(async () => {
  await smtp.restart();
  smtp.setRejectWith(null);
  smtp.setDataDelay(0);
  smtp.messages.length = 0;
});

describe("when the mail server is down", () => {
  it("answers 202 without a note, keeps the submission, and delivers once the server is back", async () => {
    const email = "down@example.com";
    await smtp.close();
    const res = await postJson("/api/quiz-newsletter", { ...answers, email });
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body).toEqual({ emailSent: false, message: expect.stringMatching(/saved/) });
    expect(await submissionsFor(email)).toBe(1);
    expect(await outboxRow(email)).toMatchObject({ status: "pending", attempts: 1, last_error: expect.any(String) });

    await smtp.restart();
    // the backoff has not run out yet: the worker leaves it alone
    await server.services.outbox.runDue();
    expect(smtp.messages).toHaveLength(0);
    await server.database.db.execute(sql`update email_outbox set next_attempt_at = now() where recipient = ${email}`);
    expect(await server.services.outbox.runDue()).toMatchObject({ sent: 1 });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.to).toEqual([email]);
    expect(await outboxRow(email)).toMatchObject({ status: "sent", attempts: 2 });
    await server.services.outbox.runDue();
    expect(smtp.messages).toHaveLength(1);
  });
});

describe("when the mail server refuses for good", () => {
  it("marks the message failed after one attempt and never retries it", async () => {
    const email = "refused@example.com";
    smtp.setRejectWith({ code: 550, message: "5.1.1 Mailbox unavailable" });
    const res = await postJson("/api/quiz-newsletter", { ...answers, email });
    expect(res.status).toBe(202);
    expect(await submissionsFor(email)).toBe(1);
    const row = await outboxRow(email);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row?.last_error).toMatch(/550/);

    smtp.setRejectWith(null);
    await server.database.db.execute(sql`update email_outbox set next_attempt_at = now() where recipient = ${email}`);
    await server.services.outbox.runDue();
    expect(smtp.messages).toHaveLength(0);
    expect(await outboxRow(email)).toMatchObject({ status: "failed", attempts: 1 });
  });
});

describe("when the mail server is slow", () => {
  it("answers 202 within the time limit and the message is still sent once", async () => {
    smtp.setDataDelay(3_000);
    const started = Date.now();
    const res = await postJson("/api/contact", {
      name: "Slow Sam",
      email: "sam@example.com",
      subject: "Slow server",
      message: "Does this still arrive in the end?",
    });
    expect(res.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(2_800);
    await smtp.waitForMessages(1, 5_000);
    await expect.poll(async () => (await outboxRow("owner@pawsomepicks.test"))?.status).toBe("sent");
    expect(smtp.messages).toHaveLength(1);
  });
});
