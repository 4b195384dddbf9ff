import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as unsubscribeAction } from "../app/routes/public/unsubscribe";
import { newsletterDeliveries, newsletterSubscribers } from "../server/db/schema";
import { createSmtpTransport, type MailTransport } from "../server/mail/transport";
import { createServices, type Services } from "../server/services/create-services";
import { type SmtpTestServer, startSmtpTestServer } from "./support/smtp-test-server";
import { adminCookie, type SeededTestServer, startSeededTestServer, TEST_SITE_URL } from "./support/test-server";

// Newsletters (issue 19) against a real database and a real SMTP server in this process: each
// subscribed address gets a send exactly once, whether the send is started twice at once, by
// two app instances, or finished by a new process after a restart; bounces mark addresses;
// sending keeps to its rate; every message carries one-click unsubscribe; clicks are counted
// per newsletter. With TEST_DATABASE_URL set this runs on PostgreSQL (real parallel instances).

const OWNER = "owner@pawsomepicks.test";

interface Json {
  [key: string]: unknown;
}

function transportFor(smtp: SmtpTestServer): MailTransport {
  return createSmtpTransport({
    url: smtp.url,
    from: { name: "Pawsome Picks", address: "hello@pawsomepicks.test" },
    timeoutMs: 5_000,
  });
}

/** A clock the test moves by hand. */
function manualClock(start: number) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => (at += ms) };
}

/** Adds subscribers: `count` addresses `${prefix}-NNN@example.com`, the first ones with other statuses. */
async function addSubscribers(
  server: SeededTestServer,
  prefix: string,
  count: number,
  statuses: Partial<Record<"unsubscribed" | "bounced", number>> = {},
): Promise<{ subscribed: string[]; all: string[] }> {
  const unsubscribed = statuses.unsubscribed ?? 0;
  const bounced = statuses.bounced ?? 0;
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}-${String(i).padStart(3, "0")}@example.com`,
    status: i < unsubscribed ? "unsubscribed" : i < unsubscribed + bounced ? "bounced" : "subscribed",
    source: "quiz",
    consentText: "Yes, send me the newsletter.",
  }));
  await server.database.db.insert(newsletterSubscribers).values(rows);
  return {
    all: rows.map((row) => row.email),
    subscribed: rows.filter((row) => row.status === "subscribed").map((row) => row.email),
  };
}

async function api(server: SeededTestServer, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Json) : null };
}

/** Runs the outbox until nothing is due (every message sent, failed or waiting for a retry). */
async function drainOutbox(services: Services[]): Promise<void> {
  for (let round = 0; round < 100; round++) {
    const results = await Promise.all(services.map((s) => s.outbox.runDue(50)));
    if (results.every((r) => r.sent + r.retried + r.failed === 0)) return;
  }
  throw new Error("the outbox did not drain");
}

/** Newsletter messages the SMTP server received for this subject, by recipient. */
function receivedBy(smtp: SmtpTestServer, subject: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of smtp.messages) {
    if (mail.parsed.subject !== subject) continue;
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

async function deliveryCount(server: SeededTestServer, newsletterId: number): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${newsletterDeliveries} where newsletter_id = ${newsletterId}`,
  );
  return Number(rows[0]?.n ?? 0);
}

describe("sending a newsletter", () => {
  let smtp: SmtpTestServer;
  let server: SeededTestServer;
  let second: Services;
  let cookie: string;
  let audience: { subscribed: string[]; all: string[] };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await startSeededTestServer({
      transport: transportFor(smtp),
      mail: { newsletterRatePerMinute: 10_000 },
    });
    // a second app instance on the same database
    second = createServices(server.database, {
      logger: pino({ level: "silent" }),
      siteUrl: TEST_SITE_URL,
      mail: {
        transport: transportFor(smtp),
        contactTo: OWNER,
        sendTimeoutMs: 3_000,
        newsletterRatePerMinute: 10_000,
      },
    });
    cookie = await adminCookie(server);
    audience = await addSubscribers(server, "reader", 200, { unsubscribed: 20, bounced: 5 });
  }, 120_000);

  afterAll(async () => {
    await second?.newsletters.stop();
    await second?.outbox.stop();
    await server?.close();
    await smtp?.close();
  });

  it("reaches every subscribed address exactly once, started twice at once and by two instances", {
    timeout: 120_000,
  }, async () => {
    const subject = "Spring toys for every chewer";
    const created = await api(server, cookie, "POST", "/api/admin/newsletters", {
      subject,
      content: "New this month: toys that survive the spring.\n\n- Tough chews\n- Soft fetch toys",
    });
    expect(created.status).toBe(201);
    const id = Number(created.body?.id);
    expect(created.body).toMatchObject({ status: "draft", counts: { waiting: 175, queued: 0, sent: 0 } });

    // Two requests at once on the first instance, and the second instance starting it too.
    const [a, b] = await Promise.all([
      api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`),
      api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`),
      second.newsletters.startSend(id),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    // both instances' workers go on at the same time until nothing is left
    for (let round = 0; round < 20; round++) {
      const passes = await Promise.all([server.services.newsletters.runDue(), second.newsletters.runDue()]);
      if (passes.every((pass) => !pass.more)) break;
    }
    expect(await deliveryCount(server, id)).toBe(175);
    await drainOutbox([server.services, second]);

    const received = receivedBy(smtp, subject);
    expect(received.size).toBe(175);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    expect([...received.keys()].sort()).toEqual([...audience.subscribed].sort());

    // a third start sends nothing new
    const again = await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({ status: "sent", counts: { waiting: 0, queued: 0, sent: 175, failed: 0 } });
    await drainOutbox([server.services]);
    expect(receivedBy(smtp, subject).size).toBe(175);
    expect((await api(server, cookie, "GET", "/api/admin/newsletters")).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, status: "sent" })]),
    );
  });

  it("gives every message its own signed one-click unsubscribe, which works without a browser", async () => {
    const mails = smtp.messages.filter((mail) => mail.parsed.subject === "Spring toys for every chewer");
    expect(mails).toHaveLength(175);
    const links = new Set<string>();
    for (const mail of mails.slice(0, 20)) {
      const header = mail.parsed.headers["list-unsubscribe"] ?? "";
      const [https, mailto] = [...header.matchAll(/<([^>]+)>/g)].map((m) => m[1] ?? "");
      expect(https).toMatch(/^https:\/\/www\.pawsomepicks\.test\/unsubscribe\?token=\d+\.[\w-]{32}$/);
      expect(mailto).toBe(`mailto:${OWNER}?subject=unsubscribe`);
      expect(mail.parsed.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.parsed.text).toContain(`Unsubscribe: ${https}`);
      expect(mail.parsed.html).toContain(`href="${https?.replace(/&/g, "&amp;")}"`);
      links.add(https ?? "");
    }
    expect(links.size).toBe(20);

    // RFC 8058: the mail provider POSTs "List-Unsubscribe=One-Click" to the link; the page's
    // action is what answers it on the site.
    const mail = mails[0];
    const link = [...(mail?.parsed.headers["list-unsubscribe"] ?? "").matchAll(/<([^>]+)>/g)][0]?.[1] ?? "";
    const request = new Request(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const answer = (await unsubscribeAction({
      request,
      context: { services: server.services },
      params: {},
    } as never)) as { data: { state: string; email: string } };
    expect(answer.data).toEqual({ state: "done", email: mail?.to[0] });
    const [row] = await server.database.db
      .select({ status: newsletterSubscribers.status })
      .from(newsletterSubscribers)
      .where(sql`${newsletterSubscribers.email} = ${mail?.to[0] ?? ""}`);
    expect(row?.status).toBe("unsubscribed");
  });

  it("renders buy boxes and tables as e-mail, with links counted for the newsletter", async () => {
    const toys = (await (await fetch(`${server.url}/api/toys`)).json()) as {
      id: number;
      slug: string;
      name: string;
      amazonUrl: string | null;
    }[];
    const [first, second, third] = toys.filter((toy) => toy.amazonUrl);
    if (!first || !second || !third) throw new Error("the demo catalogue has too few toys with retailer links");
    const created = await api(server, cookie, "POST", "/api/admin/newsletters", {
      subject: "Three toys worth a look",
      content: `## Our pick\n\n[[toy:${first.slug}]]\n\nSee [the catalogue](/products).\n\n[[compare:${second.slug},${third.slug}]]\n\n[[toy:no-such-toy]]`,
    });
    const id = Number(created.body?.id);

    const preview = await api(server, cookie, "GET", `/api/admin/newsletters/${id}/preview`);
    expect(preview.status).toBe(200);
    const html = String(preview.body?.html);
    expect(html).toContain(`href="${TEST_SITE_URL}/go/${first.id}?from=email:${id}"`);
    expect(html).toContain(`href="${TEST_SITE_URL}/go/${third.id}?from=email:${id}"`);
    expect(html).toContain(`href="${TEST_SITE_URL}/products"`);
    expect(html).toContain(first.name);
    expect(html).not.toContain("<script");
    expect(html).not.toMatch(/class="/);
    expect(String(preview.body?.text)).toContain(`${TEST_SITE_URL}/go/${second.id}?from=email:${id}`);
    expect(preview.body?.warnings).toEqual([{ token: "[[toy:no-such-toy]]", reason: expect.any(String) }]);

    // the test copy goes to the owner only
    const before = smtp.messages.length;
    const test = await api(server, cookie, "POST", `/api/admin/newsletters/${id}/test`);
    expect(test).toMatchObject({ status: 200, body: { emailSent: true } });
    const copy = smtp.messages.slice(before);
    expect(copy.map((m) => m.to)).toEqual([[OWNER]]);
    expect(copy[0]?.parsed.subject).toBe("[Test] Three toys worth a look");
    expect(copy[0]?.parsed.html).toContain(`/go/${first.id}?from=email:${id}`);

    // a click through the link counts for this newsletter; an unknown newsletter's as plain e-mail
    const click = await fetch(`${server.url}/go/${first.id}?from=email:${id}`, {
      redirect: "manual",
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" },
    });
    expect(click.status).toBe(302);
    await fetch(`${server.url}/go/${second.id}?from=email:987654`, {
      redirect: "manual",
      headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" },
    });
    const { rows } = await server.database.db.execute<{ placement: string }>(
      sql`select placement from affiliate_clicks order by placement`,
    );
    expect(rows.map((r) => r.placement)).toEqual(expect.arrayContaining([`email:${id}`, "email"]));
    expect(rows.map((r) => r.placement)).not.toContain("email:987654");
    const detail = await api(server, cookie, "GET", `/api/admin/newsletters/${id}`);
    expect(detail.body).toMatchObject({ clicks: 1, toyClicks: [{ toyId: first.id, name: first.name, clicks: 1 }] });
  });

  it("makes a draft from a published post, keeps drafts editable and sent ones fixed", async () => {
    const [post] = (await (await fetch(`${server.url}/api/posts`)).json()) as {
      id: number;
      title: string;
      slug: string;
    }[];
    const created = await api(server, cookie, "POST", "/api/admin/newsletters", { postId: post?.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ subject: post?.title, postId: post?.id, status: "draft" });
    expect(String(created.body?.content)).toContain(`${TEST_SITE_URL}/`);
    const id = Number(created.body?.id);
    const edited = await api(server, cookie, "PATCH", `/api/admin/newsletters/${id}`, { subject: "This week's read" });
    expect(edited.body).toMatchObject({ subject: "This week's read", content: created.body?.content });
    expect((await api(server, cookie, "POST", "/api/admin/newsletters", { postId: 999_999 })).status).toBe(400);
    expect((await api(server, cookie, "POST", "/api/admin/newsletters", { subject: "x" })).status).toBe(400);
    expect((await api(server, cookie, "PATCH", `/api/admin/newsletters/${id}`, { subject: "Two\nlines" })).status).toBe(
      400,
    );

    const sent = (await api(server, cookie, "GET", "/api/admin/newsletters")).body as unknown as {
      id: number;
      status: string;
    }[];
    const done = sent.find((n) => n.status === "sent");
    expect((await api(server, cookie, "PATCH", `/api/admin/newsletters/${done?.id}`, { subject: "Late" })).status).toBe(
      409,
    );
    expect((await api(server, cookie, "DELETE", `/api/admin/newsletters/${done?.id}`)).status).toBe(409);
    expect((await api(server, cookie, "DELETE", `/api/admin/newsletters/${id}`)).status).toBe(204);
    expect((await api(server, cookie, "GET", `/api/admin/newsletters/${id}`)).status).toBe(404);
  });
});

describe("bounces", () => {
  let smtp: SmtpTestServer;
  let server: SeededTestServer;
  let cookie: string;
  let audience: { subscribed: string[]; all: string[] };

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await startSeededTestServer({ transport: transportFor(smtp) });
    cookie = await adminCookie(server);
    audience = await addSubscribers(server, "bouncy", 20);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("marks an address bounced on a permanent refusal, and sends it nothing more", async () => {
    const refused = new Set(audience.subscribed.slice(3, 6));
    const later = audience.subscribed[10] ?? "";
    smtp.setRejectRecipient((address) =>
      refused.has(address)
        ? { code: 550, message: "5.1.1 No such user here" }
        : address === later
          ? { code: 451, message: "4.3.0 Try again later" }
          : null,
    );
    try {
      const subject = "A bouncing good read";
      const created = await api(server, cookie, "POST", "/api/admin/newsletters", {
        subject,
        content: "Some addresses do not take mail any more. They are marked, not retried.",
      });
      const id = Number(created.body?.id);
      await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`);
      await drainOutbox([server.services]);
      const { body } = await api(server, cookie, "GET", `/api/admin/newsletters/${id}`);
      // 3 bounced, 1 waiting for its retry, the rest sent
      expect(body?.counts).toEqual({ waiting: 0, queued: 1, sent: 16, failed: 0, bounced: 3 });
      const statuses = await server.database.db
        .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(sql`${newsletterSubscribers.bouncedAt} is not null`);
      expect(statuses.map((s) => s.email).sort()).toEqual([...refused].sort());
      expect(statuses.every((s) => s.status === "bounced")).toBe(true);
      // the temporary refusal is not a bounce
      const [retried] = await server.database.db
        .select({ status: newsletterSubscribers.status })
        .from(newsletterSubscribers)
        .where(sql`${newsletterSubscribers.email} = ${later}`);
      expect(retried?.status).toBe("subscribed");
    } finally {
      smtp.setRejectRecipient(null);
    }

    const next = await api(server, cookie, "POST", "/api/admin/newsletters", {
      subject: "After the bounces",
      content: "Bounced addresses are not on this send at all.",
    });
    const nextId = Number(next.body?.id);
    const started = await api(server, cookie, "POST", `/api/admin/newsletters/${nextId}/send`);
    expect(started.body).toMatchObject({ counts: { queued: 17 } });
    await drainOutbox([server.services]);
    const received = receivedBy(smtp, "After the bounces");
    for (const address of refused) expect(received.has(address)).toBe(false);
  });
});

describe("the send rate", () => {
  let smtp: SmtpTestServer;
  let server: SeededTestServer;
  let cookie: string;
  // set once the subscribers exist: they signed up before the send starts
  let clock = manualClock(0);

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await startSeededTestServer({
      transport: transportFor(smtp),
      mail: { newsletterRatePerMinute: 10 },
      now: () => clock.now(),
    });
    await addSubscribers(server, "paced", 25);
    clock = manualClock(Date.now() + 1_000);
    cookie = await adminCookie(server);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("queues at most the configured number of messages per minute", async () => {
    const created = await api(server, cookie, "POST", "/api/admin/newsletters", {
      subject: "Ten a minute",
      content: "Sent no faster than the mail provider allows.",
    });
    const id = Number(created.body?.id);
    const started = await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`);
    expect(started.body).toMatchObject({ status: "sending", counts: { waiting: 15, queued: 10 } });

    clock.advance(30_000);
    const early = await server.services.newsletters.runDue();
    expect(early).toEqual({ queued: 0, more: true, waitMs: 30_000 });
    expect(await deliveryCount(server, id)).toBe(10);

    clock.advance(30_000);
    expect(await server.services.newsletters.runDue()).toMatchObject({ queued: 10, more: true });
    expect(await deliveryCount(server, id)).toBe(20);

    clock.advance(60_000);
    expect(await server.services.newsletters.runDue()).toEqual({ queued: 5, more: false, waitMs: 0 });
    const done = await api(server, cookie, "GET", `/api/admin/newsletters/${id}`);
    expect(done.body).toMatchObject({ status: "sent", counts: { waiting: 0, queued: 25 } });
    await drainOutbox([server.services]);
    expect(receivedBy(smtp, "Ten a minute").size).toBe(25);
  });
});

describe("a restart in the middle of a send", () => {
  let smtp: SmtpTestServer;
  let server: SeededTestServer;
  let cookie: string;
  // set once the subscribers exist: they signed up before the send starts
  let clock = manualClock(0);

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    server = await startSeededTestServer({
      transport: transportFor(smtp),
      mail: { newsletterRatePerMinute: 40 },
      now: () => clock.now(),
    });
    await addSubscribers(server, "restart", 100, { unsubscribed: 10 });
    clock = manualClock(Date.now() + 1_000);
    cookie = await adminCookie(server);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it("finishes the rest in the new process without sending anything twice", { timeout: 120_000 }, async () => {
    const subject = "Interrupted, then finished";
    const created = await api(server, cookie, "POST", "/api/admin/newsletters", {
      subject,
      content: "The process stops half way through this send and a new one finishes it.",
    });
    const id = Number(created.body?.id);
    await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`);
    // the first process sends part of what it queued, then stops (its workers and mail)
    await server.services.outbox.runDue(15);
    await server.services.newsletters.stop();
    await server.services.outbox.stop();
    expect(await deliveryCount(server, id)).toBe(40);
    expect(smtp.messages).toHaveLength(15);

    // A new process on the same database: its worker picks the send up by itself.
    const restarted = createServices(server.database, {
      logger: pino({ level: "silent" }),
      siteUrl: TEST_SITE_URL,
      now: () => clock.now(),
      mail: { transport: transportFor(smtp), contactTo: OWNER, sendTimeoutMs: 3_000, newsletterRatePerMinute: 40 },
    });
    try {
      for (let minute = 0; minute < 5; minute++) {
        clock.advance(60_000);
        await restarted.newsletters.runDue();
        await drainOutbox([restarted]);
      }
      expect(await deliveryCount(server, id)).toBe(90);
      const received = receivedBy(smtp, subject);
      expect(received.size).toBe(90);
      expect([...received.values()].every((n) => n === 1)).toBe(true);
      expect((await restarted.newsletters.get(id))?.counts).toEqual({
        waiting: 0,
        queued: 0,
        sent: 90,
        failed: 0,
        bounced: 0,
      });
    } finally {
      await restarted.newsletters.stop();
      await restarted.outbox.stop();
    }
  });

  it("refuses a second delivery row for the same subscriber (the exactly-once rule is the database's)", async () => {
    const { rows } = await server.database.db.execute<{ newsletter_id: number; subscriber_id: number }>(
      sql`select newsletter_id, subscriber_id from newsletter_deliveries limit 1`,
    );
    const [row] = rows;
    await expect(
      server.database.db
        .insert(newsletterDeliveries)
        .values({ newsletterId: Number(row?.newsletter_id), subscriberId: Number(row?.subscriber_id) }),
    ).rejects.toThrow();
  });
});
