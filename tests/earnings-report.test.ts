import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EarningsReport, EarningsRow, TrackingIdSummary, UnmatchedItem } from "#domain/earnings.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import {
  affiliateClicks,
  auditLog,
  earningsRows,
  newsletters,
  posts,
  postViewsDaily,
  toys,
  trackingIdPlacements,
  visitorStats,
} from "#server/db/schema.ts";
import { createTestDatabase } from "./support/test-database";
import { adminCookie, startTestServer, TEST_SITE_URL, type TestServer } from "./support/test-server";

// The earnings figures of issue 28 (decision 064) through the API, on a database of their own:
// report lines are put in the table directly (their import is tested on its own), clicks go
// through /go and page views through POST /api/track-pageview, as visitors make them, each day
// by the services' clock. Each test has days of its own, so their figures do not mix. Clients
// are told apart by X-Forwarded-For (the app trusts one proxy), countries by Accept-Language.

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let database: DatabaseHandle;
let server: TestServer;
let cookie: string;
let clock = Date.parse("2026-11-01T12:00:00Z");
let nextClient = 1;
let nextLine = 1;
const ids = { kong: 0, ball: 0, rope: 0, trashed: 0, newsletter: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database, {
    trustProxy: 1,
    now: () => new Date(clock),
    trackRateLimit: { max: 10_000, windowMs: 60_000 },
  });
  cookie = await adminCookie(server);
  const { db } = database;
  const published = new Date("2026-01-01T00:00:00Z");
  const post = { excerpt: "An article.", content: "Words.", publishedAt: published };
  await db.insert(posts).values([
    { ...post, title: "Alpha review", slug: "alpha-review", postType: "review" },
    { ...post, title: "Beta guide", slug: "beta-guide", postType: "guide" },
    { ...post, title: "Draft thoughts", slug: "draft-thoughts", status: "draft" },
    { ...post, title: "=Formula title", slug: "formula-title" },
  ]);
  const toy = { description: "A toy.", details: "Details.", price: "$9.99" };
  const [kong, ball, rope, trashed] = await db
    .insert(toys)
    .values([
      {
        ...toy,
        name: "Kong Classic",
        slug: "kong",
        amazonAsin: "B000KONG01",
        amazonUrl: "https://www.amazon.com/dp/B000KONG01",
      },
      {
        ...toy,
        name: "Ball",
        slug: "ball",
        retailerItemId: "FEED-BALL",
        amazonUrl: "https://www.amazon.com/dp/B000BALL01",
      },
      { ...toy, name: "Rope", slug: "rope", amazonUrl: "https://www.amazon.com/dp/B000ROPE01" },
      { ...toy, name: "Old squeaker", slug: "old", amazonAsin: "B000OLD001", deletedAt: published },
    ])
    .returning({ id: toys.id });
  const [newsletter] = await db
    .insert(newsletters)
    .values({ subject: "News", body: "Hi", status: "sent" })
    .returning({ id: newsletters.id });
  Object.assign(ids, {
    kong: kong?.id,
    ball: ball?.id,
    rope: rope?.id,
    trashed: trashed?.id,
    newsletter: newsletter?.id,
  });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** Moves the services' clock to midday of `day`, and signs in again (sessions expire by that clock). */
async function at(day: string) {
  clock = Date.parse(`${day}T12:00:00Z`);
  cookie = await adminCookie(server);
}

interface Line {
  day: string;
  itemId: string;
  earnings: number;
  revenue?: number;
  items?: number;
  returns?: number;
  kind?: "earnings" | "orders";
  currency?: string;
  trackingId?: string;
  itemName?: string;
}

/** Report lines, as an import would have stored them (amounts in cents). */
async function lines(...list: Line[]) {
  await database.db.insert(earningsRows).values(
    list.map((line) => ({
      fingerprint: `test-line-${nextLine++}`,
      kind: line.kind ?? "earnings",
      day: line.day,
      itemId: line.itemId,
      itemName: line.itemName ?? "",
      trackingId: line.trackingId ?? "pawsome-20",
      items: line.items ?? 1,
      returns: line.returns ?? 0,
      revenueCents: line.revenue ?? line.earnings * 10,
      earningsCents: line.earnings,
      currency: line.currency ?? "USD",
    })),
  );
}

/** Clicks on a toy's link from a placement, each by a visitor of its own, on the clock's day. */
async function click(toyId: number, from: string, times = 1, language = "en-US") {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${server.url}/go/${toyId}?from=${encodeURIComponent(from)}`, {
      headers: { "user-agent": BROWSER, "x-forwarded-for": `198.51.100.${nextClient++}`, "accept-language": language },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
  }
}

/** A page view as the visit tracker sends it: no body, the page's address as the Referer. */
function pageView(referer: string | null, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/track-pageview`, {
    method: "POST",
    headers: {
      "user-agent": BROWSER,
      "x-forwarded-for": `203.0.113.${nextClient++ % 250}`,
      ...(referer === null ? {} : { referer }),
      ...headers,
    },
  });
}

function get(path: string, headers: Record<string, string> = { cookie }) {
  return fetch(`${server.url}${path}`, { headers });
}

async function report(query: string): Promise<EarningsReport> {
  const res = await get(`/api/admin/earnings?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as EarningsReport;
}

/** key -> earnings of the report's rows in one currency. */
function earningsByKey(answer: EarningsReport, currency = "USD"): Record<string, number> {
  return Object.fromEntries(answer.rows.filter((r) => r.currency === currency).map((r) => [r.key, r.earnings]));
}

function row(answer: EarningsReport, key: string, currency = "USD"): EarningsRow | undefined {
  return answer.rows.find((r) => r.key === key && r.currency === currency);
}

function mapTrackingId(trackingId: string, placement: string | null, headers: Record<string, string> = { cookie }) {
  return fetch(`${server.url}/api/admin/earnings/tracking-ids/${encodeURIComponent(trackingId)}`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ placement }),
  });
}

describe("sharing a toy's earnings by its clicks (decision 064)", () => {
  it("gives each placement, article and country its share of the day's clicks, to the cent", async () => {
    const day = "2026-11-02";
    await at(day);
    await click(ids.kong, "post:alpha-review", 3, "en-US");
    await click(ids.kong, "catalogue", 1, "en-GB");
    await lines({ day, itemId: "B000KONG01", earnings: 1000, revenue: 10_000 });

    const byPost = await report(`from=${day}&to=${day}&by=post`);
    expect(byPost.rows).toEqual([
      {
        key: "post:alpha-review",
        label: "Alpha review",
        currency: "USD",
        earnings: 7.5,
        revenue: 75,
        orders: 1,
        clicks: 3,
        pageViews: 0,
        conversion: 0.3333,
        epc: 2.5,
        rpm: null,
      },
    ]);
    expect(earningsByKey(await report(`from=${day}&to=${day}&by=placement`))).toEqual({
      Articles: 7.5,
      Catalogue: 2.5,
    });
    const byCountry = await report(`from=${day}&to=${day}&by=country`);
    expect(earningsByKey(byCountry)).toEqual({ US: 7.5, GB: 2.5 });
    expect(row(byCountry, "GB")?.label).toBe("United Kingdom");
    const byToy = await report(`from=${day}&to=${day}&by=toy`);
    expect(byToy.rows).toMatchObject([{ key: `toy:${ids.kong}`, label: "Kong Classic", earnings: 10, clicks: 4 }]);
    expect(byToy.totals).toEqual([
      {
        currency: "USD",
        earnings: 10,
        revenue: 100,
        orders: 1,
        clicks: 4,
        pageViews: 0,
        conversion: 0.25,
        epc: 2.5,
        rpm: null,
      },
    ]);
    expect(byToy.unattributed).toEqual([]);
    expect(byToy.unmatched).toEqual({ lines: 0, items: 0 });
  });

  it("shares cents that do not divide evenly so that the parts add up to the line", async () => {
    const day = "2026-11-03";
    await at(day);
    await click(ids.kong, "post:alpha-review", 1);
    await click(ids.kong, "post:beta-guide", 1);
    await click(ids.kong, "home", 1);
    await lines({ day, itemId: "B000KONG01", earnings: 1000 });
    const byPost = await report(`from=${day}&to=${day}&by=post`);
    // 10.00 over three clicks: 3.34, 3.33, 3.33; the extra cent goes to the first placement in
    // name order ("home"), the same way every time
    expect(earningsByKey(byPost)).toEqual({ "post:alpha-review": 3.33, "post:beta-guide": 3.33 });
    expect(earningsByKey(await report(`from=${day}&to=${day}&by=placement`))).toEqual({
      Articles: 6.66,
      "Home page": 3.34,
    });
  });

  it("gives a mapped tracking ID's lines whole to its placement, which then shares no other line", async () => {
    const day = "2026-11-04";
    await at(day);
    // the report writes it Pawsome-Quiz-20: tracking IDs match without regard to case
    expect((await mapTrackingId("pawsome-quiz-20", "quiz")).status).toBe(200);
    await click(ids.kong, "quiz", 2, "en-US");
    await click(ids.kong, "post:alpha-review", 1, "en-US");
    await click(ids.kong, "catalogue", 1, "en-GB");
    await lines(
      { day, itemId: "B000KONG01", earnings: 400, trackingId: "Pawsome-Quiz-20" },
      { day, itemId: "B000KONG01", earnings: 600, trackingId: "pawsome-20" },
    );
    expect(earningsByKey(await report(`from=${day}&to=${day}&by=placement`))).toEqual({
      "Quiz results": 4,
      Articles: 3,
      Catalogue: 3,
    });
    // the quiz's 4.00 by the quiz clicks' country; the shared 6.00 by the other clicks'
    expect(earningsByKey(await report(`from=${day}&to=${day}&by=country`))).toEqual({ US: 7, GB: 3 });
  });

  it("gives a mapped tracking ID's line to its placement without clicks too, and the newsletters' covers each newsletter", async () => {
    const day = "2026-11-05";
    await at(day);
    expect((await mapTrackingId("pawsome-news-20", "email")).status).toBe(200);
    await click(ids.kong, `email:${ids.newsletter}`, 2);
    await click(ids.kong, "catalogue", 1, "en-GB");
    await lines(
      // no clicks on the ball that day: its country is unknown
      { day, itemId: "FEED-BALL", earnings: 250, trackingId: "pawsome-news-20" },
      // an item no toy has, under the newsletters' tracking ID: still theirs
      { day, itemId: "B0UNKNOWN1", earnings: 100, trackingId: "pawsome-news-20" },
      // shared by the catalogue alone: the newsletter's clicks belong to its own tracking ID
      { day, itemId: "B000KONG01", earnings: 500 },
    );
    const byPlacement = await report(`from=${day}&to=${day}&by=placement`);
    expect(earningsByKey(byPlacement)).toEqual({ Newsletters: 3.5, Catalogue: 5 });
    expect(row(byPlacement, "Newsletters")?.clicks).toBe(2);
    // the newsletter's clicks came from the US: a row with its clicks, its earnings unknown by country
    expect(earningsByKey(await report(`from=${day}&to=${day}&by=country`))).toEqual({ unknown: 3.5, GB: 5, US: 0 });
    expect(byPlacement.unattributed).toEqual([]);
    expect(byPlacement.unmatched).toEqual({ lines: 1, items: 1 });
  });

  it("leaves a line no click shares Unattributed: in the totals, per toy and per day, for no article or placement", async () => {
    const day = "2026-11-06";
    await at(day);
    await click(ids.ball, "post:alpha-review", 1);
    await lines({ day, itemId: "B000KONG01", earnings: 900, items: 2 });
    const byPost = await report(`from=${day}&to=${day}&by=post`);
    expect(byPost.unattributed).toEqual([{ currency: "USD", earnings: 9, orders: 2 }]);
    expect(byPost.totals[0]).toMatchObject({ earnings: 9, orders: 2, clicks: 1 });
    // the article sent a click on another toy: a row with its click and no earnings
    expect(byPost.rows).toMatchObject([{ key: "post:alpha-review", earnings: 0, clicks: 1, epc: 0 }]);
    expect(earningsByKey(await report(`from=${day}&to=${day}&by=placement`))).toEqual({ Articles: 0 });
    expect(earningsByKey(await report(`from=${day}&to=${day}&by=toy`))).toEqual({
      [`toy:${ids.kong}`]: 9,
      [`toy:${ids.ball}`]: 0,
    });
    expect(earningsByKey(await report(`from=${day}&to=${day}&by=day`))).toEqual({ [day]: 9 });
    expect(earningsByKey(await report(`from=${day}&to=${day}&by=country`))).toEqual({ US: 0 });
  });

  it("keeps a line that matches no toy, and shares it as soon as a toy has its ASIN", async () => {
    const day = "2026-11-07";
    await at(day);
    await click(ids.rope, "post:beta-guide", 2);
    await lines({ day, itemId: "B0ROPE0001", earnings: 500, itemName: "Rope, braided" });
    const before = await report(`from=${day}&to=${day}&by=post`);
    expect(before.unmatched).toEqual({ lines: 1, items: 1 });
    expect(before.unattributed).toEqual([{ currency: "USD", earnings: 5, orders: 1 }]);
    expect(before.rows).toMatchObject([{ key: "post:beta-guide", label: "Beta guide", earnings: 0, clicks: 2 }]);
    const listed = await get("/api/admin/earnings/unmatched");
    expect(listed.status).toBe(200);
    const unmatched = (await listed.json()) as UnmatchedItem[];
    expect(unmatched).toContainEqual({
      itemId: "B0ROPE0001",
      itemName: "Rope, braided",
      lines: 1,
      earnings: [{ currency: "USD", earnings: 5 }],
    });
    expect(Number(listed.headers.get("x-total-count"))).toBe(unmatched.length);

    // the owner gives the rope its ASIN (written in lower case: ASINs match without regard to case)
    await database.db.update(toys).set({ amazonAsin: "b0rope0001" }).where(eq(toys.id, ids.rope));
    const after = await report(`from=${day}&to=${day}&by=post`);
    expect(after.unmatched).toEqual({ lines: 0, items: 0 });
    expect(after.unattributed).toEqual([]);
    expect(after.rows).toMatchObject([{ key: "post:beta-guide", earnings: 5, clicks: 2, epc: 2.5 }]);
    const still = (await (await get("/api/admin/earnings/unmatched")).json()) as UnmatchedItem[];
    expect(still.map((item) => item.itemId)).not.toContain("B0ROPE0001");
  });

  it("matches a toy in the trash, and names toys that are gone as the dashboard does", async () => {
    const day = "2026-11-08";
    await at(day);
    await lines({ day, itemId: "B000OLD001", earnings: 300 });
    await database.db.insert(affiliateClicks).values({ toyId: 987_654, placement: "catalogue", day, clicks: 2 });
    const byToy = await report(`from=${day}&to=${day}&by=toy`);
    expect(byToy.rows.map(({ key, label, earnings, clicks }) => ({ key, label, earnings, clicks }))).toEqual([
      { key: `toy:${ids.trashed}`, label: "Old squeaker", earnings: 3, clicks: 0 },
      { key: "toy:987654", label: "Deleted product #987654", earnings: 0, clicks: 2 },
    ]);
  });
});

describe("orders and conversion", () => {
  it("counts items shipped minus returns, and orders-report items only for a toy with nothing shipped", async () => {
    const [first, second] = ["2026-11-09", "2026-11-10"];
    await at(first);
    await click(ids.kong, "post:alpha-review", 4);
    await click(ids.ball, "catalogue", 1);
    await lines(
      { day: first, itemId: "B000KONG01", earnings: 800, items: 3, returns: 1 },
      // ordered on the first day, shipped on the second: counted once, as shipped
      { day: first, itemId: "B000KONG01", kind: "orders", earnings: 0, revenue: 0, items: 5 },
      { day: second, itemId: "B000KONG01", earnings: 200, items: 1 },
      // ordered, not shipped yet: the orders report's items are all there is
      { day: first, itemId: "FEED-BALL", kind: "orders", earnings: 0, revenue: 4000, items: 2 },
    );
    const byToy = await report(`from=${first}&to=${second}&by=toy`);
    expect(row(byToy, `toy:${ids.kong}`)).toMatchObject({ earnings: 10, orders: 3, clicks: 4, conversion: 0.75 });
    expect(row(byToy, `toy:${ids.ball}`)).toMatchObject({
      earnings: 0,
      revenue: 0,
      orders: 2,
      clicks: 1,
      conversion: 2,
    });
    // the first day's orders went to the article that sent the clicks; the second day's had none
    const byPost = await report(`from=${first}&to=${first}&by=post`);
    expect(row(byPost, "post:alpha-review")).toMatchObject({ earnings: 8, orders: 2, clicks: 4, conversion: 0.5 });
    expect(byToy.totals[0]).toMatchObject({ earnings: 10, orders: 5, clicks: 5, conversion: 1 });
    // a refund line takes its earnings and its order back
    await lines({ day: second, itemId: "B000KONG01", earnings: -200, revenue: -2000, items: 0, returns: 1 });
    expect(row(await report(`from=${first}&to=${second}&by=toy`), `toy:${ids.kong}`)).toMatchObject({
      earnings: 8,
      orders: 2,
    });
  });
});

describe("page views per article (POST /api/track-pageview)", () => {
  it("counts a view of a published post's page from its Referer on this site, and EPC and RPM follow", async () => {
    const day = "2026-11-11";
    await at(day);
    const alpha = `${TEST_SITE_URL}/reviews/alpha-review`;
    for (const referer of [
      alpha,
      `${alpha}?utm_source=news`,
      `${TEST_SITE_URL}/Reviews/alpha-review/`,
      // either section shows the post; the origin the request came to is this site too
      `${TEST_SITE_URL}/guides/alpha-review`,
      `${server.url}/reviews/alpha-review`,
    ]) {
      expect((await pageView(referer)).status).toBe(204);
    }
    // views that are no article's: counted for the site only
    for (const referer of [
      "https://elsewhere.example/reviews/alpha-review",
      `${TEST_SITE_URL}/reviews/no-such-post`,
      `${TEST_SITE_URL}/reviews/draft-thoughts`,
      `${TEST_SITE_URL}/reviews/Alpha-Review`,
      `${TEST_SITE_URL}/reviews/alpha-review/more`,
      `${TEST_SITE_URL}/reviews/%E0%A4%A`,
      `${TEST_SITE_URL}/toys/kong`,
      "not a url",
      null,
    ]) {
      expect((await pageView(referer)).status).toBe(204);
    }
    // not visitors: nothing counted at all
    expect((await pageView(alpha, { "user-agent": BOT })).status).toBe(204);
    expect((await pageView(alpha, { cookie })).status).toBe(204);

    const stored = await database.db.select().from(postViewsDaily).where(eq(postViewsDaily.day, day));
    expect(stored).toEqual([{ day, slug: "alpha-review", views: 5 }]);
    const [site] = await database.db.select().from(visitorStats).where(eq(visitorStats.date, day));
    expect(site?.pageViews).toBe(14);

    await click(ids.kong, "post:alpha-review", 2);
    await lines({ day, itemId: "B000KONG01", earnings: 1000 });
    const byPost = await report(`from=${day}&to=${day}&by=post`);
    expect(row(byPost, "post:alpha-review")).toMatchObject({
      earnings: 10,
      clicks: 2,
      pageViews: 5,
      epc: 5,
      rpm: 2000,
    });
    const byPlacement = await report(`from=${day}&to=${day}&by=placement`);
    expect(row(byPlacement, "Articles")).toMatchObject({ earnings: 10, pageViews: 5, rpm: 2000 });
    // per day and in the totals, RPM is over the whole site's page views
    const byDay = await report(`from=${day}&to=${day}&by=day`);
    expect(row(byDay, day)).toMatchObject({ earnings: 10, pageViews: 14, rpm: 714.29 });
    expect(byDay.totals[0]).toMatchObject({ pageViews: 14, rpm: 714.29 });
  });

  it("lists an article with views and no clicks, so its RPM of 0 shows", async () => {
    const day = "2026-11-12";
    await at(day);
    await pageView(`${TEST_SITE_URL}/guides/beta-guide`);
    const byPost = await report(`from=${day}&to=${day}&by=post`);
    expect(byPost.rows).toMatchObject([
      { key: "post:beta-guide", earnings: 0, clicks: 0, pageViews: 1, rpm: 0, epc: null },
    ]);
  });
});

describe("currencies and days", () => {
  it("keeps each currency apart: a row per key and currency, each with the key's clicks", async () => {
    const day = "2026-11-13";
    await at(day);
    await click(ids.kong, "post:alpha-review", 2);
    await lines(
      { day, itemId: "B000KONG01", earnings: 600 },
      { day, itemId: "B000KONG01", earnings: 400 },
      { day, itemId: "B000KONG01", earnings: 800, currency: "GBP" },
    );
    const byPost = await report(`from=${day}&to=${day}&by=post`);
    expect(
      byPost.rows.map(({ key, currency, earnings, clicks, epc }) => ({ key, currency, earnings, clicks, epc })),
    ).toEqual([
      { key: "post:alpha-review", currency: "USD", earnings: 10, clicks: 2, epc: 5 },
      { key: "post:alpha-review", currency: "GBP", earnings: 8, clicks: 2, epc: 4 },
    ]);
    // the main currency (most lines) first
    expect(byPost.totals.map((t) => [t.currency, t.earnings])).toEqual([
      ["USD", 10],
      ["GBP", 8],
    ]);
  });

  it("answers every day of the period by=day, with zeros, in date order", async () => {
    const [first, middle, last] = ["2026-11-14", "2026-11-15", "2026-11-16"];
    await lines(
      { day: middle, itemId: "B000KONG01", earnings: 300 },
      { day: middle, itemId: "B000KONG01", earnings: 400 },
      { day: last, itemId: "B000KONG01", earnings: 90, currency: "EUR" },
    );
    const byDay = await report(`from=${first}&to=${last}&by=day`);
    expect(byDay.rows.map(({ key, label, currency, earnings }) => ({ key, label, currency, earnings }))).toEqual([
      { key: first, label: "Nov 14, 2026", currency: "USD", earnings: 0 },
      { key: middle, label: "Nov 15, 2026", currency: "USD", earnings: 7 },
      { key: last, label: "Nov 16, 2026", currency: "USD", earnings: 0 },
      { key: last, label: "Nov 16, 2026", currency: "EUR", earnings: 0.9 },
    ]);
  });

  it("sorts rows by earnings, then clicks, most first", async () => {
    const day = "2026-11-17";
    await at(day);
    await click(ids.kong, "catalogue", 1);
    await click(ids.kong, "home", 3);
    await click(ids.ball, "toy-page", 2);
    await click(ids.rope, "quiz", 5);
    await lines({ day, itemId: "B000KONG01", earnings: 400 });
    const byPlacement = await report(`from=${day}&to=${day}&by=placement`);
    expect(byPlacement.rows.map((r) => [r.key, r.earnings, r.clicks])).toEqual([
      ["Home page", 3, 3],
      ["Catalogue", 1, 1],
      ["Quiz results", 0, 5],
      ["Toy pages", 0, 2],
    ]);
  });
});

describe("the CSV export", () => {
  it("answers the report's rows as a named, formula-safe, private CSV file, and logs the export", async () => {
    const day = "2026-11-18";
    await at(day);
    await click(ids.kong, "post:formula-title", 1);
    await click(ids.kong, "post:alpha-review", 1);
    await lines({ day, itemId: "B000KONG01", earnings: -500, revenue: -5000, items: 0, returns: 1 });
    const res = await get(`/api/admin/earnings.csv?from=${day}&to=${day}&by=post`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="earnings-by-post-${day}-to-${day}.csv"`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    // a byte order mark first, so spreadsheet programs read UTF-8
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // a refund shared by two clicks; the one order it takes back goes to the first placement in name order
    expect(new TextDecoder().decode(bytes).split("\r\n")).toEqual([
      "Article,Key,Currency,Earnings,Revenue,Orders,Clicks,Page views,Conversion,EPC,RPM",
      "'=Formula title,post:formula-title,USD,-2.50,-25.00,0,1,0,0.0000,-2.50,",
      "Alpha review,post:alpha-review,USD,-2.50,-25.00,-1,1,0,-1.0000,-2.50,",
      "",
    ]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "export"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ itemKind: "earnings", itemLabel: "Earnings by post (CSV)", details: { rows: 2 } });
  });
});

describe("tracking IDs", () => {
  it("lists every tracking ID of the reports, with its lines, earnings and placement", async () => {
    const res = await get("/api/admin/earnings/tracking-ids");
    expect(res.status).toBe(200);
    const listed = (await res.json()) as TrackingIdSummary[];
    expect(listed.find((t) => t.trackingId === "pawsome-quiz-20")).toEqual({
      trackingId: "pawsome-quiz-20",
      placement: "quiz",
      lines: 1,
      earnings: [{ currency: "USD", earnings: 4 }],
    });
    expect(listed.find((t) => t.trackingId === "pawsome-news-20")).toMatchObject({ placement: "email", lines: 2 });
    expect(listed.find((t) => t.trackingId === "pawsome-20")).toMatchObject({ placement: null });
    expect(listed.find((t) => t.trackingId === "pawsome-20")?.earnings.map((e) => e.currency)).toEqual([
      "EUR",
      "GBP",
      "USD",
    ]);
  });

  it("maps a tracking ID to an existing placement, takes it away again, and logs both", async () => {
    const put = await mapTrackingId("pawsome-alpha-20", "post:alpha-review");
    expect(put.status).toBe(200);
    expect(put.headers.get("cache-control")).toBe("private, no-store");
    expect(await put.json()).toEqual({
      trackingId: "pawsome-alpha-20",
      placement: "post:alpha-review",
      lines: 0,
      earnings: [],
    });
    expect((await mapTrackingId("pawsome-alpha-20", "post:beta-guide")).status).toBe(200);
    const removed = await fetch(`${server.url}/api/admin/earnings/tracking-ids/pawsome-alpha-20`, {
      method: "DELETE",
      headers: { cookie },
    });
    expect(removed.status).toBe(204);
    const again = await fetch(`${server.url}/api/admin/earnings/tracking-ids/pawsome-alpha-20`, {
      method: "DELETE",
      headers: { cookie },
    });
    expect(again.status).toBe(404);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.itemLabel, "Tracking ID pawsome-alpha-20"))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ["update", { placement: "post:alpha-review" }],
      ["update", { placement: "post:beta-guide", previous: "post:alpha-review" }],
      ["delete", { placement: "", previous: "post:beta-guide" }],
    ]);
  });

  it("refuses a placement that is not one, or names nothing that exists, with 400 and nothing changed", async () => {
    const before = await database.db.select().from(trackingIdPlacements);
    for (const [placement, message] of [
      ["other", "placement must be home, breed-search, catalogue, toy-page, quiz or email"],
      ["anywhere", "placement must be home"],
      ["post:no-such-post", "No post has the slug no-such-post"],
      ["breed:no-such-breed", "No breed has the slug no-such-breed"],
      ["email:999999", "No newsletter has the id 999999"],
      [42, "placement must be a placement name"],
    ] as const) {
      const res = await mapTrackingId("pawsome-quiz-20", placement as string);
      expect(res.status, String(placement)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain(message);
    }
    const body = await fetch(`${server.url}/api/admin/earnings/tracking-ids/x`, {
      method: "PUT",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ placement: "quiz", extra: 1 }),
    });
    expect(body.status).toBe(400);
    expect(await database.db.select().from(trackingIdPlacements)).toEqual(before);
  });
});

describe("access and bad input", () => {
  const reads = [
    "/api/admin/earnings",
    "/api/admin/earnings?from=2026-11-01&to=2026-11-30&by=day",
    "/api/admin/earnings.csv",
    "/api/admin/earnings/unmatched",
    "/api/admin/earnings/tracking-ids",
  ];

  it("answers the owner only, never from a cache", async () => {
    for (const path of reads) {
      const signedOut = await get(path, {});
      expect(signedOut.status, path).toBe(401);
      expect(signedOut.headers.get("cache-control"), path).toBe("private, no-store");
      const signedIn = await get(path);
      expect(signedIn.status, path).toBe(200);
      expect(signedIn.headers.get("cache-control"), path).toBe("private, no-store");
    }
    expect((await mapTrackingId("pawsome-20", "home", {})).status).toBe(401);
    const del = await fetch(`${server.url}/api/admin/earnings/tracking-ids/pawsome-quiz-20`, { method: "DELETE" });
    expect(del.status).toBe(401);
    expect(
      await database.db.select().from(trackingIdPlacements).where(eq(trackingIdPlacements.trackingId, "pawsome-20")),
    ).toEqual([]);
  });

  it("defaults to the last 30 days by article", async () => {
    await at("2026-11-26");
    const answer = await report("");
    expect([answer.from, answer.to, answer.by]).toEqual(["2026-10-28", "2026-11-26", "post"]);
  });

  it("answers 400 with a clear message for a bad period or grouping", async () => {
    for (const [query, message] of [
      ["from=2026-11-31&to=2026-12-01", "from must be a date written YYYY-MM-DD"],
      ["from=2026-11-10&to=2026-11-01", "from must not be after to"],
      ["from=2025-01-01&to=2026-11-01", "The period may be at most 366 days"],
      ["from=2026-11-01", "Give both from and to"],
      ["by=article", "by must be one of post, placement, toy, day, country"],
      ["from=2026-11-01&from=2026-11-02&to=2026-11-30", "from must be a date written YYYY-MM-DD"],
    ]) {
      for (const path of ["/api/admin/earnings", "/api/admin/earnings.csv"]) {
        const res = await get(`${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(((await res.json()) as { message: string }).message).toContain(message);
      }
    }
    expect((await get("/api/admin/earnings/unmatched?limit=0")).status).toBe(400);
  });
});
