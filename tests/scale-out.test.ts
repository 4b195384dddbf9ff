import { type ChildProcess, spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../server/db/client";
import { projectRoot } from "../server/paths";
import { freePort } from "./support/production-server";
import { type SmtpTestServer, startSmtpTestServer } from "./support/smtp-test-server";
import { createTestDatabase } from "./support/test-database";

// Two production processes on one PostgreSQL database, as behind a load balancer: sessions,
// uploads, the mail outbox, login throttling and the statistics must not care which instance
// a request reaches. Needs TEST_DATABASE_URL (PGlite is single-process by design).
const serverUrl = process.env.TEST_DATABASE_URL;
const PASSWORD = "scale-out-password";

interface Instance {
  url: string;
  child: ChildProcess;
}

async function startInstance(databaseUrl: string, smtpUrl: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server/main.js`], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      SITE_URL: "https://www.pawsomepicks.test",
      ADMIN_PASSWORD: PASSWORD,
      SMTP_URL: smtpUrl,
      MAIL_FROM: "Pawsome Picks <hello@pawsomepicks.test>",
      FORM_RATE_LIMIT: "100000/10",
      TRACK_RATE_LIMIT: "100000/10",
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("instance did not become healthy");
}

async function login(instance: Instance, password = PASSWORD, ip = "203.0.113.1") {
  return fetch(`${instance.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ password }),
  });
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe.skipIf(!serverUrl)("two app instances on one PostgreSQL database (needs TEST_DATABASE_URL)", () => {
  let database: DatabaseHandle;
  let smtp: SmtpTestServer;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
    smtp = await startSmtpTestServer();
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    // Both start at once: migrations take turns through the advisory lock, seeding happens once.
    [a, b] = await Promise.all([startInstance(database.location, smtpUrl), startInstance(database.location, smtpUrl)]);
  }, 300_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (!instance) continue;
      instance.child.kill("SIGTERM");
      await new Promise((resolve) =>
        instance.child.exitCode !== null ? resolve(null) : instance.child.once("exit", resolve),
      );
    }
    await smtp?.close();
    await database?.close();
  });

  it("seeded the demo content once", async () => {
    const toys = (await (await fetch(`${a.url}/api/toys`)).json()) as { name: string }[];
    expect(new Set(toys.map((t) => t.name)).size).toBe(toys.length);
    expect(toys.length).toBeGreaterThan(10);
  });

  it("a session made on one is valid on the other, and a logout on either ends it on both", async () => {
    const signedIn = await login(a);
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    for (const instance of [a, b]) {
      expect((await fetch(`${instance.url}/api/admin/session`, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${instance.url}/api/admin/dashboard`, { headers: { cookie } })).status).toBe(200);
    }
    expect((await fetch(`${b.url}/api/admin/logout`, { method: "POST", headers: { cookie } })).status).toBe(204);
    for (const instance of [a, b]) {
      expect((await fetch(`${instance.url}/api/admin/dashboard`, { headers: { cookie } })).status).toBe(401);
    }
  });

  it("an image uploaded through one is served by the other", async () => {
    const cookie = cookieOf(await login(a));
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "dog.png");
    const uploaded = await fetch(`${a.url}/api/upload`, { method: "POST", headers: { cookie }, body: form });
    expect(uploaded.status).toBe(200);
    const { imageUrl: url } = (await uploaded.json()) as { imageUrl: string };
    const fromA = await fetch(`${a.url}${url}`);
    const fromB = await fetch(`${b.url}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe(fromA.headers.get("content-type"));
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });

  it("100 quiz submissions over both queue 100 e-mails, each sent exactly once", async () => {
    const answers = {
      dogSize: "medium",
      dogAge: "adult",
      chewStyle: "moderate",
      playStyle: "both",
      toyPurpose: "both",
    };
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await fetch(`${(i % 2 ? a : b).url}/api/quiz-newsletter`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...answers, email: `scale${i}@example.com` }),
        });
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 200 || s === 202)).toBe(true);
    const deadline = Date.now() + 60_000;
    const recipients = () => smtp.messages.flatMap((m) => m.to).filter((to) => /^scale\d+@example\.com$/.test(to));
    while (recipients().length < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    // a little longer: a duplicate would arrive now
    await new Promise((r) => setTimeout(r, 2_000));
    const sent = recipients();
    expect(sent.length).toBe(100);
    expect(new Set(sent).size).toBe(100);
    const queued = await database.db.execute<{ n: string; sent: string }>(
      sql`select count(*)::text as n, count(*) filter (where status = 'sent')::text as sent
          from email_outbox where recipient like 'scale%@example.com'`,
    );
    expect(queued.rows[0]).toEqual({ n: "100", sent: "100" });
  });

  it("the day's statistics are exact after concurrent tracking on both", async () => {
    const cookie = cookieOf(await login(a));
    const today = async () => {
      const dashboard = (await (await fetch(`${a.url}/api/admin/dashboard`, { headers: { cookie } })).json()) as {
        visits: { date: string; pageViews: number; uniqueVisitors: number }[];
      };
      return dashboard.visits.at(-1) ?? { pageViews: 0, uniqueVisitors: 0 };
    };
    const before = await today();
    const visitor = (i: number) => ({ "x-forwarded-for": `192.0.2.${i % 250}`, "user-agent": `Browser/${i}` });
    await Promise.all([
      ...Array.from({ length: 300 }, (_, i) =>
        fetch(`${(i % 2 ? a : b).url}/api/track-pageview`, { method: "POST", headers: visitor(i) }),
      ),
      ...Array.from({ length: 120 }, (_, i) =>
        fetch(`${(i % 2 ? a : b).url}/api/track-visit`, { method: "POST", headers: visitor(i) }),
      ),
    ]);
    const after = await today();
    expect(after.pageViews - before.pageViews).toBe(300);
    expect(after.uniqueVisitors - before.uniqueVisitors).toBe(120);
  });
  // Last: it locks the admin account out for a quarter of an hour.
  it("login throttling counts the failures on both instances together", async () => {
    const ip = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 ? a : b, "wrong-password", ip)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    // now even the right password is refused from that address, on both
    expect((await login(a, PASSWORD, ip)).status).toBe(429);
    expect((await login(b, PASSWORD, ip)).status).toBe(429);
  });
});
