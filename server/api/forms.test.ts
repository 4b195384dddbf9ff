import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "#domain/catalog.ts";
import { FORM_REPLIES } from "#domain/forms.ts";
import { QUIZ_NEWSLETTER_NOTICE } from "#domain/quiz-questions.ts";
import { recommendToys } from "#domain/quiz-scoring.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { seedDemoContent } from "#server/db/seed/seed.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { type SeededTestServer, startSeededTestServer, startTestServer } from "../../tests/support/test-server";

// The public forms without a mail server (SMTP_URL unset): everything is stored and the
// visitor is told the e-mail is pending. Delivery over SMTP: forms-mail.test.ts.

let server: SeededTestServer;
let database: DatabaseHandle;

const answers = { dogSize: "small", dogAge: "puppy", chewStyle: "gentle", playStyle: "solo", toyPurpose: "mental" };
const contact = {
  name: "Jo Smith",
  email: "jo@example.com",
  subject: "Toy question",
  message: "Which toy suits a beagle?",
};

function postJson(base: string, path: string, body: unknown) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function count(table: "quiz_submissions" | "newsletter_subscribers" | "email_outbox" | "contact_messages") {
  const { rows } = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return Number(rows[0]?.n);
}

async function counts() {
  return {
    submissions: await count("quiz_submissions"),
    subscribers: await count("newsletter_subscribers"),
    outbox: await count("email_outbox"),
    contact: await count("contact_messages"),
  };
}

beforeAll(async () => {
  server = await startSeededTestServer({ formRateLimit: { max: 10_000, windowMs: 60_000 } });
  database = server.database;
});
afterAll(() => server.close());

describe("GET /api/quiz-recommendations", () => {
  it("scores the whole catalogue on the server with the domain function", async () => {
    const query = new URLSearchParams(answers).toString();
    const res = await fetch(`${server.url}/api/quiz-recommendations?${query}`);
    expect(res.status).toBe(200);
    const { recommendations } = (await res.json()) as { recommendations: Toy[] };
    const catalogue = (await (await fetch(`${server.url}/api/toys`)).json()) as Toy[];
    const expected = recommendToys(catalogue, answers as Parameters<typeof recommendToys>[1]);
    expect(recommendations.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    expect(recommendations).toHaveLength(3);
    // the cards need the full toy, as GET /api/toys gives it
    expect(recommendations[0]).toEqual(catalogue.find((t) => t.id === recommendations[0]?.id));
  });

  it("refuses missing or unknown answers with 400 and the spec's messages", async () => {
    const res = await fetch(`${server.url}/api/quiz-recommendations?dogSize=huge`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({
      dogSize: ["Please select your dog's size"],
      dogAge: ["Please select your dog's age"],
      chewStyle: ["Please select your dog's chew style"],
      playStyle: ["Please select your dog's play style"],
      toyPurpose: ["Please select the main purpose for the toy"],
    });
  });
});

describe("GET /api/quiz-recommendations with tied scores", () => {
  it("shows the better-rated toy, then the more-reviewed, then by name (decision 032)", async () => {
    const tied = await createTestDatabase();
    const app = await startTestServer(tied);
    try {
      // Five toys with the same score for `answers` (size small: 2 points each); alphabetical
      // order would pick the first three names, 3.9★ included, and leave out the 4.6★ toy.
      const toy = (
        name: string,
        rating: string,
        reviewCount: number,
      ) => sql`(${name}, ${name.toLowerCase().replace(/\W+/g, "-")}, 'A toy for the tie test.',
        'Details long enough for the product.', '$9.99', ${rating}, ${reviewCount}, 'small', '{}')`;
      await tied.db.execute(sql`insert into toys (name, slug, description, details, price, rating, review_count, suitable_for, features)
        values ${sql.join(
          [
            toy("Acorn Chew", "3.9", 5000),
            toy("Bouncy Ball", "4.2", 10),
            toy("Cotton Rope", "4.2", 900),
            toy("Duck Squeaker", "4.2", 900),
            toy("Zigzag Tug", "4.6", 1),
          ],
          sql`, `,
        )}`);
      const res = await fetch(`${app.url}/api/quiz-recommendations?${new URLSearchParams(answers)}`);
      expect(res.status).toBe(200);
      const { recommendations } = (await res.json()) as { recommendations: Toy[] };
      expect(recommendations.map((t) => t.name)).toEqual(["Zigzag Tug", "Cotton Rope", "Duck Squeaker"]);
    } finally {
      await app.close();
      await tied.close();
    }
  });
});

describe("POST /api/quiz-newsletter without a mail server", () => {
  it("stores the submission with its consent, subscribes the address, queues the e-mail and answers 202 with a note", async () => {
    const before = await counts();
    const startedAt = Date.now();
    const res = await postJson(server.url, "/api/quiz-newsletter", {
      ...answers,
      email: "  Walker@Example.COM ",
      website: "",
    });
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body).toEqual({ emailSent: false, message: expect.any(String), note: FORM_REPLIES.quizNote });

    const { rows } = await database.db.execute<Record<string, unknown>>(
      sql`select email, dog_size, dog_age, chew_style, play_style, toy_purpose, has_consented, consent_text, consented_at
          from quiz_submissions order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({
      email: "Walker@example.com",
      dog_size: "small",
      dog_age: "puppy",
      chew_style: "gentle",
      play_style: "solo",
      toy_purpose: "mental",
      has_consented: true,
      consent_text: QUIZ_NEWSLETTER_NOTICE,
    });
    expect(new Date(String(rows[0]?.consented_at)).getTime()).toBeGreaterThanOrEqual(startedAt - 1000);

    const subscriber = await database.db.execute<Record<string, unknown>>(
      sql`select status, source, consent_text from newsletter_subscribers where email = 'Walker@example.com'`,
    );
    expect(subscriber.rows).toEqual([{ status: "subscribed", source: "quiz", consent_text: QUIZ_NEWSLETTER_NOTICE }]);

    const queued = await database.db.execute<Record<string, unknown>>(
      sql`select kind, recipient, status from email_outbox order by id desc limit 1`,
    );
    expect(queued.rows[0]).toEqual({ kind: "quiz-results", recipient: "Walker@example.com", status: "pending" });
    expect(await counts()).toEqual({
      ...before,
      submissions: before.submissions + 1,
      subscribers: before.subscribers + 1,
      outbox: before.outbox + 1,
    });
  });

  it("e-mails each match at the price a visitor pays: its sale price when it has one", async () => {
    const query = new URLSearchParams(answers).toString();
    const { recommendations } = (await (await fetch(`${server.url}/api/quiz-recommendations?${query}`)).json()) as {
      recommendations: Toy[];
    };
    const [first] = recommendations;
    if (!first) throw new Error("the demo catalogue has matches for these answers");
    await database.db.execute(sql`update toys set price = '$19.99', price_discount = '14.5' where id = ${first.id}`);
    server.services.readCache.clear();
    try {
      const res = await postJson(server.url, "/api/quiz-newsletter", { ...answers, email: "sale@example.com" });
      expect(res.status).toBe(202);
      const { rows } = await database.db.execute<{ text_body: string; html_body: string }>(
        sql`select text_body, html_body from email_outbox where recipient = 'sale@example.com'`,
      );
      expect(rows[0]?.text_body).toContain(`${first.name} - $14.50`);
      expect(rows[0]?.html_body).toContain("$14.50");
      expect(`${rows[0]?.text_body}${rows[0]?.html_body}`).not.toContain("$19.99");
    } finally {
      await database.db.execute(
        sql`update toys set price = ${first.price}, price_discount = ${first.priceDiscount} where id = ${first.id}`,
      );
      server.services.readCache.clear();
    }
  });

  it("keeps one subscriber per address when the quiz is taken again", async () => {
    const email = "repeat@example.com";
    await postJson(server.url, "/api/quiz-newsletter", { ...answers, email });
    const before = await counts();
    const res = await postJson(server.url, "/api/quiz-newsletter", {
      ...answers,
      dogSize: "large",
      email: "repeat@EXAMPLE.com",
    });
    expect(res.status).toBe(202);
    const after = await counts();
    expect(after.submissions).toBe(before.submissions + 1);
    expect(after.subscribers).toBe(before.subscribers);
  });

  it.each([
    ["an invalid e-mail", { ...answers, email: "not-an-email" }, "email", "Please enter a valid email address"],
    ["a missing e-mail", { ...answers }, "email", "Please enter a valid email address"],
    [
      "a missing answer",
      { ...answers, dogAge: undefined, email: "a@example.com" },
      "dogAge",
      "Please select your dog's age",
    ],
    [
      "an unknown answer",
      { ...answers, toyPurpose: "fun", email: "a@example.com" },
      "toyPurpose",
      "Please select the main purpose for the toy",
    ],
  ])("refuses %s with 400 and stores nothing", async (_case, body, field, message) => {
    const before = await counts();
    const res = await postJson(server.url, "/api/quiz-newsletter", body);
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.errors[field]).toEqual([message]);
    expect(await counts()).toEqual(before);
  });

  it("refuses a filled honeypot, non-JSON and oversized bodies without storing anything", async () => {
    const before = await counts();
    const bot = await postJson(server.url, "/api/quiz-newsletter", {
      ...answers,
      email: "bot@example.com",
      website: "http://spam.example",
    });
    expect(bot.status).toBe(400);
    expect((await bot.json()).message).toMatch(/not accepted/);
    const form = await fetch(`${server.url}/api/quiz-newsletter`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40example.com",
    });
    expect(form.status).toBe(415);
    const huge = await postJson(server.url, "/api/quiz-newsletter", {
      ...answers,
      email: `${"a".repeat(200_000)}@example.com`,
    });
    expect(huge.status).toBe(413);
    const broken = await postJson(server.url, "/api/quiz-newsletter", "{oops");
    expect(broken.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("stores 200 submissions sent at once, each address subscribed once and e-mailed at most 3 times", async () => {
    const before = await counts();
    const addresses = Array.from({ length: 50 }, (_, i) => `crowd${i}@example.com`);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        postJson(server.url, "/api/quiz-newsletter", { ...answers, email: addresses[i % addresses.length] }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(202));
    const messages = (await Promise.all(responses.map((r) => r.json()))).map((body) => body.message);
    expect(messages.filter((m) => m === FORM_REPLIES.quizSaved)).toHaveLength(150);
    expect(messages.filter((m) => m === FORM_REPLIES.quizRecentlyEmailed)).toHaveLength(50);
    const after = await counts();
    expect(after.submissions).toBe(before.submissions + 200);
    // the fourth submission of each address is stored, but no fourth e-mail is queued for it
    expect(after.outbox).toBe(before.outbox + 150);
    expect(after.subscribers).toBe(before.subscribers + 50);
    const { rows } = await database.db.execute<{ email: string; n: number; queued: number }>(
      sql`select s.email, count(*)::int as n,
            (select count(*)::int from email_outbox o where o.recipient = s.email) as queued
          from quiz_submissions s where s.email like 'crowd%' group by s.email`,
    );
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => Number(row.n) === 4 && Number(row.queued) === 3)).toBe(true);
  });
});

describe("POST /api/contact without a mail server", () => {
  it("stores the message, queues the notification and answers 202 with a note", async () => {
    const before = await counts();
    const res = await postJson(server.url, "/api/contact", { ...contact, website: "" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ emailSent: false, message: expect.any(String), note: expect.any(String) });
    const stored = await database.db.execute(
      sql`select name, email, subject, message from contact_messages order by id desc limit 1`,
    );
    expect(stored.rows[0]).toEqual(contact);
    const queued = await database.db.execute<Record<string, unknown>>(
      sql`select kind, recipient, reply_to, status from email_outbox order by id desc limit 1`,
    );
    expect(queued.rows[0]).toMatchObject({
      kind: "contact-notification",
      recipient: "owner@pawsomepicks.test",
      status: "pending",
    });
    expect(await counts()).toEqual({ ...before, contact: before.contact + 1, outbox: before.outbox + 1 });
  });

  it.each([
    ["name", { name: "J" }, "Name must be at least 2 characters"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["subject", { subject: "Hi" }, "Subject must be at least 5 characters"],
    ["message", { message: "Too short" }, "Message must be at least 10 characters"],
  ])("refuses an invalid %s with 400 and the spec's message, storing nothing", async (field, change, message) => {
    const before = await counts();
    const res = await postJson(server.url, "/api/contact", { ...contact, ...change });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(message);
    expect(body.errors[field]).toEqual([message]);
    expect(await counts()).toEqual(before);
  });

  it("refuses a filled honeypot, a missing field, an oversized body and a non-JSON body", async () => {
    const before = await counts();
    expect((await postJson(server.url, "/api/contact", { ...contact, website: "spam" })).status).toBe(400);
    expect((await postJson(server.url, "/api/contact", { name: "Jo Smith" })).status).toBe(400);
    expect((await postJson(server.url, "/api/contact", { ...contact, message: "x".repeat(200_000) })).status).toBe(413);
    const form = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=Jo&email=jo%40example.com",
    });
    expect(form.status).toBe(415);
    expect((await form.json()).message).toMatch(/JSON/);
    expect((await postJson(server.url, "/api/contact", "{oops")).status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe("per-IP limit on the public forms", () => {
  it("answers 429 with Retry-After past the limit, per form, and stores nothing then", async () => {
    const limited = await createTestDatabase();
    await seedDemoContent(limited.db);
    const app = await startTestServer(limited, { formRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await postJson(app.url, "/api/quiz-newsletter", { ...answers, email: `limit${i}@example.com` });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
          expect((await res.json()).message).toMatch(
            /^Too many submissions from your network\. Please wait \d+ seconds/,
          );
        }
      }
      expect(statuses).toEqual([202, 202, 429]);
      const { rows } = await limited.db.execute<{ n: number }>(sql`select count(*)::int as n from quiz_submissions`);
      expect(Number(rows[0]?.n)).toBe(2);
      // the contact form has its own allowance
      expect((await postJson(app.url, "/api/contact", contact)).status).toBe(202);
    } finally {
      await app.close();
      await limited.close();
    }
  });
});
