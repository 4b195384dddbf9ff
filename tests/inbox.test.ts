import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../server/db/schema";
import { createSmtpTransport } from "../server/mail/transport";
import { type SmtpTestServer, startSmtpTestServer } from "./support/smtp-test-server";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// The owner's inbox (issue 19): contact messages listed newest first with their unread state,
// read/unread, archive, search and paging, the trash (restore, delete for good, the 30-day
// purge), whether the notification went out, and the reply from the site through the outbox.

const OWNER = "owner@pawsomepicks.test";
const DAY_MS = 24 * 60 * 60_000;

interface Summary {
  id: number;
  name: string;
  email: string;
  subject: string;
  excerpt: string;
  readAt: string | null;
  archivedAt: string | null;
  repliedAt: string | null;
}

let smtp: SmtpTestServer;
let server: SeededTestServer;
let mailless: SeededTestServer;
let cookie: string;
let offset = 0;
const clock = { now: () => new Date(Date.now() + offset) };

async function call(method: string, path: string, body?: unknown, on = server, session = cookie) {
  const res = await fetch(`${on.url}${path}`, {
    method,
    headers: { cookie: session, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function contact(name: string, email: string, subject: string, message: string, on = server) {
  const res = await fetch(`${on.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email, subject, message }),
  });
  expect(res.status).toBeLessThan(300);
}

const list = async (query = "") => {
  const answer = await call("GET", `/api/admin/messages${query}`);
  expect(answer.status).toBe(200);
  return {
    items: answer.body as Summary[],
    total: Number(answer.headers.get("x-total-count")),
    unread: Number(answer.headers.get("x-unread-count")),
  };
};

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  server = await startSeededTestServer({
    transport: createSmtpTransport({ url: smtp.url, from: { address: "hello@pawsomepicks.test" }, timeoutMs: 5_000 }),
    now: clock.now,
  });
  mailless = await startSeededTestServer();
  cookie = await adminCookie(server);
  await contact(
    "Ada Lovelace",
    "ada@example.com",
    "Which toy for a beagle?",
    "My beagle chews everything, 100% of it.",
  );
  await contact("Grace Hopper", "grace@example.com", "Order question", "Where can I buy the rope toy you reviewed?");
  await contact("Linus T", "linus@example.com", "Thanks!", "Thank you for the great guide about puzzle toys.");
}, 120_000);

afterAll(async () => {
  await server?.close();
  await mailless?.close();
  await smtp?.close();
});

describe("the inbox", () => {
  it("lists messages newest first, unread, with how many match and how many are unread", async () => {
    const { items, total, unread } = await list();
    expect(items.map((m) => m.name)).toEqual(["Linus T", "Grace Hopper", "Ada Lovelace"]);
    expect(total).toBe(3);
    expect(unread).toBe(3);
    expect(items.every((m) => m.readAt === null && m.archivedAt === null)).toBe(true);
    expect(items[2]?.excerpt).toBe("My beagle chews everything, 100% of it.");
    expect(await server.services.inbox.unreadCount()).toBe(3);
  });

  it("shows a message in full with whether its notification went out", async () => {
    const [newest] = (await list()).items;
    const { status, body } = await call("GET", `/api/admin/messages/${newest?.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: "Linus T",
      email: "linus@example.com",
      message: "Thank you for the great guide about puzzle toys.",
      notification: { state: "sent", sentAt: expect.any(String), lastError: null },
    });
    // reading it through the API does not mark it read; the page does (markRead)
    expect((await list()).unread).toBe(3);
    expect(await server.services.inbox.markRead(Number(newest?.id))).toBe(true);
    expect(await server.services.inbox.markRead(Number(newest?.id))).toBe(false);
    expect((await list()).unread).toBe(2);

    // Without a mail server the notification waits; messages from before this feature are unknown.
    await contact(
      "Offline Olga",
      "olga@example.com",
      "Still there?",
      "Nobody reads this until a mail server is set.",
      mailless,
    );
    const offline = await call("GET", "/api/admin/messages", undefined, mailless, await adminCookie(mailless));
    const [olga] = offline.body as Summary[];
    const olgaCookie = await adminCookie(mailless);
    expect((await call("GET", `/api/admin/messages/${olga?.id}`, undefined, mailless, olgaCookie)).body).toMatchObject({
      notification: { state: "waiting", sentAt: null },
    });
    const [old] = await mailless.database.db
      .insert(contactMessages)
      .values({
        name: "Old Otto",
        email: "otto@example.com",
        subject: "From before",
        message: "Sent before the inbox.",
      })
      .returning({ id: contactMessages.id });
    expect((await call("GET", `/api/admin/messages/${old?.id}`, undefined, mailless, olgaCookie)).body).toMatchObject({
      notification: { state: "unknown" },
    });
  });

  it("marks read and unread, archives and brings back", async () => {
    const ada = (await list("?search=ada")).items[0];
    const read = await call("PATCH", `/api/admin/messages/${ada?.id}`, { read: true });
    expect(read.body.readAt).toEqual(expect.any(String));
    const again = await call("PATCH", `/api/admin/messages/${ada?.id}`, { read: true });
    expect(again.body.readAt).toBe(read.body.readAt);
    expect((await list("?view=unread")).items.map((m) => m.name)).toEqual(["Grace Hopper"]);
    expect((await call("PATCH", `/api/admin/messages/${ada?.id}`, { read: false })).body.readAt).toBeNull();

    const archived = await call("PATCH", `/api/admin/messages/${ada?.id}`, { archived: true, read: true });
    expect(archived.body).toMatchObject({ archivedAt: expect.any(String), readAt: expect.any(String) });
    expect((await list()).items.map((m) => m.name)).toEqual(["Linus T", "Grace Hopper"]);
    expect((await list("?view=archived")).items.map((m) => m.name)).toEqual(["Ada Lovelace"]);
    expect((await list("?view=all")).total).toBe(3);
    await call("PATCH", `/api/admin/messages/${ada?.id}`, { archived: false });
    expect((await list()).total).toBe(3);

    expect((await call("PATCH", `/api/admin/messages/${ada?.id}`, {})).status).toBe(400);
    expect((await call("PATCH", `/api/admin/messages/${ada?.id}`, { read: "yes" })).status).toBe(400);
    expect((await call("PATCH", `/api/admin/messages/${ada?.id}`, { starred: true })).status).toBe(400);
    expect((await call("PATCH", "/api/admin/messages/999999", { read: true })).status).toBe(404);
  });

  it("searches names, addresses, subjects and text, literally, and pages", async () => {
    expect((await list("?search=GRACE")).items.map((m) => m.name)).toEqual(["Grace Hopper"]);
    expect((await list("?search=linus%40example")).items.map((m) => m.name)).toEqual(["Linus T"]);
    expect((await list("?search=order%20question")).items.map((m) => m.name)).toEqual(["Grace Hopper"]);
    expect((await list("?search=puzzle")).items.map((m) => m.name)).toEqual(["Linus T"]);
    expect((await list("?search=100%25")).items.map((m) => m.name)).toEqual(["Ada Lovelace"]);
    expect((await list("?search=_")).total).toBe(0);
    const second = await list("?pageSize=1&page=2");
    expect(second.items.map((m) => m.name)).toEqual(["Grace Hopper"]);
    expect(second.total).toBe(3);
    expect((await call("GET", "/api/admin/messages?view=starred")).status).toBe(400);
    expect((await call("GET", "/api/admin/messages?page=0")).status).toBe(400);
    expect((await call("GET", "/api/admin/messages")).status).toBe(200);
    expect((await fetch(`${server.url}/api/admin/messages`)).status).toBe(401);
  });

  it("moves a message to the trash, restores it, deletes it for good, and purges it after 30 days", async () => {
    const grace = (await list("?search=grace")).items[0];
    expect((await call("DELETE", `/api/admin/messages/${grace?.id}`)).status).toBe(204);
    expect((await call("GET", `/api/admin/messages/${grace?.id}`)).status).toBe(404);
    expect((await list()).items.map((m) => m.name)).not.toContain("Grace Hopper");
    const trash = (await call("GET", "/api/admin/trash")).body as { kind: string; id: number; title: string }[];
    expect(trash).toContainEqual(
      expect.objectContaining({ kind: "message", id: grace?.id, title: "Grace Hopper: Order question" }),
    );
    const restored = await call("POST", `/api/admin/messages/${grace?.id}/restore`);
    expect(restored).toMatchObject({ status: 200, body: { name: "Grace Hopper" } });
    expect((await call("POST", `/api/admin/messages/${grace?.id}/restore`)).status).toBe(404);

    // delete for good: the message and the notification e-mail that copied it
    const { rows: before } = await server.database.db.execute<{ id: number }>(
      sql`select notification_outbox_id as id from contact_messages where id = ${grace?.id}`,
    );
    await call("DELETE", `/api/admin/messages/${grace?.id}`);
    expect((await call("DELETE", `/api/admin/trash/messages/${grace?.id}`)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/trash/messages/${grace?.id}`)).status).toBe(404);
    const { rows: outbox } = await server.database.db.execute(
      sql`select id from email_outbox where id = ${Number(before[0]?.id)}`,
    );
    expect(outbox).toHaveLength(0);

    const linus = (await list("?search=linus")).items[0];
    await call("DELETE", `/api/admin/messages/${linus?.id}`);
    offset = 29 * DAY_MS;
    expect(await server.services.trash.purgeExpired()).toBe(0);
    offset = 31 * DAY_MS;
    expect(await server.services.trash.purgeExpired()).toBe(1);
    const { rows } = await server.database.db.execute(sql`select id from contact_messages where id = ${linus?.id}`);
    expect(rows).toHaveLength(0);
    offset = 0;
  });

  it("replies from the site through the outbox, and refuses without a mail server", async () => {
    const ada = (await list("?search=ada")).items[0];
    const before = smtp.messages.length;
    const reply = await call("POST", `/api/admin/messages/${ada?.id}/reply`, {
      subject: "Re: Which toy for a beagle?",
      message: "Hi Ada,\n\nTry the tough rubber chew.\n\nBest, the Pawsome Picks team",
    });
    expect(reply).toMatchObject({ status: 200, body: { emailSent: true } });
    const [mail] = smtp.messages.slice(before);
    expect(mail?.to).toEqual(["ada@example.com"]);
    expect(mail?.parsed.subject).toBe("Re: Which toy for a beagle?");
    expect(mail?.parsed.headers["reply-to"]).toContain(OWNER);
    expect(mail?.parsed.text).toContain("Try the tough rubber chew.");
    expect(mail?.parsed.text).toContain("> My beagle chews everything, 100% of it.");
    const stored = await call("GET", `/api/admin/messages/${ada?.id}`);
    expect(stored.body).toMatchObject({ repliedAt: expect.any(String), readAt: expect.any(String) });

    expect((await call("POST", `/api/admin/messages/${ada?.id}/reply`, { subject: "Hi", message: "" })).status).toBe(
      400,
    );
    expect(
      (await call("POST", `/api/admin/messages/${ada?.id}/reply`, { subject: "Two\nlines", message: "Hello" })).status,
    ).toBe(400);
    expect((await call("POST", "/api/admin/messages/999999/reply", { subject: "Hi", message: "Hello" })).status).toBe(
      404,
    );
    const offlineCookie = await adminCookie(mailless);
    const [olga] = (await call("GET", "/api/admin/messages", undefined, mailless, offlineCookie)).body as Summary[];
    const refused = await call(
      "POST",
      `/api/admin/messages/${olga?.id}/reply`,
      { subject: "Hi", message: "Hello" },
      mailless,
      offlineCookie,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/No mail server/);
  });
});
