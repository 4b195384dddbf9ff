import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LOGIN_LIMITS } from "#server/services/auth.service.ts";
import { SIGN_IN_LINK, SIGN_IN_LINK_TEXT } from "../domain/auth";
import type { DatabaseHandle } from "../server/db/client";
import { createSmtpTransport } from "../server/mail/transport";
import { type SmtpTestServer, startSmtpTestServer } from "./support/smtp-test-server";
import { createTestDatabase } from "./support/test-database";
import { startTestServer, TEST_SITE_URL, type TestServer } from "./support/test-server";

// The owner is never locked out (issue 26): once guesses from unknown browsers throttle sign-in,
// the login page offers a one-time link e-mailed to the owner's address (CONTACT_TO), over a real
// SMTP server here. The link's page asks for a click before it signs in, works once and for 15
// minutes, and asking for links is limited without the answer ever saying whether one went out.
// Renders the pages with the production build (npm test builds first), in production mode
// (__Host- cookies), with a clock the tests move forward.

const PASSWORD = "correct-horse-battery";
const OWNER = "owner@pawsomepicks.test";
const SESSION = "__Host-pawsome_session";
const MINUTE = 60_000;

let database: DatabaseHandle;
let smtp: SmtpTestServer;
let server: TestServer;
let clock = Date.parse("2026-11-23T09:00:00Z");

let nextIp = 1;
/** A fresh client address (each is an unknown browser of its own). */
const freshIp = () => `198.51.100.${nextIp++}`;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name] ?? "");

function sessionOf(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`));
  return header?.slice(SESSION.length + 1).split(";")[0];
}

function postForm(path: string, fields: Record<string, string>, ip: string, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": ip,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

function login(password: string, ip: string) {
  return fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ password }),
  });
}

const requestLink = (ip: string) => postForm(SIGN_IN_LINK.path, { intent: "request" }, ip);
const postLink = (token: string, ip: string) => postForm(SIGN_IN_LINK.path, { intent: "sign-in", token }, ip);
const openLink = (token: string) => fetch(`${server.url}${SIGN_IN_LINK.path}?token=${encodeURIComponent(token)}`);

/** The token of the sign-in link in an e-mail's text. */
function tokenIn(text: string): string {
  const link = new RegExp(`${TEST_SITE_URL}${SIGN_IN_LINK.path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!link?.[1]) throw new Error(`no sign-in link in: ${text}`);
  return link[1];
}

/** Waits until the outbox has nothing left to send (the immediate sends are not awaited). */
async function settled() {
  await expect
    .poll(async () => {
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from email_outbox where status in ('pending', 'sending')`,
      );
      return Number(rows[0]?.n);
    })
    .toBe(0);
}

async function isSignedIn(token: string | undefined): Promise<boolean> {
  const res = await fetch(`${server.url}/api/admin/session`, { headers: { cookie: `${SESSION}=${token}` } });
  return res.status === 200;
}

async function auditEntries() {
  const { items } = await server.services.audit.list({ action: "all", kind: "account", page: 1, pageSize: 50 });
  return items.map(({ action, itemLabel, details }) => ({ action, itemLabel, details }));
}

/** Guesses from unknown browsers until sign-in is throttled for every browser the site does not know. */
async function throttleUnknownBrowsers() {
  for (let i = 0; i < LOGIN_LIMITS.unrecognised.max; i++)
    expect((await login(`guess-${i}`, freshIp())).status).toBe(401);
  expect((await login(PASSWORD, freshIp())).status).toBe(429);
}

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpTestServer();
  server = await startTestServer(database, {
    mode: "production",
    trustProxy: true,
    now: () => new Date(clock),
    renderPages: true,
    transport: createSmtpTransport({
      url: smtp.url,
      from: { name: "Pawsome Picks", address: "hello@pawsomepicks.test" },
      timeoutMs: 5_000,
    }),
    mail: { contactTo: OWNER },
  });
  await server.services.auth.setPassword("admin", PASSWORD);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_limits`);
  await database.db.execute(sql`delete from audit_log`);
  smtp.messages.length = 0;
  clock += 60 * MINUTE;
});

describe("a sign-in link e-mailed to the owner", () => {
  it("lets the owner in while guesses throttle every unknown browser: once, after a click, not from a GET", async () => {
    await throttleUnknownBrowsers();

    // the login page, posted before its scripts ran, offers the link with the throttle message
    const throttled = await postForm("/admin/login", { password: PASSWORD }, freshIp());
    expect(throttled.status).toBe(429);
    const loginPage = decode(await throttled.text());
    expect(loginPage).toContain("Too many failed login attempts");
    expect(loginPage).toContain(SIGN_IN_LINK_TEXT.request);
    expect(loginPage).toContain(`action="${SIGN_IN_LINK.path}"`);

    // asking: a neutral answer, and the link arrives at the owner's address
    const asked = await requestLink(freshIp());
    expect(asked.status).toBe(200);
    expect(asked.headers.get("cache-control")).toBe("private, no-store");
    expect(decode(await asked.text())).toContain(SIGN_IN_LINK_TEXT.sent);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.to).toEqual([OWNER]);
    expect(mail?.parsed.subject).toBe("Your Pawsome Picks sign-in link");
    const token = tokenIn(mail?.parsed.text ?? "");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.parsed.html).toContain(`${SIGN_IN_LINK.path}?token=${token}`);
    // the database keeps only the token's SHA-256
    const { rows } = await database.db.execute<{ token_hash: string }>(sql`select token_hash from sign_in_links`);
    expect(rows.map((row) => row.token_hash)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);

    // opening it (as a mail scanner does) only asks: no session, and the link still works
    for (let i = 0; i < 2; i++) {
      const opened = await openLink(token);
      expect(opened.status).toBe(200);
      expect(opened.headers.get("cache-control")).toBe("private, no-store");
      expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
      expect(sessionOf(opened)).toBeUndefined();
      const html = decode(await opened.text());
      expect(html).toContain(SIGN_IN_LINK_TEXT.confirmTitle);
      const buttons = [...html.matchAll(/<button [^>]*>/g)].map(([tag]) => tag);
      expect(buttons.filter((tag) => tag.includes('name="intent"') && tag.includes('value="sign-in"'))).toHaveLength(1);
    }

    // the click signs in, like a password: a session cookie, to the dashboard
    const used = await postLink(token, freshIp());
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe("/admin");
    expect(used.headers.get("cache-control")).toBe("private, no-store");
    const session = sessionOf(used);
    expect(await isSignedIn(session)).toBe(true);

    // once: the same link again is refused, and says why
    const again = await postLink(token, freshIp());
    expect(again.status).toBe(410);
    expect(sessionOf(again)).toBeUndefined();
    expect(decode(await again.text())).toContain(SIGN_IN_LINK_TEXT.usedTitle);
    const reopened = await openLink(token);
    expect(reopened.status).toBe(410);
    expect(decode(await reopened.text())).toMatch(/href="\/admin\/login"/);

    // the activity log: the link sent, and the sign-in it made
    expect(await auditEntries()).toEqual(
      expect.arrayContaining([
        { action: "sign-in-link", itemLabel: "admin", details: {} },
        { action: "sign-in", itemLabel: "admin", details: { via: "e-mail link" } },
      ]),
    );
    expect((await auditEntries()).filter((entry) => entry.action === "sign-in")).toHaveLength(1);
  });

  it("signs in at most once when the same link is used several times at the same moment", async () => {
    await requestLink(freshIp());
    const [mail] = await smtp.waitForMessages(1);
    const token = tokenIn(mail?.parsed.text ?? "");
    // the service itself, so the uses interleave statement by statement (pages render one at a time)
    const { auth } = server.services;
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => auth.signInWithLink({ token, client: freshIp() }).then((r) => r.outcome)),
    );
    expect(outcomes.sort()).toEqual(["signed-in", "used", "used", "used"]);
    // and through the page: the link is spent
    const answers = await Promise.all(Array.from({ length: 2 }, () => postLink(token, freshIp())));
    expect(answers.map((res) => res.status)).toEqual([410, 410]);
    expect(answers.filter((res) => sessionOf(res) !== undefined)).toHaveLength(0);
  });

  it("works for 15 minutes only", async () => {
    await requestLink(freshIp());
    const [mail] = await smtp.waitForMessages(1);
    const token = tokenIn(mail?.parsed.text ?? "");
    clock += SIGN_IN_LINK.minutes * MINUTE - 1_000;
    expect((await openLink(token)).status).toBe(200);
    clock += 2_000;
    const opened = await openLink(token);
    expect(opened.status).toBe(410);
    expect(decode(await opened.text())).toContain(SIGN_IN_LINK_TEXT.expiredTitle);
    const used = await postLink(token, freshIp());
    expect(used.status).toBe(410);
    expect(sessionOf(used)).toBeUndefined();
    expect(decode(await used.text())).toContain(SIGN_IN_LINK_TEXT.expiredTitle);
  });

  it("refuses a token it never sent, a cut one and none, and signs nobody in", async () => {
    await requestLink(freshIp());
    const [mail] = await smtp.waitForMessages(1);
    const token = tokenIn(mail?.parsed.text ?? "");
    for (const wrong of ["A".repeat(43), token.slice(0, -1), `${token}x`, "", "not a token at all"]) {
      const opened = await openLink(wrong);
      expect({ wrong, status: opened.status }).toEqual({ wrong, status: 400 });
      expect(decode(await opened.text())).toContain(SIGN_IN_LINK_TEXT.invalidTitle);
      const used = await postLink(wrong, freshIp());
      expect({ wrong, status: used.status }).toEqual({ wrong, status: 400 });
      expect(sessionOf(used)).toBeUndefined();
    }
    // a post that says neither what it asks nor which link
    expect((await postForm(SIGN_IN_LINK.path, { token }, freshIp())).status).toBe(400);
    // the real one still works
    expect((await postLink(token, freshIp())).status).toBe(302);
  });

  it("sends at most 3 links in 15 minutes, per client and over all clients, with the same answer either way", async () => {
    const ip = freshIp();
    const bodies: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await requestLink(ip);
      expect(res.status).toBe(200);
      bodies.push(/<p role="status"[^>]*>([^<]*)<\/p>/.exec(await res.text())?.[1] ?? "");
    }
    expect(new Set(bodies).size).toBe(1);
    expect(decode(bodies[0] ?? "")).toBe(SIGN_IN_LINK_TEXT.sent);
    await settled();
    expect(smtp.messages).toHaveLength(SIGN_IN_LINK.perWindow);

    // other clients: the account's own limit is reached too
    for (let i = 0; i < 3; i++) expect((await requestLink(freshIp())).status).toBe(200);
    await settled();
    expect(smtp.messages).toHaveLength(SIGN_IN_LINK.perWindow);
    // only the links that went out are in the activity log
    expect((await auditEntries()).filter((entry) => entry.action === "sign-in-link")).toHaveLength(
      SIGN_IN_LINK.perWindow,
    );

    // a rolling window: 15 minutes after the first, one more
    clock += SIGN_IN_LINK.minutes * MINUTE + 1_000;
    await requestLink(freshIp());
    await settled();
    expect(smtp.messages).toHaveLength(SIGN_IN_LINK.perWindow + 1);
  });

  it("is recognised afterwards: the browser's password sign-ins no longer wait for the unknown browsers' throttle", async () => {
    await throttleUnknownBrowsers();
    await requestLink(freshIp());
    const [mail] = await smtp.waitForMessages(1);
    const used = await postLink(tokenIn(mail?.parsed.text ?? ""), freshIp());
    const device = used.headers.getSetCookie().find((c) => c.startsWith("__Host-pawsome_device="));
    expect(device).toBeDefined();
    const res = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": freshIp(),
        cookie: device?.split(";")[0] ?? "",
      },
      body: JSON.stringify({ password: PASSWORD }),
    });
    expect(res.status).toBe(200);
  });

  it("forgets the client's own failed sign-ins once it signed in with a link, as a right password does", async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perClient.max; i++) expect((await login(`typo-${i}`, ip)).status).toBe(401);
    expect((await login(PASSWORD, ip)).status).toBe(429);
    await requestLink(ip);
    const [mail] = await smtp.waitForMessages(1);
    expect((await postLink(tokenIn(mail?.parsed.text ?? ""), ip)).status).toBe(302);
    // another browser at the same address, not recognised: its address is no longer held back
    expect((await login(PASSWORD, ip)).status).toBe(200);
  });

  it("is not queued where the site has no mail server: it would arrive long after its 15 minutes", async () => {
    const queued = async () => {
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from email_outbox where kind = 'sign-in-link'`,
      );
      return Number(rows[0]?.n);
    };
    const before = await queued();
    const mailless = await startTestServer(database, { now: () => new Date(clock) });
    try {
      expect(await mailless.services.auth.requestSignInLink({ client: freshIp() })).toEqual({ outcome: "not-sent" });
      expect(await queued()).toBe(before);
    } finally {
      await mailless.close();
    }
  });

  it("goes through the outbox, and is not sent again once it has gone", async () => {
    await requestLink(freshIp());
    await settled();
    const { rows } = await database.db.execute<{ kind: string; recipient: string; status: string }>(
      sql`select kind, recipient, status from email_outbox where kind = 'sign-in-link' order by id desc limit 1`,
    );
    expect(rows[0]).toEqual({ kind: "sign-in-link", recipient: OWNER, status: "sent" });
    await server.services.outbox.runDue();
    expect(smtp.messages).toHaveLength(1);
  });
});
