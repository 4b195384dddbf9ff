import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as unsubscribeAction } from "../app/routes/public/unsubscribe";
import { NEWSLETTER_SEND_TEXT } from "../domain/newsletters";
import { newsletterDeliveries, newsletterSubscribers } from "../server/db/schema";
import { createSmtpTransport, type MailTransport } from "../server/mail/transport";
import type { Services } from "../server/services/create-services";
import { appContextWith } from "./support/app-context";
import { type SmtpTestServer, startSmtpTestServer } from "./support/smtp-test-server";
import {
  adminCookie,
  type SeededTestServer,
  startSeededTestServer,
  TEST_POSTAL_ADDRESS,
  TEST_SITE_URL,
} from "./support/test-server";
import { testServices } from "./support/test-services";

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
    second = testServices(server.database, {
      siteUrl: TEST_SITE_URL,
      settings: { postalAddress: TEST_POSTAL_ADDRESS },
      mail: { transport: transportFor(smtp), contactTo: OWNER, newsletterRatePerMinute: 10_000 },
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
      // the sender's postal address (CAN-SPAM) closes both parts
      expect(mail.parsed.text).toContain(`\n\n${TEST_POSTAL_ADDRESS}\n`);
      expect(mail.parsed.html).toContain(`>${TEST_POSTAL_ADDRESS.replace(/\n/g, "<br>")}</p></div></body>`);
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
      context: appContextWith({ services: server.services }),
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
    const restarted = testServices(server.database, {
      siteUrl: TEST_SITE_URL,
      now: () => clock.now(),
      settings: { postalAddress: TEST_POSTAL_ADDRESS },
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

describe("what a newsletter needs before it goes out (issue 26)", () => {
  let smtp: SmtpTestServer;
  let server: SeededTestServer;
  let cookie: string;
  let audience: { subscribed: string[]; all: string[] };
  let toys: { id: number; slug: string; name: string }[];

  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    // a site whose configuration has no SITE_POSTAL_ADDRESS
    server = await startSeededTestServer({
      transport: transportFor(smtp),
      postalAddress: null,
      mail: { newsletterRatePerMinute: 10_000 },
    });
    cookie = await adminCookie(server);
    audience = await addSubscribers(server, "rules", 3);
    toys = (await (await fetch(`${server.url}/api/toys`)).json()) as typeof toys;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  async function draft(content: string, subject = "Rules of the send", preheader?: string): Promise<number> {
    const created = await api(server, cookie, "POST", "/api/admin/newsletters", { subject, content, preheader });
    expect(created.status).toBe(201);
    return Number(created.body?.id);
  }

  async function queuedFor(id: number): Promise<number> {
    await drainOutbox([server.services]);
    return deliveryCount(server, id);
  }

  it("refuses a send without a postal address (409, nothing queued) and sends with the one the owner saves", async () => {
    const id = await draft("A short note for everyone on the list, with the address at its foot.");
    const refused = await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body?.message).toBe(NEWSLETTER_SEND_TEXT.noPostalAddress);
    expect((await api(server, cookie, "GET", `/api/admin/newsletters/${id}`)).body).toMatchObject({ status: "draft" });
    expect(await queuedFor(id)).toBe(0);
    expect(await entriesOf(server, cookie, "send", "newsletter", id)).toEqual([]);

    expect((await api(server, cookie, "GET", "/api/admin/settings")).body).toMatchObject({
      postalAddress: null,
      postalAddressSource: null,
      environmentPostalAddress: null,
      associateTag: null,
    });
    // saved in the admin: trimmed line by line, blank lines dropped
    const saved = await api(server, cookie, "PUT", "/api/admin/settings", {
      postalAddress: "  Rules Dept.  \r\n\r\n  9 Kennel Road \nDogtown, TX 75001  ",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      postalAddress: "Rules Dept.\n9 Kennel Road\nDogtown, TX 75001",
      postalAddressSource: "admin",
    });
    expect(await entriesOf(server, cookie, "update", "settings")).toEqual([
      expect.objectContaining({ itemLabel: "Site settings", details: { postalAddress: "saved" } }),
    ]);

    const sent = await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`);
    expect(sent.status).toBe(202);
    expect(await queuedFor(id)).toBe(audience.subscribed.length);
    const mails = smtp.messages.filter((mail) => mail.parsed.subject === "Rules of the send");
    expect(mails).toHaveLength(audience.subscribed.length);
    for (const mail of mails) {
      expect(mail.parsed.text).toContain("\n\nRules Dept.\n9 Kennel Road\nDogtown, TX 75001\n");
      expect(mail.parsed.html).toContain(">Rules Dept.<br>9 Kennel Road<br>Dogtown, TX 75001</p></div></body>");
    }

    // removing it refuses the next send again
    const removed = await api(server, cookie, "PUT", "/api/admin/settings", { postalAddress: "" });
    expect(removed.body).toMatchObject({ postalAddress: null, postalAddressSource: null });
    const next = await draft("Another note, which must wait for an address before it goes out.");
    expect((await api(server, cookie, "POST", `/api/admin/newsletters/${next}/send`)).status).toBe(409);
    expect(await queuedFor(next)).toBe(0);

    // a send under way (started when there was one) waits while there is none
    await server.database.db.execute(
      sql`update newsletters set status = 'sending', send_started_at = now() where id = ${next}`,
    );
    expect(await server.services.newsletters.runDue()).toMatchObject({ queued: 0, more: true });
    expect(await queuedFor(next)).toBe(0);
    await api(server, cookie, "PUT", "/api/admin/settings", { postalAddress: "1 Waiting Way, Dogtown, TX 75001" });
    expect(await server.services.newsletters.runDue()).toMatchObject({ queued: audience.subscribed.length });
  });

  it("refuses a postal address it cannot use, with the field's message", async () => {
    const tooShort = await api(server, cookie, "PUT", "/api/admin/settings", { postalAddress: "PO 1" });
    expect(tooShort).toMatchObject({
      status: 400,
      body: { errors: { postalAddress: ["The postal address must be at least 10 characters"] } },
    });
    const tooLong = await api(server, cookie, "PUT", "/api/admin/settings", {
      postalAddress: Array.from({ length: 7 }, (_, i) => `Line number ${i + 1}`).join("\n"),
    });
    expect(tooLong.body?.errors).toEqual({ postalAddress: ["The postal address must be at most 6 lines"] });
    expect((await api(server, cookie, "PUT", "/api/admin/settings", { postalAddress: 12 })).status).toBe(400);
  });

  it("refuses a send while a product token does not resolve, naming each, also a toy deleted since the save", async () => {
    await api(server, cookie, "PUT", "/api/admin/settings", { postalAddress: "1 Token Street, Dogtown, TX 75001" });
    const [kept, other] = toys;
    if (!kept || !other) throw new Error("the demo catalogue has too few toys");
    const id = await draft(
      `## Picks\n\n[[toy:${kept.slug}]]\n\n[[toy:gone-for-good]]\n\nAlso try [[toy:${other.slug}]] this week.`,
      "Token rules",
    );
    const preview = await api(server, cookie, "GET", `/api/admin/newsletters/${id}/preview`);
    expect(((preview.body?.warnings ?? []) as { token: string }[]).map((w) => w.token)).toEqual([
      "[[toy:gone-for-good]]",
      `[[toy:${other.slug}]]`,
    ]);
    // what the preview shows (and a test copy gets) has no raw token
    expect(String(preview.body?.html)).not.toContain("[[toy:");
    expect(String(preview.body?.text)).not.toContain("[[toy:");

    const refused = await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body?.message).toBe(
      NEWSLETTER_SEND_TEXT.unresolvedTokens(["[[toy:gone-for-good]]", `[[toy:${other.slug}]]`]),
    );
    expect(await queuedFor(id)).toBe(0);

    // fixed in the draft, then its toy is deleted before the send: the send finds out
    await api(server, cookie, "PATCH", `/api/admin/newsletters/${id}`, {
      content: `## Picks\n\n[[toy:${kept.slug}]]\n\nAll our picks, tested by real dogs.`,
    });
    expect((await api(server, cookie, "DELETE", `/api/toys/${kept.id}`)).status).toBe(204);
    const afterDelete = await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`);
    expect(afterDelete.status).toBe(409);
    expect(afterDelete.body?.message).toContain(`[[toy:${kept.slug}]]`);
    expect(await queuedFor(id)).toBe(0);

    expect((await api(server, cookie, "POST", `/api/toys/${kept.id}/restore`)).status).toBe(200);
    expect((await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`)).status).toBe(202);
    expect(await queuedFor(id)).toBe(audience.subscribed.length);
    for (const mail of smtp.messages.filter((m) => m.parsed.subject === "Token rules")) {
      expect(mail.parsed.text).not.toContain("[[");
      expect(mail.parsed.html).not.toContain("[[");
      expect(mail.parsed.html).toContain(kept.name);
    }
  });

  it("shows uploads as JPEG or PNG copies with their size, made once, and leaves SVG and WebP out", async () => {
    const photo = await upload(
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3366cc" } })
        .png()
        .toBuffer(),
    );
    const logo = await upload(
      await sharp({
        create: { width: 200, height: 100, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } },
      })
        .png()
        .toBuffer(),
    );
    const photoHash = hashOf(photo);
    const logoHash = hashOf(logo);
    const created = await api(server, cookie, "POST", "/api/toys", {
      name: "Email Image Rope",
      description: "A rope toy whose photo goes out in newsletters.",
      details: "Braided cotton rope with two knots, made for the test of images in e-mails.",
      price: "$11.99",
      rating: "4.4",
      materialType: "durable",
      features: ["interactive"],
      ageRecommendation: "adult",
      suitableFor: "medium",
      imageUrl: photo,
      amazonUrl: "https://www.amazon.com/dp/B000EMAIL1",
    });
    expect(created.status).toBe(201);
    const toy = created.body as unknown as { slug: string };
    const id = await draft(
      [
        "A week of pictures.",
        `![Our test photo](${photo})`,
        `![](/uploads/${logoHash}-400.webp)`,
        "![A drawing](https://cdn.example.com/drawing.svg)",
        "![A webp](https://cdn.example.com/picture.WEBP?v=2)",
        "![Elsewhere](https://cdn.example.com/photo.jpg)",
        `[[toy:${toy.slug}]]`,
      ].join("\n\n"),
      "Pictures",
    );
    await server.database.db.execute(sql`update media set alt_text = 'Red logo' where hash = ${logoHash}`);

    const preview = await api(server, cookie, "GET", `/api/admin/newsletters/${id}/preview`);
    const html = String(preview.body?.html);
    expect(html).toContain(
      `<img src="${TEST_SITE_URL}/uploads/${photoHash}-600.jpg" width="552" height="368" alt="Our test photo"`,
    );
    // the library's alt text when the body gives none; never wider than the image
    expect(html).toContain(
      `<img src="${TEST_SITE_URL}/uploads/${logoHash}-600.png" width="200" height="100" alt="Red logo"`,
    );
    // the buy box: the toy's photo as its copy, 120 px wide
    expect(html).toContain(
      `<img src="${TEST_SITE_URL}/uploads/${photoHash}-600.jpg" width="120" height="80" alt="Email Image Rope"`,
    );
    expect(html).toContain('<img src="https://cdn.example.com/photo.jpg" width="552" alt="Elsewhere"');
    expect(html).not.toMatch(/\.webp|\.svg/i);
    expect(preview.body?.leftOutImages).toEqual([
      {
        src: "https://cdn.example.com/drawing.svg",
        reason: expect.stringContaining("SVG images do not show in Gmail"),
      },
      { src: "https://cdn.example.com/picture.WEBP?v=2", reason: expect.stringContaining("WebP images do not show") },
    ]);

    // served at their own addresses, cacheable for good, as JPEG and PNG
    const jpeg = await fetch(`${server.url}/uploads/${photoHash}-600.jpg`);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(jpeg.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const jpegBytes = Buffer.from(await jpeg.arrayBuffer());
    expect(await sharp(jpegBytes).metadata()).toMatchObject({ format: "jpeg", width: 600, height: 400 });
    const png = Buffer.from(await (await fetch(`${server.url}/uploads/${logoHash}-600.png`)).arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 200, height: 100, hasAlpha: true });
    // one name per copy: the other format, another width, no width
    for (const path of [`${photoHash}-600.png`, `${logoHash}-600.jpg`, `${photoHash}-400.jpg`, `${photoHash}.jpg`]) {
      expect((await fetch(`${server.url}/uploads/${path}`)).status, path).toBe(404);
    }
    // made once and kept: every instance serves these same bytes
    const again = Buffer.from(await (await fetch(`${server.url}/uploads/${photoHash}-600.jpg`)).arrayBuffer());
    expect(again.equals(jpegBytes)).toBe(true);
    const { rows } = await server.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from media_email_copies c join media m on m.id = c.media_id where m.hash in (${photoHash}, ${logoHash})`,
    );
    expect(Number(rows[0]?.n)).toBe(2);

    // the subscribers' copies are the same
    expect(
      (await api(server, cookie, "PUT", "/api/admin/settings", { postalAddress: "1 Picture Lane, Dogtown, TX 75001" }))
        .status,
    ).toBe(200);
    expect((await api(server, cookie, "POST", `/api/admin/newsletters/${id}/send`)).status).toBe(202);
    await queuedFor(id);
    const mail = smtp.messages.find((m) => m.parsed.subject === "Pictures");
    expect(mail?.parsed.html).toContain(`/uploads/${photoHash}-600.jpg`);
    expect(mail?.parsed.html).not.toMatch(/\.webp|\.svg/i);
    expect(mail?.parsed.text).toContain("[Our test photo]");
  });

  it("makes a copy on first request for an upload no e-mail has used yet", async () => {
    const url = await upload(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: "#11aa55" } })
        .jpeg()
        .toBuffer(),
    );
    // asked for by several readers at once: one copy, the same bytes for all
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${server.url}/uploads/${hashOf(url)}-600.jpg`)),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(answers.map(async (res) => Buffer.from(await res.arrayBuffer())));
    expect(bodies.every((body) => body.equals(bodies[0] as Buffer))).toBe(true);
    expect(await sharp(bodies[0]).metadata()).toMatchObject({ format: "jpeg", width: 300 });
    const { rows } = await server.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from media_email_copies c join media m on m.id = c.media_id where m.hash = ${hashOf(url)}`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
    expect((await fetch(`${server.url}/uploads/${"0".repeat(64)}-600.jpg`)).status).toBe(404);
  });

  it("gives the inbox a preview line: the owner's, the first paragraph's, or a post's excerpt", async () => {
    const own = await draft("First paragraph of the body.\n\nSecond one.", "Preview one", "Fresh picks for spring");
    const derived = await draft(
      `## A heading first\n\n[[toy:${toys[0]?.slug}]]\n\nThe *first* paragraph & its words, which run on and on for quite a while so that the inbox cannot show all of them at once, not even on a wide screen.`,
      "Preview two",
    );
    const hidden = (html: string) => /<div style="display:none;[^"]*">([^&<]*)/.exec(html)?.[1];
    const ownPreview = (await api(server, cookie, "GET", `/api/admin/newsletters/${own}/preview`)).body;
    expect(ownPreview?.preheader).toBe("Fresh picks for spring");
    expect(hidden(String(ownPreview?.html))).toBe("Fresh picks for spring");
    const derivedPreview = (await api(server, cookie, "GET", `/api/admin/newsletters/${derived}/preview`)).body;
    expect(derivedPreview?.preheader).toBe(
      "The first paragraph & its words, which run on and on for quite a while so that the inbox cannot show all of them at once, not even on a…",
    );

    const [post] = (await (await fetch(`${server.url}/api/posts`)).json()) as { id: number; excerpt: string }[];
    const fromPost = await api(server, cookie, "POST", "/api/admin/newsletters", { postId: post?.id });
    expect(fromPost.body?.preheader).toBe(post?.excerpt);

    // cleared with an empty value; one line of at most 150 characters
    const cleared = await api(server, cookie, "PATCH", `/api/admin/newsletters/${own}`, { preheader: "" });
    expect(cleared.body).toMatchObject({ preheader: null });
    const tooLong = await api(server, cookie, "PATCH", `/api/admin/newsletters/${own}`, { preheader: "x".repeat(151) });
    expect(tooLong.body?.errors).toEqual({ preheader: ["Preview text must be at most 150 characters"] });
    expect((await api(server, cookie, "PATCH", `/api/admin/newsletters/${own}`, { preheader: "a\nb" })).status).toBe(
      400,
    );
  });

  it("puts the postal address in the quiz results e-mail when there is one, and sends it without one", async () => {
    // last: the quiz subscribes its addresses, which every send above would count
    const answers = { dogSize: "small", dogAge: "puppy", chewStyle: "gentle", playStyle: "solo", toyPurpose: "mental" };
    const quiz = async (email: string) => {
      const res = await fetch(`${server.url}/api/quiz-newsletter`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...answers, email, website: "" }),
      });
      expect(res.status).toBe(200);
      return smtp.messages.find((mail) => mail.to.includes(email));
    };
    await api(server, cookie, "PUT", "/api/admin/settings", { postalAddress: null });
    const without = await quiz("quiz-no-address@example.com");
    expect(without?.parsed.text).toMatch(/Unsubscribe: \S+\n$/);
    await api(server, cookie, "PUT", "/api/admin/settings", {
      postalAddress: "Quiz HQ\n5 Fetch Avenue\nDogtown, TX 75001",
    });
    const withAddress = await quiz("quiz-address@example.com");
    expect(withAddress?.parsed.text).toContain("\n\nQuiz HQ\n5 Fetch Avenue\nDogtown, TX 75001\n");
    expect(withAddress?.parsed.html).toContain(">Quiz HQ<br>5 Fetch Avenue<br>Dogtown, TX 75001</p>");
  });

  async function upload(bytes: Buffer): Promise<string> {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "email-test.png");
    const res = await fetch(`${server.url}/api/upload`, { method: "POST", headers: { cookie }, body: form });
    expect(res.status).toBe(200);
    return ((await res.json()) as { imageUrl: string }).imageUrl;
  }
});

const hashOf = (url: string) => /\/uploads\/([0-9a-f]{64})\.webp$/.exec(url)?.[1] ?? "";

/** Audit log entries of one action on one kind of item (and id). */
async function entriesOf(server: SeededTestServer, cookie: string, action: string, kind: string, id?: number) {
  const { body } = await api(server, cookie, "GET", `/api/admin/audit-log?action=${action}&kind=${kind}&pageSize=200`);
  return (body as unknown as { itemId: number | null }[]).filter((entry) => id === undefined || entry.itemId === id);
}
