import { createHash, createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUIZ_NEWSLETTER_NOTICE } from "../domain/quiz-questions";
import { dataErasures, newsletterSubscribers } from "../server/db/schema";
import { createSmtpTransport } from "../server/mail/transport";
import { type SmtpTestServer, startSmtpTestServer } from "./support/smtp-test-server";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Subscribers as the owner manages them (issue 19): the list with its filters, the CSV export
// (the quiz export's cell rules plus a byte order mark), unsubscribing and deleting one; and a
// visitor's data rights: everything held about an address as JSON, or erased with a record
// that keeps only a hash. Quiz submissions can be deleted one by one.

const answers = { dogSize: "small", dogAge: "puppy", chewStyle: "gentle", playStyle: "solo", toyPurpose: "mental" };

interface Subscriber {
  id: number;
  email: string;
  status: string;
  unsubscribedAt: string | null;
}

let smtp: SmtpTestServer;
let server: SeededTestServer;
let cookie: string;

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = (res.headers.get("content-type") ?? "").includes("json");
  return { status: res.status, headers: res.headers, text, body: text && json ? JSON.parse(text) : null };
}

async function post(path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await startSeededTestServer({
    transport: createSmtpTransport({ url: smtp.url, from: { address: "hello@pawsomepicks.test" }, timeoutMs: 5_000 }),
  });
  cookie = await adminCookie(server);
  const day = (iso: string) => new Date(iso);
  await server.database.db.insert(newsletterSubscribers).values([
    {
      email: "early@example.com",
      source: "quiz",
      consentText: "Oui, j'accepte — envoyez-moi la lettre ✓",
      consentedAt: day("2026-01-10T09:00:00Z"),
      createdAt: day("2026-01-10T09:00:00Z"),
    },
    {
      email: "formula@example.com",
      source: "quiz",
      consentText: '=HYPERLINK("http://evil.example","click"), really',
      consentedAt: day("2026-02-01T23:30:00Z"),
      createdAt: day("2026-02-01T23:30:00Z"),
    },
    {
      email: "gone@example.com",
      status: "unsubscribed",
      source: "quiz",
      consentText: "Yes",
      consentedAt: day("2026-03-05T12:00:00Z"),
      createdAt: day("2026-03-05T12:00:00Z"),
      unsubscribedAt: day("2026-03-06T12:00:00Z"),
    },
    {
      email: "bounced@example.com",
      status: "bounced",
      source: "quiz",
      consentText: "Yes",
      consentedAt: day("2026-03-07T12:00:00Z"),
      createdAt: day("2026-03-07T12:00:00Z"),
      bouncedAt: day("2026-03-08T12:00:00Z"),
    },
  ]);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("subscribers", () => {
  it("lists them newest first with status, source and consent, filtered by address, status and days", async () => {
    const all = await call("GET", "/api/admin/subscribers");
    expect(all.status).toBe(200);
    expect((all.body as Subscriber[]).map((s) => s.email)).toEqual([
      "bounced@example.com",
      "gone@example.com",
      "formula@example.com",
      "early@example.com",
    ]);
    expect(all.headers.get("x-total-count")).toBe("4");
    expect(all.body[3]).toEqual({
      id: expect.any(Number),
      email: "early@example.com",
      status: "subscribed",
      source: "quiz",
      consentText: "Oui, j'accepte — envoyez-moi la lettre ✓",
      consentedAt: "2026-01-10T09:00:00.000Z",
      createdAt: "2026-01-10T09:00:00.000Z",
      unsubscribedAt: null,
      bouncedAt: null,
    });
    const emails = async (query: string) =>
      ((await call("GET", `/api/admin/subscribers?${query}`)).body as Subscriber[]).map((s) => s.email);
    expect(await emails("search=FORMULA")).toEqual(["formula@example.com"]);
    expect(await emails("status=unsubscribed")).toEqual(["gone@example.com"]);
    expect(await emails("status=bounced")).toEqual(["bounced@example.com"]);
    expect(await emails("from=2026-02-01&to=2026-03-05")).toEqual(["gone@example.com", "formula@example.com"]);
    // 23:30 UTC on 1 February is already 2 February in Berlin
    expect(await emails("from=2026-02-02&to=2026-02-02&timeZone=Europe/Berlin")).toEqual(["formula@example.com"]);
    expect(await emails("from=2026-02-02&to=2026-02-02")).toEqual([]);
    expect(await emails("pageSize=1&page=2")).toEqual(["gone@example.com"]);
    for (const bad of ["status=pending", "from=2026-13-01", "from=2026-03-01&to=2026-02-01", "timeZone=Mars/Olympus"]) {
      expect((await call("GET", `/api/admin/subscribers?${bad}`)).status, bad).toBe(400);
    }
  });

  it("exports them as CSV with a byte order mark, spreadsheet formulas defused", async () => {
    const csv = await call("GET", "/api/admin/subscribers.csv?locale=en-GB&timeZone=Europe/London&status=subscribed");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="subscribers.csv"');
    const bytes = new Uint8Array(
      await (await fetch(`${server.url}/api/admin/subscribers.csv`, { headers: { cookie } })).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    // (the text of an answer leaves the mark out, as a spreadsheet program shows it: the bytes above have it)
    expect(lines[0]).toBe("Email,Status,Source,Consent Text,Consented At,Signed Up,Unsubscribed At,Bounced At");
    expect(lines[1]).toBe(
      `formula@example.com,Subscribed,quiz,"'=HYPERLINK(""http://evil.example"",""click""), really",01/02/2026 23:30,01/02/2026 23:30,-,-`,
    );
    expect(lines[2]).toBe(
      `early@example.com,Subscribed,quiz,"Oui, j'accepte — envoyez-moi la lettre ✓",10/01/2026 09:00,10/01/2026 09:00,-,-`,
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
  });

  it("unsubscribes one by hand (recorded in its consent history) and deletes one", async () => {
    const [early] = (await call("GET", "/api/admin/subscribers?search=early")).body as Subscriber[];
    const changed = await call("PATCH", `/api/admin/subscribers/${early?.id}`, { status: "unsubscribed" });
    expect(changed.body).toMatchObject({ status: "unsubscribed", unsubscribedAt: expect.any(String) });
    const again = await call("PATCH", `/api/admin/subscribers/${early?.id}`, { status: "unsubscribed" });
    expect(again.body.unsubscribedAt).toBe(changed.body.unsubscribedAt);
    // once, however often it is asked
    const history = (await call("GET", "/api/admin/personal-data?email=early@example.com")).body.subscriber
      .consentHistory;
    expect(history).toEqual([
      { at: changed.body.unsubscribedAt, action: "unsubscribed", source: "admin", consentText: null },
    ]);
    // putting an address back on the list needs its owner's consent
    expect((await call("PATCH", `/api/admin/subscribers/${early?.id}`, { status: "subscribed" })).status).toBe(400);
    expect((await call("PATCH", "/api/admin/subscribers/999999", { status: "unsubscribed" })).status).toBe(404);
    expect((await call("DELETE", `/api/admin/subscribers/${early?.id}`)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/subscribers/${early?.id}`)).status).toBe(404);
    expect((await call("GET", "/api/admin/subscribers?search=early")).body).toEqual([]);
  });
});

describe("data rights", () => {
  const person = "Jo.Doe@Example.com";
  const stored = "Jo.Doe@example.com";
  const other = "someone.else@example.com";

  beforeAll(async () => {
    await post("/api/quiz-newsletter", { ...answers, email: person });
    await post("/api/quiz-newsletter", { ...answers, email: other });
    await post("/api/contact", {
      name: "Jo Doe",
      email: person,
      subject: "About my data",
      message: "Please tell me what you hold about me.",
    });
    await post("/api/contact", {
      name: "Someone",
      email: other,
      subject: "Hello there",
      message: "Just saying hello.",
    });
    const [message] = (await call("GET", "/api/admin/messages?search=jo.doe")).body as { id: number }[];
    await call("POST", `/api/admin/messages/${message?.id}/reply`, { subject: "Your data", message: "Here it is." });
    const created = await call("POST", "/api/admin/newsletters", {
      subject: "For everyone",
      content: "A newsletter that reaches both people.",
    });
    await call("POST", `/api/admin/newsletters/${created.body.id}/send`);
    await server.services.outbox.runDue(50);
  });

  it("exports everything held about an address as one JSON download, whatever its letter case", async () => {
    const exported = await call("GET", `/api/admin/personal-data?email=${encodeURIComponent("jo.doe@EXAMPLE.com")}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toBe('attachment; filename="personal-data.json"');
    const data = exported.body;
    expect(data.email).toBe("jo.doe@example.com");
    expect(data.quizSubmissions).toEqual([
      expect.objectContaining({ email: stored, dogSize: "small", hasConsented: true, consentText: expect.any(String) }),
    ]);
    expect(data.subscriber).toMatchObject({
      email: stored,
      status: "subscribed",
      source: "quiz",
      consentText: QUIZ_NEWSLETTER_NOTICE,
      newsletters: [expect.objectContaining({ subject: "For everyone" })],
      // each consent as it was given, with its time, source and wording
      consentHistory: [
        { at: data.subscriber.consentedAt, action: "subscribed", source: "quiz", consentText: QUIZ_NEWSLETTER_NOTICE },
      ],
    });
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ email: stored, subject: "About my data", repliedAt: expect.any(String) }),
    ]);
    const kinds = (data.outboxMessages as { kind: string }[]).map((m) => m.kind).sort();
    expect(kinds).toEqual(["contact-notification", "contact-reply", "newsletter", "quiz-results"]);
    expect(JSON.stringify(data)).not.toContain(other);
    expect((await call("GET", "/api/admin/personal-data?email=not-an-address")).status).toBe(400);
    expect((await call("GET", "/api/admin/personal-data")).status).toBe(400);
  });

  it("erases it all in one action, recorded by time and a keyed hash only", async () => {
    const { db } = server.database;
    const subscriberId = Number(
      (await db.execute<{ id: number }>(sql`select id from newsletter_subscribers where email = ${stored}`)).rows[0]
        ?.id,
    );
    const erased = await call("DELETE", `/api/admin/personal-data?email=${encodeURIComponent(person)}`);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({
      id: expect.any(Number),
      emailHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      hashKind: "hmac-sha256",
      erasedAt: expect.any(String),
      counts: { quizSubmissions: 1, subscribers: 1, contactMessages: 1, outboxMessages: 4 },
    });
    // not a hash anyone can confirm a guessed address against
    const plain = createHash("sha256").update("jo.doe@example.com").digest("hex");
    expect(erased.body.emailHash).not.toBe(plain);
    const secret = (
      await db.execute<{ value: string }>(sql`select value from app_secrets where name = 'address-hashes'`)
    ).rows[0]?.value;
    expect(erased.body.emailHash).toBe(
      createHmac("sha256", String(secret)).update("erasure:jo.doe@example.com").digest("hex"),
    );
    // the consent history went with the subscriber
    expect(
      Number(
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from newsletter_consent_events where subscriber_id = ${subscriberId}`,
          )
        ).rows[0]?.n,
      ),
    ).toBe(0);

    // table by table: nothing holds the address any more
    const holding = async (query: ReturnType<typeof sql>) =>
      Number((await db.execute<{ n: number }>(query)).rows[0]?.n ?? 0);
    const like = "%jo.doe@example.com%";
    expect(await holding(sql`select count(*)::int as n from quiz_submissions where email ilike ${like}`)).toBe(0);
    expect(await holding(sql`select count(*)::int as n from newsletter_subscribers where email ilike ${like}`)).toBe(0);
    expect(await holding(sql`select count(*)::int as n from contact_messages where email ilike ${like}`)).toBe(0);
    expect(
      await holding(
        sql`select count(*)::int as n from email_outbox where recipient ilike ${like} or reply_to ilike ${like} or text_body ilike ${like} or html_body ilike ${like}`,
      ),
    ).toBe(0);
    expect(
      await holding(
        sql`select count(*)::int as n from newsletter_deliveries d where not exists (select 1 from newsletter_subscribers s where s.id = d.subscriber_id)`,
      ),
    ).toBe(0);
    const { rows: records } = await db.execute(sql`select * from data_erasures`);
    expect(JSON.stringify(records).toLowerCase()).not.toContain("jo.doe");

    // the other person is untouched
    expect((await call("GET", `/api/admin/personal-data?email=${other}`)).body).toMatchObject({
      quizSubmissions: [expect.anything()],
      subscriber: expect.objectContaining({ email: other }),
      contactMessages: [expect.anything()],
    });
    // the quiz export no longer has the address
    const csv = await call("GET", "/api/admin/quiz-submissions.csv");
    expect(csv.text.toLowerCase()).not.toContain("jo.doe");
    expect(csv.text).toContain(other);

    // asked later: the erasure is on record for the address, and for no other
    const lookup = await call(
      "GET",
      `/api/admin/personal-data/erasures?email=${encodeURIComponent("JO.DOE@example.com")}`,
    );
    expect(lookup.body).toEqual([erased.body]);
    expect((await call("GET", `/api/admin/personal-data/erasures?email=${other}`)).body).toEqual([]);
    expect((await call("GET", "/api/admin/personal-data/erasures")).body).toContainEqual(erased.body);
    // erasing again finds nothing, and says so
    const again = await call("DELETE", `/api/admin/personal-data?email=${encodeURIComponent(person)}`);
    expect(again.body.counts).toEqual({ quizSubmissions: 0, subscribers: 0, contactMessages: 0, outboxMessages: 0 });
  });

  it("still finds an erasure recorded before the keyed hash by its plain SHA-256, marked as such", async () => {
    const email = "Old.Erasure@example.com";
    const plain = createHash("sha256").update("old.erasure@example.com").digest("hex");
    const counts = { quizSubmissions: 1, subscribers: 0, contactMessages: 0, outboxMessages: 1 };
    // as the rows before the migration were: no hash_kind given, so the column's default
    const [legacy] = await server.database.db
      .insert(dataErasures)
      .values({ emailHash: plain, erasedAt: new Date("2026-06-01T10:00:00Z"), counts })
      .returning({ id: dataErasures.id });
    // a keyed-hash record that happens to hold the same hex is not a match for it
    await server.database.db
      .insert(dataErasures)
      .values({ emailHash: plain, hashKind: "hmac-sha256", erasedAt: new Date("2026-06-02T10:00:00Z"), counts });
    const found = await call("GET", `/api/admin/personal-data/erasures?email=${encodeURIComponent(email)}`);
    expect(found.body).toEqual([
      {
        id: legacy?.id,
        emailHash: plain,
        hashKind: "sha256",
        erasedAt: "2026-06-01T10:00:00.000Z",
        counts,
      },
    ]);
  });

  it("deletes quiz submissions one by one", async () => {
    const [submission] = (await call("GET", `/api/admin/quiz-submissions?search=${other}`)).body as { id: number }[];
    expect((await call("DELETE", `/api/admin/quiz-submissions/${submission?.id}`)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/quiz-submissions/${submission?.id}`)).status).toBe(404);
    expect((await call("GET", `/api/admin/quiz-submissions?search=${other}`)).body).toEqual([]);
    expect((await call("DELETE", "/api/admin/quiz-submissions/abc")).status).toBe(400);
  });
});
