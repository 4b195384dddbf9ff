import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database";
import { startTestServer, type TestServer } from "../../tests/support/test-server";
import type { DatabaseHandle } from "../db/client";
import { createAuthService, SESSION_IDLE_MS } from "../services/auth.service";
import { createRateLimitService } from "../services/rate-limit.service";

// Admin sign-in over HTTP, in production mode (Secure __Host- cookie), with a clock the
// tests move forward to check idle and absolute expiry.

const PASSWORD = "correct-horse-battery";
const COOKIE = "__Host-pawsome_session";
const HOUR = 60 * 60_000;

let database: DatabaseHandle;
let server: TestServer;
let clock = Date.parse("2026-11-22T10:00:00Z");

function call(path: string, init: { method?: string; body?: unknown; cookie?: string; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = `${COOKIE}=${init.cookie}`;
  if (init.ip) headers["x-forwarded-for"] = init.ip;
  return fetch(`${server.url}${path}`, {
    method: init.method ?? (init.body !== undefined ? "POST" : "GET"),
    headers,
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
}

function sessionCookie(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`));
  return header?.slice(COOKIE.length + 1).split(";")[0];
}

async function login(password = PASSWORD, ip?: string) {
  return call("/api/admin/login", { body: { password }, ip });
}

async function signIn(ip?: string): Promise<string> {
  const res = await login(PASSWORD, ip);
  expect(res.status).toBe(200);
  const token = sessionCookie(res);
  if (!token) throw new Error("no session cookie");
  return token;
}

let nextIp = 1;
/** A fresh client address per test, so the per-IP failure count of one test does not leak into another. */
const freshIp = () => `203.0.113.${nextIp++}`;

beforeAll(async () => {
  database = await createTestDatabase();
  await createAuthService(database.db, createRateLimitService(database.db)).setPassword("admin", PASSWORD);
  server = await startTestServer(database, { mode: "production", trustProxy: true, now: () => new Date(clock) });
});
afterAll(async () => {
  await server.close();
  await database.close();
});
beforeEach(async () => {
  // the account-wide failure count is shared by all tests: start each from zero
  await database.db.execute(sql`delete from rate_limits`);
});

describe("POST /api/admin/login", () => {
  it("signs in with the right password and sets an HttpOnly, Secure, SameSite=Lax __Host- cookie", async () => {
    const res = await login(PASSWORD, freshIp());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: { username: "admin" } });
    const header = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`)) ?? "";
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(/; HttpOnly(;|$)/);
    expect(header).toMatch(/; Secure(;|$)/);
    expect(header).toMatch(/; SameSite=Lax(;|$)/);
    expect(header).not.toMatch(/; Domain=/i);
    const token = sessionCookie(res) ?? "";
    // at least 128 bits of randomness (base64url: 6 bits per character)
    expect(token.length * 6).toBeGreaterThanOrEqual(128);
    // the database holds only the token's hash
    const { rows } = await database.db.execute<{ token_hash: string }>(sql`select token_hash from sessions`);
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).toContain(createHash("sha256").update(token).digest("hex"));
    expect(hashes).not.toContain(token);
  });

  it("accepts the optional username of the admin account", async () => {
    const res = await call("/api/admin/login", { body: { username: "admin", password: PASSWORD }, ip: freshIp() });
    expect(res.status).toBe(200);
  });

  it("refuses a wrong password or an unknown account with the same 401 and no cookie", async () => {
    const ip = freshIp();
    const wrong = await login("not-the-password", ip);
    const unknown = await call("/api/admin/login", { body: { username: "root", password: PASSWORD }, ip });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Invalid admin password. Please try again." });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it("refuses a body without a password with 400 and a non-JSON body with 415", async () => {
    expect((await call("/api/admin/login", { body: {}, ip: freshIp() })).status).toBe(400);
    const form = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `password=${PASSWORD}`,
    });
    expect(form.status).toBe(415);
  });

  it("issues a new session id at every sign-in and ends the one the browser held", async () => {
    const ip = freshIp();
    const first = await signIn(ip);
    const again = await call("/api/admin/login", { body: { password: PASSWORD }, cookie: first, ip });
    const second = sessionCookie(again);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await call("/api/admin/session", { cookie: first })).status).toBe(401);
    expect((await call("/api/admin/session", { cookie: second })).status).toBe(200);
  });
});

describe("sessions", () => {
  it("answers who is signed in, and 401 without or with a forged cookie", async () => {
    const token = await signIn(freshIp());
    const res = await call("/api/admin/session", { cookie: token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { username: "admin" } });
    expect((await call("/api/admin/session")).status).toBe(401);
    expect((await call("/api/admin/session", { cookie: `${token.slice(0, -2)}xx` })).status).toBe(401);
  });

  it("ends after 8 idle hours, measured on the server", async () => {
    const token = await signIn(freshIp());
    clock += SESSION_IDLE_MS - 60_000;
    expect((await call("/api/admin/session", { cookie: token })).status).toBe(200);
    clock += SESSION_IDLE_MS + 1;
    expect((await call("/api/admin/session", { cookie: token })).status).toBe(401);
  });

  it("ends 7 days after sign-in however active it is", async () => {
    const token = await signIn(freshIp());
    for (let elapsed = 0; elapsed < 7 * 24 * HOUR - 7 * HOUR; elapsed += 7 * HOUR) {
      clock += 7 * HOUR;
      expect((await call("/api/admin/session", { cookie: token })).status).toBe(200);
    }
    clock += 7 * HOUR;
    expect((await call("/api/admin/session", { cookie: token })).status).toBe(401);
  });

  it("logout deletes the session on the server and clears the cookie", async () => {
    const token = await signIn(freshIp());
    const res = await call("/api/admin/logout", { method: "POST", cookie: token });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=;`))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await call("/api/admin/session", { cookie: token })).status).toBe(401);
    const hash = createHash("sha256").update(token).digest("hex");
    const { rows } = await database.db.execute(sql`select 1 from sessions where token_hash = ${hash}`);
    expect(rows).toHaveLength(0);
  });
});

describe("login throttling", () => {
  it("answers 429 with Retry-After to at least 15 of 20 bad passwords, and to the right one during the lock-out", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await login(`wrong-${i}`, ip);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect((await res.json()).message).toMatch(/^Too many failed login attempts\. Please wait/);
      }
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.filter((s) => s !== 429 && s !== 401)).toEqual([]);
    expect((await login(PASSWORD, ip)).status).toBe(429);
  });

  it("counts a burst of parallel guesses too", async () => {
    const ip = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(`burst-${i}`, ip).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  });

  it("locks the account whatever IPs the guesses come from", async () => {
    for (let i = 0; i < 5; i++) expect((await login("wrong", freshIp())).status).toBe(401);
    expect((await login(PASSWORD, freshIp())).status).toBe(429);
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await login("wrong", ip)).status).toBe(401);
    await signIn(ip);
    for (let i = 0; i < 5; i++) expect((await login("wrong", ip)).status).toBe(401);
  });
});
