import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "../domain/catalog";
import { CHECK_PRICE_TEXT, formatStampTime, PRICE_DISCLAIMER } from "../domain/price-stamp";
import { adminCookie, type SeededTestServer, startSeededTestServer, startTestServer } from "./support/test-server";

// Issue 27, "What visitors see": every price and stock note carries the time it was confirmed,
// with Amazon's disclaimer at hand, and a price older than PRICE_MAX_AGE_HOURS is shown nowhere:
// not on a page (toy page, catalogue card, buy box, comparison table), not in its JSON-LD, the
// API, the quiz's results and e-mail, or a newsletter. The services' clock is moved, not waited
// for. Pages are rendered by the production build (`npm run build` first).

const HOUR = 3_600_000;
let clock = new Date();
let server: SeededTestServer;
let cookie: string;
let toy: Toy;
const postSlug = "price-truth-buy-box-post";

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The owner saves the test's toy with these changes (the product form's whole input). */
function saveToy(changes: Record<string, unknown>) {
  const { name, description, details, amazonUrl, amazonAsin } = toy;
  return admin("PUT", `/api/toys/${toy.id}`, { name, description, details, amazonUrl, amazonAsin, ...changes });
}

async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { headers: { accept: "text/html", ...headers } });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The JSON-LD objects of a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
}

function productLd(html: string): Record<string, unknown> | undefined {
  return jsonLd(html).find((o) => o["@type"] === "Product");
}

/** Every place the catalogue shows the toy, as HTML or JSON text. */
async function everySurface(): Promise<Record<string, string>> {
  return {
    "toy page": await page(`/toys/${toy.slug}`),
    "catalogue card": await page(`/products?search=${encodeURIComponent(toy.name)}`),
    "buy box and comparison table": await page(`/guides/${postSlug}`),
    api: await (await fetch(`${server.url}/api/toys?search=${encodeURIComponent(toy.name)}`)).text(),
    newsletter: JSON.stringify((await admin("GET", `/api/admin/newsletters/${newsletterId}/preview`)).body),
  };
}
let newsletterId: number;

beforeAll(async () => {
  server = await startSeededTestServer({ renderPages: true, readCacheTtlMs: 0, now: () => clock });
  cookie = await adminCookie(server);
  const made = await admin("POST", "/api/toys", {
    name: "Price Truth Tug",
    description: "A tug toy whose price the tests age.",
    details: "Details long enough to pass the product form's rules.",
    price: "$12.99",
    amazonUrl: "https://www.amazon.com/dp/B0PRICE001",
    amazonAsin: "B0PRICE001",
  });
  expect(made.status).toBe(201);
  toy = made.body;
  const [other] = (await admin("GET", "/api/toys")).body as Toy[];
  const post = await admin("POST", "/api/posts", {
    title: "Price truth buy box post",
    slug: postSlug,
    excerpt: "An excerpt long enough for the rules.",
    content: `Our pick:\n\n[[toy:${toy.slug}]]\n\nSide by side:\n\n[[compare:${toy.slug},${other?.slug}]]`,
    postType: "guide",
    publishedAt: new Date(clock.getTime() - HOUR).toISOString(),
  });
  expect(post.status).toBe(201);
  const newsletter = await admin("POST", "/api/admin/newsletters", {
    subject: "Price truth picks",
    content: `This week:\n\n[[toy:${toy.slug}]]`,
  });
  expect(newsletter.status).toBe(201);
  newsletterId = newsletter.body.id;
});

afterAll(async () => {
  await server?.close();
});

describe("a price the owner saved", () => {
  it("shows on every surface with the time it was confirmed and Amazon's disclaimer one click away", async () => {
    const stamp = `price as of ${formatStampTime(toy.priceAsOf ?? "")}`;
    expect(toy).toMatchObject({ price: "$12.99", priceHidden: false });
    expect(Date.parse(toy.priceAsOf ?? "")).toBe(clock.getTime());
    const { api, ...shown } = await everySurface();
    for (const [surface, text] of Object.entries(shown)) {
      expect(text, surface).toContain("$12.99");
      expect(text, surface).toContain(stamp);
    }
    expect(JSON.parse(api ?? "")).toEqual([
      expect.objectContaining({ price: "$12.99", priceAsOf: toy.priceAsOf, priceHidden: false }),
    ]);
    const html = await page(`/toys/${toy.slug}`);
    // the stamp is a button that opens the page's one disclaimer (a popover)
    expect(html).toMatch(/<button type="button" popovertarget="price-disclaimer"[^>]*>price as of /i);
    expect(html).toContain(`id="price-disclaimer" popover="auto"`);
    expect(html).toContain(PRICE_DISCLAIMER);
    expect(productLd(html)?.offers).toMatchObject({
      price: "12.99",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    });
  });

  it("is stamped in the quiz's results and their e-mail, with the disclaimer under the matches", async () => {
    const { matches, mail } = await takeQuiz(
      { dogSize: "large", dogAge: "adult", chewStyle: "aggressive", playStyle: "both", toyPurpose: "both" },
      "fresh-prices@example.com",
    );
    expect(matches.length).toBeGreaterThan(0);
    for (const match of matches) expect(match).toMatchObject({ priceHidden: false, priceAsOf: expect.any(String) });
    expect(mail).toContain(" · price as of ");
    expect(mail).toContain(PRICE_DISCLAIMER);
  });
});

/** The quiz's results for these answers (the page shows them), and the results e-mail sent to `email`. */
async function takeQuiz(answers: Record<string, string>, email: string): Promise<{ matches: Toy[]; mail: string }> {
  const query = new URLSearchParams(answers);
  const results = await fetch(`${server.url}/api/quiz-recommendations?${query}`);
  expect(results.status).toBe(200);
  const { recommendations } = (await results.json()) as { recommendations: Toy[] };
  const sent = await fetch(`${server.url}/api/quiz-newsletter`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...answers, email }),
  });
  expect([200, 202]).toContain(sent.status); // 202: saved, the e-mail waits in the outbox
  return { matches: recommendations, mail: await lastEmailTo(email) };
}

/** The text part of the last message queued for an address. */
async function lastEmailTo(address: string): Promise<string> {
  const { rows } = await server.database.db.execute<{ text_body: string }>(
    sql`select text_body from email_outbox where recipient = ${address} order by id desc limit 1`,
  );
  return rows[0]?.text_body ?? "";
}

describe("a price older than PRICE_MAX_AGE_HOURS", () => {
  it("is shown nowhere, JSON-LD offers included: visitors read 'Check the price on Amazon'", async () => {
    clock = new Date(clock.getTime() + 24 * HOUR + 60_000);
    cookie = await adminCookie(server); // the session ended with the day
    const { api, ...shown } = await everySurface();
    for (const [surface, text] of Object.entries({ ...shown, api })) expect(text, surface).not.toContain("12.99");
    for (const [surface, text] of Object.entries(shown)) expect(text, surface).toContain(CHECK_PRICE_TEXT);
    expect(JSON.parse(api ?? "")).toEqual([
      expect.objectContaining({ price: "", priceDiscount: null, priceAsOf: null, priceHidden: true }),
    ]);
    const html = await page(`/toys/${toy.slug}`);
    expect(productLd(html)).toBeUndefined();
    // the owner's editor still reads the stored price, marked hidden
    const owners = (await admin("GET", `/api/toys/${toy.id}`)).body as Toy;
    expect(owners).toMatchObject({ price: "$12.99", priceHidden: true });
    const visitor = (await (await fetch(`${server.url}/api/toys/${toy.id}`)).json()) as Toy;
    expect(visitor).toMatchObject({ price: "", priceDiscount: null, priceAsOf: null, priceHidden: true });
  });

  it("is hidden from the quiz's results and e-mail too", async () => {
    const { matches, mail } = await takeQuiz(
      { dogSize: "small", dogAge: "puppy", chewStyle: "gentle", playStyle: "solo", toyPurpose: "mental" },
      "stale-prices@example.com",
    );
    expect(matches.length).toBeGreaterThan(0);
    for (const match of matches) expect(match).toMatchObject({ price: "", priceHidden: true });
    expect(mail).toContain(CHECK_PRICE_TEXT);
    expect(mail).not.toMatch(/\$\d/);
  });

  it("is counted on the dashboard, with why", async () => {
    const dashboard = await page("/admin/dashboard", { cookie });
    const hidden = await server.services.dashboard.hiddenPrices();
    expect(hidden.tooOld).toBeGreaterThan(40);
    const count = hidden.tooOld + hidden.neverConfirmed;
    expect(dashboard).toContain(`${count} prices are hidden from visitors`);
    expect(dashboard).toContain("last confirmed more than 24 hours ago");
  });

  it("shows again, stamped, once the owner saves the product (a typed price counts as confirmed)", async () => {
    const saved = await saveToy({ price: "$11.49" });
    expect(saved.status).toBe(200);
    const html = await page(`/toys/${toy.slug}`);
    expect(html).toContain("$11.49");
    expect(html).toContain(`price as of ${formatStampTime(clock.toISOString())}`);
  });
});

describe("an out-of-stock toy", () => {
  it("says so where the price would be, stamped, and its offer is OutOfStock", async () => {
    const saved = await saveToy({ price: "$11.49", inStock: false });
    expect(saved.status).toBe(200);
    const stamp = `as of ${formatStampTime(clock.toISOString())}`;
    const surfaces = await everySurface();
    for (const surface of ["toy page", "catalogue card", "buy box and comparison table"]) {
      expect(surfaces[surface], surface).toContain("Out of stock");
      expect(surfaces[surface], surface).toContain(stamp);
    }
    const html = surfaces["toy page"] ?? "";
    expect(productLd(html)?.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
    expect(surfaces.newsletter).toContain(
      `Out of stock</span> <span style=\\"color:#6b7280;font-size:13px;\\">· ${stamp}`,
    );
  });
});

describe("PRICE_MAX_AGE_HOURS=0", () => {
  it("shows a price of any age (programmes without Amazon's rule), still with its stamp", async () => {
    await server.database.db.execute(
      sql`update toys set price_confirmed_at = now() - interval '400 days', in_stock = true where id = ${toy.id}`,
    );
    const anyAge = await startTestServer(server.database, {
      renderPages: true,
      readCacheTtlMs: 0,
      retail: { priceMaxAgeHours: 0 },
    });
    try {
      const html = await (await fetch(`${anyAge.url}/toys/${toy.slug}`, { headers: { accept: "text/html" } })).text();
      expect(html).toContain("$11.49");
      expect(html).toContain("price as of ");
      expect(html).not.toContain(CHECK_PRICE_TEXT);
      expect(productLd(html)?.offers).toMatchObject({ price: "11.49" });
    } finally {
      await anyAge.close();
    }
  });
});
