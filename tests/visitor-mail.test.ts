import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quizAction } from "#app/lib/quiz-action.server.ts";
import type { QuizActionData } from "#app/lib/quiz-api.ts";
import { FORM_REPLIES } from "#domain/forms.ts";
import { QUIZ_NEWSLETTER_NOTICE } from "#domain/quiz-questions.ts";
import { RESUBSCRIBE_NOTICE } from "#domain/subscribers.ts";
import { createSmtpTransport } from "#server/mail/transport.ts";
import { type ReceivedMail, type SmtpTestServer, startSmtpTestServer } from "./support/smtp-test-server";
import { type SeededTestServer, startSeededTestServer, TEST_SITE_URL } from "./support/test-server";

// What the public can make the site e-mail to an address (issue 26), over a real SMTP server:
// at most three quiz results a day per address, a refusal told as one, an address that left the
// newsletter never put back by someone else (only its own click on an e-mailed link does), and
// the links those e-mails carry. Both ways in: POST /api/quiz-newsletter and the /quiz page's
// own form action, which share the service.

const answers = { dogSize: "large", dogAge: "adult", chewStyle: "aggressive", playStyle: "both", toyPurpose: "both" };
const DAY_MS = 24 * 3_600_000;

let smtp: SmtpTestServer;
let server: SeededTestServer;
/** how far the services' clock runs ahead of the real one */
let ahead = 0;

function postQuiz(email: string) {
  return fetch(`${server.url}/api/quiz-newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...answers, email }),
  });
}

/** The /quiz page's form action, posted before the scripts ran, with the app's own services. */
async function postQuizPage(email: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ intent: "email", ...answers, email, website: "" })) {
    form.append(name, value);
  }
  const answer = await quizAction(form, {
    services: server.services,
    client: "198.51.100.7",
    logger: pino({ level: "silent" }),
    session: null,
  });
  if (answer instanceof Response) throw new Error(`unexpected response ${answer.status}`);
  const body = answer.data as QuizActionData;
  if (body.step !== "results") throw new Error(`expected the results step, got ${body.step}`);
  return { status: answer.init?.status ?? 200, notices: body.notices, recommendations: body.recommendations };
}

async function one<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await server.database.db.execute<T>(query)).rows[0] as T | undefined;
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number((await one<{ n: number }>(query))?.n ?? 0);
}

const submissionsOf = (email: string) =>
  count(sql`select count(*)::int as n from quiz_submissions where lower(email) = lower(${email})`);
const mailTo = (email: string) =>
  smtp.messages.filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));

/** Waits until the outbox has nothing left to send (the immediate sends race the test otherwise). */
async function settled() {
  await expect
    .poll(() => count(sql`select count(*)::int as n from email_outbox where status in ('pending', 'sending')`))
    .toBe(0);
}

function historyOf(email: string) {
  return server.database.db.execute<{ action: string; source: string; consent_text: string | null }>(sql`
    select e.action, e.source, e.consent_text from newsletter_consent_events e
    join newsletter_subscribers s on s.id = e.subscriber_id
    where lower(s.email) = lower(${email}) order by e.at, e.id`);
}

function confirmLink(mail: ReceivedMail | undefined): string {
  const link = /https:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(mail?.parsed.text ?? "")?.[0];
  if (!link) throw new Error("no confirmation link in the e-mail");
  return link;
}

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await startSeededTestServer({
    transport: createSmtpTransport({
      url: smtp.url,
      from: { name: "Pawsome Picks", address: "hello@pawsomepicks.test" },
      timeoutMs: 5_000,
    }),
    mail: { sendTimeoutMs: 3_000 },
    formRateLimit: { max: 1_000, windowMs: 60_000 },
    readCacheTtlMs: 0,
    now: () => new Date(Date.now() + ahead),
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
beforeEach(() => {
  smtp.setRejectRecipient(null);
  smtp.messages.length = 0;
});

describe("quiz results e-mails per address", () => {
  it("sends at most 3 in 24 hours; the 4th submission is stored and answered with a note, by the API and the page", async () => {
    const email = "Limit.Me@example.com";
    for (let i = 0; i < 3; i++) {
      const res = await postQuiz(email);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ emailSent: true, message: FORM_REPLIES.quizSent });
    }
    await smtp.waitForMessages(3);
    expect(mailTo(email)).toHaveLength(3);

    // the same mailbox in other letters counts as the same address
    const fourth = await postQuiz("limit.me@EXAMPLE.com");
    expect(fourth.status).toBe(202);
    expect(await fourth.json()).toEqual({ emailSent: false, message: FORM_REPLIES.quizRecentlyEmailed });
    expect(FORM_REPLIES.quizRecentlyEmailed).toMatch(/already emailed quiz results to this address 3 times/);
    // the page's own form says the same, with the results on the page
    const page = await postQuizPage(email);
    expect(page.status).toBe(200);
    expect(page.notices).toEqual([{ title: "Quiz Results Saved", description: FORM_REPLIES.quizRecentlyEmailed }]);
    expect(page.recommendations).toHaveLength(3);
    await settled();
    expect(await submissionsOf(email)).toBe(5);
    expect(mailTo(email)).toHaveLength(3);
    // still subscribed; the counter is keyed by a keyed hash, never the address
    expect(await one(sql`select status from newsletter_subscribers where email = ${email}`)).toEqual({
      status: "subscribed",
    });
    const { rows } = await server.database.db.execute<{ key: string }>(sql`select key from rate_limits`);
    expect(rows.some((row) => row.key.startsWith("quiz-results:"))).toBe(true);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain("limit.me");

    // other addresses are not held back
    expect((await postQuiz("someone.else@example.com")).status).toBe(200);

    // a day after the first one, one more is allowed
    ahead = DAY_MS + 60_000;
    try {
      const later = await postQuiz(email);
      expect(later.status).toBe(200);
      expect((await later.json()).emailSent).toBe(true);
      await smtp.waitForMessages(5);
      expect(mailTo(email)).toHaveLength(4);
    } finally {
      ahead = 0;
    }
  });
});

describe("an address the mail server refuses for good", () => {
  it("is told the e-mail could not be delivered, not that it follows, by the API and the page", async () => {
    smtp.setRejectRecipient((address) =>
      address.startsWith("no-such-mailbox") ? { code: 550, message: "5.1.1 No such user here" } : null,
    );
    const res = await postQuiz("no-such-mailbox@example.com");
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ emailSent: false, message: FORM_REPLIES.quizUndeliverable });
    expect(
      await one(sql`select status, attempts from email_outbox where recipient = 'no-such-mailbox@example.com'`),
    ).toEqual({ status: "failed", attempts: 1 });
    expect(await submissionsOf("no-such-mailbox@example.com")).toBe(1);

    const page = await postQuizPage("no-such-mailbox.too@example.com");
    expect(page.notices).toEqual([{ title: "Quiz Results Saved", description: FORM_REPLIES.quizUndeliverable }]);
    expect(page.recommendations).toHaveLength(3);
    expect(FORM_REPLIES.quizUndeliverable).not.toMatch(/follow/);
    // the refusal marks the address bounced, and its history says so
    expect((await historyOf("no-such-mailbox@example.com")).rows.map((e) => [e.action, e.source])).toEqual([
      ["subscribed", "quiz"],
      ["bounced", "mail-server"],
    ]);
  });
});

describe("an address that left the newsletter", () => {
  it("stays off the list when someone sends the quiz for it, and only the e-mailed link brings it back", async () => {
    const email = "come.back@example.com";
    expect((await postQuiz(email)).status).toBe(200);
    await smtp.waitForMessages(1);
    const [{ id } = { id: 0 }] = (
      await server.database.db.execute<{ id: number }>(
        sql`select id from newsletter_subscribers where email = ${email}`,
      )
    ).rows;
    const unsubscribeToken = server.services.newsletter.tokenFor(await server.services.newsletter.signingKey(), {
      id,
      email,
    });
    expect(await server.services.newsletter.unsubscribe(unsubscribeToken, "one-click")).toMatchObject({
      status: "unsubscribed",
    });
    const left = await one(sql`select status, consent_text, consented_at from newsletter_subscribers where id = ${id}`);
    smtp.messages.length = 0;

    // someone takes the quiz with it (in other letters): stored, not subscribed, asked by e-mail
    const res = await postQuiz("Come.Back@example.com");
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ emailSent: false, message: FORM_REPLIES.quizConfirmSent });
    await settled();
    expect(
      await one(sql`select status, consent_text, consented_at from newsletter_subscribers where id = ${id}`),
    ).toEqual(left);
    expect(await submissionsOf(email)).toBe(2);
    expect(smtp.messages).toHaveLength(1);
    const [ask] = smtp.messages;
    expect(ask?.to).toEqual([email]);
    expect(ask?.parsed.subject).toBe("Do you want the newsletter again?");
    expect(ask?.parsed.html).toContain(">Do you want the newsletter again?</h1>");
    expect(ask?.parsed.headers["list-unsubscribe"]).toBeUndefined();
    const link = confirmLink(ask);
    expect(link.startsWith(`${TEST_SITE_URL}/newsletter/confirm?token=`)).toBe(true);

    // at most one such e-mail a day, whichever way the quiz comes
    const again = await postQuiz(email);
    expect(await again.json()).toEqual({ emailSent: false, message: FORM_REPLIES.quizConfirmRecent });
    const page = await postQuizPage(email);
    expect(page.notices).toEqual([{ title: "Quiz Results Saved", description: FORM_REPLIES.quizConfirmRecent }]);
    await settled();
    expect(smtp.messages).toHaveLength(1);
    expect(await one(sql`select status from newsletter_subscribers where id = ${id}`)).toEqual({
      status: "unsubscribed",
    });

    // the link: a forged or cut one is refused, the real one asks, then the click subscribes
    const { newsletter } = server.services;
    const token = tokenOf(link);
    const forged = token.replace(/^(\d+)\./, (_m, n) => `${Number(n) + 1}.`);
    expect(await newsletter.checkResubscribeToken(forged)).toEqual({ state: "invalid" });
    expect(await newsletter.checkResubscribeToken(token.slice(0, -1))).toEqual({ state: "invalid" });
    expect(await newsletter.checkResubscribeToken(unsubscribeToken)).toEqual({ state: "invalid" });
    expect(await newsletter.resubscribe(forged)).toEqual({ state: "invalid" });
    expect(await newsletter.checkResubscribeToken(token)).toEqual({ state: "valid", email });
    expect(await one(sql`select status from newsletter_subscribers where id = ${id}`)).toEqual({
      status: "unsubscribed",
    });
    expect(await newsletter.resubscribe(token)).toEqual({ state: "done", email });
    expect(await newsletter.resubscribe(token)).toEqual({ state: "already", email });
    expect(await one(sql`select status, source, consent_text from newsletter_subscribers where id = ${id}`)).toEqual({
      status: "subscribed",
      source: "confirmation-link",
      consent_text: RESUBSCRIBE_NOTICE,
    });

    // a link from before the address left again cannot undo that
    await newsletter.unsubscribe(unsubscribeToken, "unsubscribe-link");
    expect(await newsletter.checkResubscribeToken(token)).toEqual({ state: "expired" });
    expect(await newsletter.resubscribe(token)).toEqual({ state: "expired" });

    // every step is in the history, with the wording shown
    expect((await historyOf(email)).rows).toEqual([
      { action: "subscribed", source: "quiz", consent_text: QUIZ_NEWSLETTER_NOTICE },
      { action: "unsubscribed", source: "one-click", consent_text: null },
      { action: "confirmation-requested", source: "quiz", consent_text: QUIZ_NEWSLETTER_NOTICE },
      { action: "resubscribed", source: "confirmation-link", consent_text: RESUBSCRIBE_NOTICE },
      { action: "unsubscribed", source: "unsubscribe-link", consent_text: null },
    ]);
  });

  it("a bounced address is asked too, and the link expires after 7 days", async () => {
    const email = "bounced.once@example.com";
    await server.database.db.execute(sql`insert into newsletter_subscribers (email, status, source, consent_text, bounced_at)
      values (${email}, 'bounced', 'quiz', 'Yes', now() - interval '1 day')`);
    const res = await postQuiz(email);
    expect(await res.json()).toEqual({ emailSent: false, message: FORM_REPLIES.quizConfirmSent });
    await settled();
    const link = confirmLink(mailTo(email)[0]);
    expect(await one(sql`select status from newsletter_subscribers where email = ${email}`)).toEqual({
      status: "bounced",
    });
    ahead = 7 * DAY_MS + 60_000;
    try {
      expect(await server.services.newsletter.resubscribe(tokenOf(link))).toEqual({ state: "expired" });
    } finally {
      ahead = 0;
    }
    expect(await server.services.newsletter.checkResubscribeToken(tokenOf(link))).toEqual({ state: "valid", email });
  });

  it("is told when the question could not be delivered", async () => {
    const email = "gone.for.good@example.com";
    await server.database.db.execute(sql`insert into newsletter_subscribers (email, status, source, consent_text, unsubscribed_at)
      values (${email}, 'unsubscribed', 'quiz', 'Yes', now())`);
    smtp.setRejectRecipient((address) => (address === email ? { code: 550, message: "5.1.1 Gone" } : null));
    const res = await postQuiz(email);
    expect(await res.json()).toEqual({ emailSent: false, message: FORM_REPLIES.quizConfirmUndeliverable });
  });
});

describe("links in the e-mails", () => {
  it("quiz results link a toy without a shop link to its page, /toys/{slug}", async () => {
    const email = "links@example.com";
    const shown = (await (
      await fetch(`${server.url}/api/quiz-recommendations?${new URLSearchParams(answers)}`)
    ).json()) as { recommendations: { id: number; slug: string }[] };
    const [first, second] = shown.recommendations;
    if (!first || !second) throw new Error("no recommendations");
    await server.database.db.execute(sql`update toys set amazon_url = null where id = ${first.id}`);
    await server.database.db.execute(
      sql`update toys set amazon_url = 'https://www.amazon.com/dp/B000TEST01' where id = ${second.id}`,
    );
    expect((await postQuiz(email)).status).toBe(200);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.parsed.text).toContain(`${TEST_SITE_URL}/toys/${first.slug}`);
    expect(mail?.parsed.html).toContain(`href="${TEST_SITE_URL}/toys/${first.slug}"`);
    expect(mail?.parsed.text).toContain(`${TEST_SITE_URL}/go/${second.id}?from=email`);
    expect(mail?.parsed.text).not.toContain("/products?id=");
  });

  it("the contact notification links to the message in the admin", async () => {
    const res = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Jo Smith",
        email: "jo.contact@example.com",
        subject: "A toy question",
        message: "Which toy suits a beagle that chews everything?",
      }),
    });
    expect(res.status).toBe(200);
    const [mail] = await smtp.waitForMessages(1);
    const stored = await one<{ id: number; notification_outbox_id: number; outbox_id: number }>(sql`
      select m.id, m.notification_outbox_id, o.id as outbox_id from contact_messages m
      join email_outbox o on o.id = m.notification_outbox_id where m.email = 'jo.contact@example.com'`);
    expect(stored?.notification_outbox_id).toBe(stored?.outbox_id);
    expect(mail?.parsed.text).toContain(`Open it in the admin: ${TEST_SITE_URL}/admin/messages/${stored?.id}`);
  });
});
