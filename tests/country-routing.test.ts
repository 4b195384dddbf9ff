import { request as httpRequest } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dashboard } from "../domain/insights";
import { createTestDatabase } from "./support/test-database";
import { adminCookie, type SeededTestServer, startSeededTestServer, startTestServer } from "./support/test-server";

// One link, every country (issue 27, decision 058): /go/{toyId} sends a visitor to their own
// country's Amazon marketplace when the site has a tag there. Their country comes from the CDN's
// header only behind a trusted proxy, else from Accept-Language; the click records it, and the
// dashboard counts clicks by country.

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const ASIN = "B0CNTRY001";
const TAGS = { US: "pawsome-20", GB: "pawsomeuk-21", DE: "pawsomede-21" };
const DEFAULT_TARGET = `https://www.amazon.com/dp/${ASIN}?tag=pawsome-20`;
const UK_TARGET = `https://www.amazon.co.uk/dp/${ASIN}?tag=pawsomeuk-21`;

let server: SeededTestServer;
let cookie: string;
const toys = { withAsin: 0, withoutAsin: 0, otherRetailer: 0 };
let nextClient = 1;

interface Redirect {
  status: number;
  location: string | undefined;
  vary: string | undefined;
  cacheControl: string | undefined;
}

/**
 * GET /go/{toyId} as a browser from its own address; header values may be lists, which are sent
 * as repeated header lines (fetch would fold them into one).
 */
function go(base: string, toyId: number, headers: Record<string, string | string[]> = {}): Promise<Redirect> {
  const url = new URL(`/go/${toyId}`, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { headers: { "user-agent": BROWSER, "x-forwarded-for": `198.51.100.${nextClient++ % 250}`, ...headers } },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            vary: res.headers.vary,
            cacheControl: res.headers["cache-control"],
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const varies = (answer: Redirect) => (answer.vary ?? "").toLowerCase().split(/\s*,\s*/);

async function createToy(base: string, admin: string, name: string, fields: Record<string, unknown>) {
  const res = await fetch(`${base}/api/toys`, {
    method: "POST",
    headers: { cookie: admin, "content-type": "application/json" },
    body: JSON.stringify({
      name,
      description: "A toy the country routing tests follow.",
      details: "Made for the tests of links that send each visitor to their own Amazon store.",
      price: "$12.00",
      rating: "4.5",
      reviewCount: 10,
      materialType: "durable",
      features: ["tug"],
      ...fields,
    }),
  });
  if (res.status !== 201) throw new Error(`creating ${name} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

async function byCountry(): Promise<Map<string | null, number>> {
  const res = await fetch(`${server.url}/api/admin/dashboard?days=7`, { headers: { cookie } });
  expect(res.status).toBe(200);
  const dashboard = (await res.json()) as Dashboard;
  return new Map(dashboard.clicks.byCountry.map((row) => [row.country, row.clicks]));
}

beforeAll(async () => {
  server = await startSeededTestServer({
    trustProxy: 1,
    countryHeader: "cf-ipcountry",
    associateTag: "pawsome-20",
    associateTags: TAGS,
  });
  cookie = await adminCookie(server);
  toys.withAsin = await createToy(server.url, cookie, "Country Tug Rope", {
    amazonUrl: `https://www.amazon.com/dp/${ASIN}`,
    amazonAsin: ASIN,
  });
  toys.withoutAsin = await createToy(server.url, cookie, "Country Chew Ring", {
    amazonUrl: "https://www.amazon.com/dp/B0CNTRY002",
  });
  toys.otherRetailer = await createToy(server.url, cookie, "Country Ball", {
    amazonUrl: "https://www.chewy.com/dp/12345",
    amazonAsin: "B0CNTRY003",
  });
});
afterAll(() => server?.close());

describe("behind a trusted proxy with COUNTRY_HEADER=cf-ipcountry", () => {
  it("sends a visitor from a country with a tag to that marketplace's page for the ASIN, with that tag", async () => {
    const answer = await go(server.url, toys.withAsin, { "cf-ipcountry": "GB" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(UK_TARGET);
    expect(answer.cacheControl).toBe("no-store");
    expect(varies(answer)).toEqual(expect.arrayContaining(["cf-ipcountry", "accept-language"]));
    expect((await go(server.url, toys.withAsin, { "cf-ipcountry": "DE" })).location).toBe(
      `https://www.amazon.de/dp/${ASIN}?tag=pawsomede-21`,
    );
    // Amazon serves Austria from amazon.de
    expect((await go(server.url, toys.withAsin, { "cf-ipcountry": "AT" })).location).toBe(
      `https://www.amazon.de/dp/${ASIN}?tag=pawsomede-21`,
    );
  });

  it("reads the header in either case", async () => {
    expect((await go(server.url, toys.withAsin, { "cf-ipcountry": "gb" })).location).toBe(UK_TARGET);
    expect((await go(server.url, toys.withAsin, { "CF-IPCountry": "Gb" })).location).toBe(UK_TARGET);
  });

  it("the header wins over Accept-Language", async () => {
    expect((await go(server.url, toys.withAsin, { "cf-ipcountry": "US", "accept-language": "en-GB" })).location).toBe(
      DEFAULT_TARGET,
    );
  });

  it("sends a visitor from a country without a tag to the default marketplace with the default tag", async () => {
    for (const country of ["FR", "US", "NZ"]) {
      expect((await go(server.url, toys.withAsin, { "cf-ipcountry": country })).location, country).toBe(DEFAULT_TARGET);
    }
  });

  it("takes junk, unknown and repeated header values for no country: Accept-Language decides, else the default", async () => {
    const junk = ["XX", "T1", "<script>", "G".repeat(4000), "GBR", "", "UK"];
    for (const value of junk) {
      const label = value.slice(0, 12);
      expect((await go(server.url, toys.withAsin, { "cf-ipcountry": value })).location, label).toBe(DEFAULT_TARGET);
      expect(
        (await go(server.url, toys.withAsin, { "cf-ipcountry": value, "accept-language": "en-GB,en;q=0.9" })).location,
        label,
      ).toBe(UK_TARGET);
    }
    // sent twice, the header cannot say which value the proxy wrote
    for (const repeated of [
      ["DE", "GB"],
      ["GB", "GB"],
    ]) {
      const answer = await go(server.url, toys.withAsin, { "cf-ipcountry": repeated });
      expect(answer.status).toBe(302);
      expect(answer.location, repeated.join()).toBe(DEFAULT_TARGET);
    }
  });

  it("without the header, the region of the preferred language", async () => {
    expect((await go(server.url, toys.withAsin, { "accept-language": "en-GB,en;q=0.9" })).location).toBe(UK_TARGET);
    expect((await go(server.url, toys.withAsin, { "accept-language": "fr;q=0.9, de-DE;q=0.8" })).location).toBe(
      `https://www.amazon.de/dp/${ASIN}?tag=pawsomede-21`,
    );
    expect((await go(server.url, toys.withAsin, { "accept-language": "de" })).location).toBe(DEFAULT_TARGET);
    expect((await go(server.url, toys.withAsin)).location).toBe(DEFAULT_TARGET);
  });

  it("sends a toy without an ASIN, or with another retailer's link, to its stored link", async () => {
    expect((await go(server.url, toys.withoutAsin, { "cf-ipcountry": "GB" })).location).toBe(
      "https://www.amazon.com/dp/B0CNTRY002?tag=pawsome-20",
    );
    expect((await go(server.url, toys.otherRetailer, { "cf-ipcountry": "GB" })).location).toBe(
      "https://www.chewy.com/dp/12345",
    );
  });
});

describe("the recorded click", () => {
  it("keeps the visitor's country, two letters or unknown, and the dashboard counts clicks by country", async () => {
    const before = await byCountry();
    const visits: Record<string, string | string[]>[] = [
      { "cf-ipcountry": "GB" },
      { "cf-ipcountry": "gb" },
      { "accept-language": "en-GB" },
      { "cf-ipcountry": "DE" },
      { "cf-ipcountry": "AT" },
      { "cf-ipcountry": "FR" },
      { "cf-ipcountry": "<script>" },
      { "cf-ipcountry": "XX", "accept-language": "de" },
      { "cf-ipcountry": ["GB", "DE"] },
    ];
    for (const headers of visits) expect((await go(server.url, toys.withAsin, headers)).status).toBe(302);

    const after = await byCountry();
    const added = (country: string | null) => (after.get(country) ?? 0) - (before.get(country) ?? 0);
    expect({
      GB: added("GB"),
      DE: added("DE"),
      AT: added("AT"),
      FR: added("FR"),
      unknown: added(null),
    }).toEqual({ GB: 3, DE: 1, AT: 1, FR: 1, unknown: 3 });

    // never more than the two letters: the table holds country codes and '' (unknown) only
    const { rows } = await server.database.db.execute<{ country: string }>(
      sql`select distinct country from affiliate_clicks order by country`,
    );
    for (const { country } of rows) expect(country).toMatch(/^([A-Z]{2})?$/);
    expect(rows.map((row) => row.country)).toContain("");
  });

  it("is answered by the dashboard API most first, unknown as null", async () => {
    const res = await fetch(`${server.url}/api/admin/dashboard?days=7`, { headers: { cookie } });
    const { clicks } = (await res.json()) as Dashboard;
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const counts = clicks.byCountry.map((row) => row.clicks);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(clicks.byCountry.some((row) => row.country === null)).toBe(true);
    for (const row of clicks.byCountry) expect(Object.keys(row).sort()).toEqual(["clicks", "country"]);
    expect(clicks.byCountry.reduce((sum, row) => sum + row.clicks, 0)).toBe(clicks.total);
  });
});

describe("without a trusted proxy", () => {
  it("ignores the country header (anyone can send it): Accept-Language decides, else the default", async () => {
    const database = await createTestDatabase();
    const direct = await startTestServer(database, {
      countryHeader: "cf-ipcountry",
      associateTag: "pawsome-20",
      associateTags: TAGS,
    });
    try {
      const owner = await adminCookie(direct);
      const toyId = await createToy(direct.url, owner, "Direct Tug Rope", {
        amazonUrl: `https://www.amazon.com/dp/${ASIN}`,
        amazonAsin: ASIN,
      });
      const answer = await go(direct.url, toyId, { "cf-ipcountry": "GB" });
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(DEFAULT_TARGET);
      expect(varies(answer)).toContain("accept-language");
      expect(varies(answer)).not.toContain("cf-ipcountry");
      expect((await go(direct.url, toyId, { "cf-ipcountry": "DE", "accept-language": "en-GB" })).location).toBe(
        UK_TARGET,
      );
      expect((await go(direct.url, toyId, { "cf-ipcountry": "GB", "accept-language": "de" })).location).toBe(
        DEFAULT_TARGET,
      );
    } finally {
      await direct.close();
      await database.close();
    }
  });
});
