import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/test-database";
import {
  adminCookie,
  type SeededTestServer,
  startSeededTestServer,
  startTestServer,
} from "../../tests/support/test-server";

// Visit tracking, affiliate clicks and the owner's numbers, on a seeded database with a
// real session. Requests name their client with X-Forwarded-For (the app trusts one proxy).

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let server: SeededTestServer;
let cookie: string;
let clock = Date.parse("2026-11-22T10:00:00Z");

function track(kind: "visit" | "pageview", headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/track-${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": BROWSER, ...headers },
  });
}

async function today() {
  const { rows } = await server.database.db.execute<{ visits: number; page_views: number; unique_visitors: number }>(
    sql`select visits, page_views, unique_visitors from visitor_stats where date = '2026-11-22'`,
  );
  const row = rows[0];
  return {
    visits: Number(row?.visits ?? 0),
    pageViews: Number(row?.page_views ?? 0),
    unique: Number(row?.unique_visitors ?? 0),
  };
}

async function clicks(toyId: number) {
  const { rows } = await server.database.db.execute<{ placement: string; clicks: number }>(
    sql`select placement, clicks from affiliate_clicks where toy_id = ${toyId} order by placement`,
  );
  return rows.map((r) => [r.placement, Number(r.clicks)]);
}

beforeAll(async () => {
  server = await startSeededTestServer({
    trustProxy: 1,
    now: () => new Date(clock),
    trackRateLimit: { max: 100_000, windowMs: 60_000 },
  });
  cookie = await adminCookie(server);
});
afterAll(() => server.close());

describe("visit tracking", () => {
  it("counts 500 concurrent page views and visits exactly, one unique visitor per IP and browser", async () => {
    const before = await today();
    const pageViews = await Promise.all(Array.from({ length: 500 }, () => track("pageview")));
    const visits = await Promise.all(
      Array.from({ length: 500 }, (_, i) => track("visit", { "x-forwarded-for": `198.51.${i >> 8}.${i & 255}` })),
    );
    expect([...pageViews, ...visits].every((r) => r.status === 204)).toBe(true);
    expect(await today()).toEqual({
      visits: before.visits + 500,
      pageViews: before.pageViews + 500,
      unique: before.unique + 500,
    });
    // the same IP and browser again: a visit, not a new visitor
    await track("visit", { "x-forwarded-for": "198.51.0.1" });
    expect(await today()).toMatchObject({ visits: before.visits + 501, unique: before.unique + 500 });
  });

  it("never stores the IP, and forgets the day's hashes when the next day starts", async () => {
    await track("visit", { "x-forwarded-for": "192.0.2.77" });
    const { rows } = await server.database.db.execute<{ day: string; hash: string }>(
      sql`select day::text, hash from visitor_daily_hashes`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain("192.0.2.77");
    clock += 24 * 60 * 60_000;
    await track("visit", { "x-forwarded-for": "192.0.2.77" });
    const after = await server.database.db.execute<{ day: string }>(
      sql`select distinct day::text as day from visitor_daily_hashes`,
    );
    expect(after.rows.map((r) => r.day)).toEqual(["2026-11-23"]);
    clock -= 24 * 60 * 60_000;
  });

  it("does not count crawlers or the signed-in owner", async () => {
    const before = await today();
    expect(
      (
        await track("pageview", {
          "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        })
      ).status,
    ).toBe(204);
    expect((await track("visit", { "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0)" })).status).toBe(204);
    expect((await track("pageview", { cookie })).status).toBe(204);
    expect(await today()).toEqual(before);
  });

  it("limits how often one IP is counted", async () => {
    const database = await createTestDatabase();
    const limited = await startTestServer(database, { trustProxy: 1, trackRateLimit: { max: 3, windowMs: 60_000 } });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${limited.url}/api/track-pageview`, {
          method: "POST",
          headers: { "user-agent": BROWSER },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([204, 204, 204, 429, 429]);
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select coalesce(sum(page_views), 0)::int as n from visitor_stats`,
      );
      expect(Number(rows[0]?.n)).toBe(3);
    } finally {
      await limited.close();
      await database.close();
    }
  });
});

describe("GET /go/{toyId}", () => {
  async function toyWithLink() {
    const toys = (await (await fetch(`${server.url}/api/toys`)).json()) as { id: number; amazonUrl: string | null }[];
    const withLink = toys.find((t) => t.amazonUrl);
    const without = toys.find((t) => !t.amazonUrl);
    if (!withLink) throw new Error("demo data has no toy with an amazonUrl");
    return { withLink: withLink as { id: number; amazonUrl: string }, without };
  }

  const go = (toyId: number, from: string, ip: string, userAgent = BROWSER) =>
    fetch(`${server.url}/go/${toyId}?from=${encodeURIComponent(from)}`, {
      redirect: "manual",
      headers: { "user-agent": userAgent, "x-forwarded-for": ip },
    });

  it("redirects to the stored retailer URL and counts the click per placement, an unknown one as 'other'", async () => {
    const { withLink } = await toyWithLink();
    const before = await clicks(withLink.id);
    const res = await go(withLink.id, "home", "192.0.2.1");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(withLink.amazonUrl);
    expect(res.headers.get("cache-control")).toBe("no-store");
    await go(withLink.id, "quiz", "192.0.2.2");
    await go(withLink.id, "https://evil.example", "192.0.2.3");
    await go(withLink.id, "made-up-placement", "192.0.2.4");
    expect(before).toEqual([]);
    expect(await clicks(withLink.id)).toEqual([
      ["home", 1],
      ["other", 2],
      ["quiz", 1],
    ]);
  });

  it("counts one client's repeated clicks once and caps what one client adds, but always redirects", async () => {
    const { withLink } = await toyWithLink();
    const toys = (await (await fetch(`${server.url}/api/toys`)).json()) as { id: number; amazonUrl: string | null }[];
    const linked = toys.filter((t) => t.amazonUrl && t.id !== withLink.id);
    const total = async () => {
      const { rows } = await server.database.db.execute<{ n: number }>(
        sql`select coalesce(sum(clicks), 0) as n from affiliate_clicks`,
      );
      return Number(rows[0]?.n ?? 0);
    };
    const start = await total();
    // 100 clicks on one toy from one client: one click
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => go(linked[0]?.id ?? 0, "products", "192.0.2.50")),
    );
    expect(answers.every((r) => r.status === 302)).toBe(true);
    expect((await total()) - start).toBe(1);
    // an IPv6 client rotating addresses inside its /64 is one client too
    for (let i = 1; i <= 10; i++) await go(linked[0]?.id ?? 0, "products", `2001:db8:5:6::${i}`);
    expect((await total()) - start).toBe(2);
    // one client clicking every toy: at most 20 counted in an hour
    for (const toy of linked) expect((await go(toy.id, "products", "192.0.2.60")).status).toBe(302);
    expect(linked.length).toBeGreaterThan(20);
    expect((await total()) - start).toBe(2 + 20);
  });

  it("adds the associate tag when the link has none and keeps an existing one", async () => {
    const database = await createTestDatabase();
    await database.db.execute(sql`insert into toys (id, name, slug, description, details, price, amazon_url) values
      (1, 'Tagless Toy', 'tagless-toy', 'd', 'dd', '$1', 'https://www.amazon.com/dp/B0TAGLESS1?th=1'),
      (2, 'Tagged Toy', 'tagged-toy', 'd', 'dd', '$1', 'https://www.amazon.com/dp/B0TAGGED01?tag=someone-20')`);
    const app = await startTestServer(database, { associateTag: "pawsomepicks-20" });
    try {
      const tagless = await fetch(`${app.url}/go/1`, { redirect: "manual" });
      expect(tagless.headers.get("location")).toBe("https://www.amazon.com/dp/B0TAGLESS1?th=1&tag=pawsomepicks-20");
      const tagged = await fetch(`${app.url}/go/2`, { redirect: "manual" });
      expect(tagged.headers.get("location")).toBe("https://www.amazon.com/dp/B0TAGGED01?tag=someone-20");
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("answers 404 for unknown toys, toys without a link and malformed ids, and never counts crawlers", async () => {
    const { withLink, without } = await toyWithLink();
    for (const path of [
      "/go/999999",
      "/go/abc",
      "/go/-1",
      "/go/0",
      "/go/2147483648",
      "/go/99999999999",
      "/go/99999999999999999999999",
      `/go/${without?.id ?? 999998}`,
    ]) {
      const res = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { accept: "application/json" } });
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    const before = await clicks(withLink.id);
    const crawler = await fetch(`${server.url}/go/${withLink.id}?from=home`, {
      redirect: "manual",
      headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
    });
    expect(crawler.status).toBe(302);
    expect(await clicks(withLink.id)).toEqual(before);
  });
});

describe("GET /api/admin/dashboard", () => {
  it("gives the counts, the latest quiz submission, 30 days of visits and the most clicked toys", async () => {
    await fetch(`${server.url}/api/quiz-newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: "latest@example.com",
        dogSize: "small",
        dogAge: "adult",
        chewStyle: "gentle",
        playStyle: "solo",
        toyPurpose: "mental",
      }),
    });
    const res = await fetch(`${server.url}/api/admin/dashboard`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = await res.json();
    const toys = (await (await fetch(`${server.url}/api/toys`)).json()) as unknown[];
    expect(body.counts).toMatchObject({ products: toys.length, breeds: 14, categories: 8, subscribers: 1 });
    expect(body.quizSubmissions).toMatchObject({ count: 1, latest: { email: "latest@example.com" } });
    expect(body.visits).toHaveLength(30);
    expect(body.visits.at(-1)).toMatchObject({ date: "2026-11-22", visits: expect.any(Number) });
    expect(body.topToys[0]).toMatchObject({ clicks: expect.any(Number) });
    expect(body.topToys[0].clicks).toBeGreaterThanOrEqual(3);
    expect((await fetch(`${server.url}/api/admin/dashboard`)).status).toBe(401);
  });
});
