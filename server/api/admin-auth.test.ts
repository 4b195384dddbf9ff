import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createAuthService, SESSION_IDLE_MS } from "#server/services/auth.service.ts";
import { createRateLimitService } from "#server/services/rate-limit.service.ts";
import { createSecretSource } from "#server/services/secrets.service.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { startTestServer, type TestServer } from "../../tests/support/test-server";

// Admin sign-in over HTTP, in production mode (Secure __Host- cookie), with a clock the
// tests move forward to check idle and absolute expiry.

const PASSWORD = "correct-horse-battery";
const COOKIE = "__Host-pawsome_session";
const DEVICE = "__Host-pawsome_device";
const HOUR = 60 * 60_000;

let database: DatabaseHandle;
let server: TestServer;
let clock = Date.parse("2026-11-22T10:00:00Z");

function call(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; ip?: string; device?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const cookies = [init.cookie ? `${COOKIE}=${init.cookie}` : "", init.device ? `${DEVICE}=${init.device}` : ""].filter(
    Boolean,
  );
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
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

function deviceCookie(res: Response): string | undefined {
  const header = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE}=`));
  return header?.slice(DEVICE.length + 1).split(";")[0];
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
  await createAuthService(database.db, createRateLimitService(database.db), {
    deviceSecret: createSecretSource(database.db, "device-cookies"),
  }).setPassword("admin", PASSWORD);
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
  const MINUTE = 60_000;

  it("answers 429 with Retry-After to one client's guesses, and to its right password during the lock-out, until the window ends", async () => {
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
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await login(PASSWORD, ip)).status).toBe(429);
    clock += 15 * MINUTE + 1_000;
    expect((await login(PASSWORD, ip)).status).toBe(200);
  });

  it("counts a burst of parallel guesses too", async () => {
    const ip = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(`burst-${i}`, ip).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  });

  it("counts IPv6 clients by their /64: rotating addresses inside it gives no fresh attempts", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) statuses.push((await login(`v6-${i}`, `2001:db8:1:2::${i.toString(16)}`)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // another /64 is another client
    expect((await login("v6-other", "2001:db8:1:3::1")).status).toBe(401);
  });

  it("throttles guessing spread over many addresses for browsers the site does not know", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await login(`spread-${i}`, freshIp())).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    const fresh = await login(PASSWORD, freshIp());
    expect(fresh.status).toBe(429);
    expect((await fresh.json()).message).toMatch(/from unrecognised browsers/);
  });

  it("lets the owner's known browser sign in while 25 other addresses guess wrong", async () => {
    const owner = await call("/api/admin/login", { body: { password: PASSWORD }, ip: freshIp() });
    const device = deviceCookie(owner);
    expect(device).toBeDefined();
    for (let i = 0; i < 25; i++) expect([401, 429]).toContain((await login(`attack-${i}`, freshIp())).status);
    // same address as one of the attackers does not matter either: the browser is known
    const res = await call("/api/admin/login", { body: { password: PASSWORD }, ip: "203.0.113.250", device });
    expect(res.status).toBe(200);
  });

  it("still counts a known browser's own failures, and a forged device cookie is not known", async () => {
    const owner = await call("/api/admin/login", { body: { password: PASSWORD }, ip: freshIp() });
    const device = deviceCookie(owner) ?? "";
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await call("/api/admin/login", { body: { password: "wrong" }, ip, device })).status).toBe(401);
    }
    expect((await call("/api/admin/login", { body: { password: PASSWORD }, ip, device })).status).toBe(429);
    // a made-up cookie counts as an unknown browser: its own address is not locked
    const forged = `${device.split(".")[0]}.${"A".repeat(43)}`;
    expect(
      (await call("/api/admin/login", { body: { password: PASSWORD }, ip: freshIp(), device: forged })).status,
    ).toBe(200);
  });

  it("sets the device cookie HttpOnly, Secure, SameSite=Strict, __Host- prefixed, for a year", async () => {
    const res = await login(PASSWORD, freshIp());
    const header = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE}=`)) ?? "";
    expect(header).toMatch(/; HttpOnly(;|$)/);
    expect(header).toMatch(/; Secure(;|$)/);
    expect(header).toMatch(/; SameSite=Strict(;|$)/);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).toMatch(/; Max-Age=31536000(;|$)/);
  });

  it("does not count successful sign-ins of new browsers against the shared allowance", async () => {
    for (let i = 0; i < 30; i++) expect((await login(PASSWORD, freshIp())).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login("wrong", freshIp())).status).toBe(401);
    expect((await login("wrong", freshIp())).status).toBe(429);
  });

  it("forgets a client's earlier failures after its successful sign-in", async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await login("wrong", ip)).status).toBe(401);
    await signIn(ip);
    await database.db.execute(sql`delete from rate_limits where key like 'login-unrecognised:%'`);
    for (let i = 0; i < 5; i++) expect((await login("wrong", ip)).status).toBe(401);
  });
});

describe("POST /api/admin/password", () => {
  const change = (cookie: string, body: unknown) => call("/api/admin/password", { body, cookie, ip: freshIp() });
  const NEW_PASSWORD = "a-brand-new-passphrase";

  it("needs a session", async () => {
    const res = await call("/api/admin/password", { body: { currentPassword: PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("explains each invalid field and changes nothing", async () => {
    const token = await signIn(freshIp());
    const cases: [unknown, Record<string, string[]>][] = [
      [
        { currentPassword: "", newPassword: "short", confirmPassword: "short" },
        {
          currentPassword: ["Enter your current password"],
          newPassword: ["Use at least 8 characters"],
        },
      ],
      [
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: "something-else" },
        {
          confirmPassword: ["The two new passwords do not match"],
        },
      ],
      [
        { currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
        {
          newPassword: ["Choose a password different from the current one"],
        },
      ],
      [
        { currentPassword: "not-my-password", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        {
          currentPassword: ["The current password is not correct"],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await change(token, body);
      expect(res.status).toBe(400);
      expect((await res.json()).errors).toEqual(errors);
    }
    expect((await login(PASSWORD, freshIp())).status).toBe(200);
  });

  it("changes the password, signs out every other session and gives this browser a new session token", async () => {
    const mine = await signIn(freshIp());
    const other = await signIn(freshIp());
    const res = await change(mine, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      message: "Your password has been changed. Every other session has been signed out.",
    });
    // this browser stays signed in with a new token; a copy of its old cookie is worth nothing
    const renewed = sessionCookie(res);
    expect(renewed).toBeDefined();
    expect(renewed).not.toBe(mine);
    expect((await call("/api/admin/session", { cookie: renewed })).status).toBe(200);
    expect((await call("/api/admin/session", { cookie: mine })).status).toBe(401);
    expect((await call("/api/admin/session", { cookie: other })).status).toBe(401);
    const header = res.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`)) ?? "";
    expect(header).toMatch(/; HttpOnly(;|$)/);
    expect(header).toMatch(/; Secure(;|$)/);
    expect((await login(PASSWORD, freshIp())).status).toBe(401);
    expect((await login(NEW_PASSWORD, freshIp())).status).toBe(200);
    await createAuthService(database.db, createRateLimitService(database.db), {
      deviceSecret: createSecretSource(database.db, "device-cookies"),
    }).setPassword("admin", PASSWORD);
  });

  it("throttles guesses at the current password from a signed-in session", async () => {
    const token = await signIn(freshIp());
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await change(token, {
        currentPassword: `guess-${i}`,
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });
});
