import { request as httpRequest } from "node:http";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Toy } from "../domain/catalog";
import { DEFAULT_DISCLOSURE_TEXT } from "../domain/disclosure";
import type { SiteSettings } from "../domain/site-settings";
import { SETTINGS_TEXT } from "../domain/site-settings-text";
import { productSyncRuns, siteSettings, toys } from "../server/db/schema";
import { type CreatorsContractServer, startCreatorsContractServer } from "./support/amazon-creators-server";
import { type FeedServer, feedItem, rssFeed, startFeedServer } from "./support/feed-server";
import { adminCookie, type SeededTestServer, startSeededTestServer, TEST_POSTAL_ADDRESS } from "./support/test-server";
import { testServices } from "./support/test-services";

// Issue 27, "Settings": the owner sets the associate tags, the Creators API credential, the
// product feeds, the schedules, the price age and the footer's disclosure in the admin, over the
// server's configuration (the environment's defaults). Against the real app and database: what
// GET /api/admin/settings answers and whose each value is, what PUT accepts and refuses, that the
// secret never comes back (answers, activity log, database row), and that every part of the site
// uses the saved value at once: /go, the product sync, the price age, the footer.
// Pages are rendered by the production build (`npm run build` first).

const HOUR = 3_600_000;
const SECRET_MARK = "s3cret";
/** the configuration's feed: a loopback address it may not reach, so it is refused at once */
const ENV_FEED = "http://127.0.0.1:1/env-feed.xml";
let clock = new Date();
let amazon: CreatorsContractServer;
let feeds: FeedServer;
let server: SeededTestServer;
let cookie: string;

interface Answer {
  status: number;
  body: Record<string, unknown> & { errors?: Record<string, string[]> };
  text: string;
}

async function admin(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, origin: server.url, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

const settings = async () => (await admin("GET", "/api/admin/settings")).body as unknown as SiteSettings;
const put = (body: unknown) => admin("PUT", "/api/admin/settings", body);

/** Every setting back to the configuration's. */
const EVERY_SETTING_CLEARED = {
  associateTags: null,
  creators: null,
  feedUrls: null,
  syncIntervalMinutes: null,
  linkCheckIntervalHours: null,
  priceMaxAgeHours: null,
  disclosureText: null,
};

async function settingsEntries(): Promise<{ details: Record<string, unknown> }[]> {
  const { body } = await admin("GET", "/api/admin/audit-log?action=update&kind=settings&pageSize=200");
  return body as unknown as { details: Record<string, unknown> }[];
}

/** A page as a visitor's browser gets it. */
async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { headers: { accept: "text/html", ...headers } });
  expect(res.status, path).toBe(200);
  return res.text();
}

/** Where GET /go/{toyId} sends a visitor who prefers this language. */
function go(toyId: number, acceptLanguage: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(`/go/${toyId}`, server.url),
      {
        headers: {
          "user-agent":
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
          "accept-language": acceptLanguage,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers.location));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function newToy(name: string, fields: Record<string, unknown> = {}): Promise<Toy> {
  const made = await admin("POST", "/api/toys", {
    name,
    description: "A toy the settings tests follow.",
    details: "Made for the tests of the settings the owner changes in the admin.",
    price: "$12.99",
    ...fields,
  });
  expect(made.status, made.text).toBe(201);
  return made.body as unknown as Toy;
}

beforeAll(async () => {
  amazon = await startCreatorsContractServer({ clientSecret: `amzn1.oa2-cs.v1.${SECRET_MARK}-right` });
  feeds = await startFeedServer();
  feeds.feed.body = rssFeed([]);
  server = await startSeededTestServer({
    renderPages: true,
    // as in production: a save must clear what visitors are served
    readCacheTtlMs: 60_000,
    now: () => clock,
    associateTag: "pawsome-20",
    associateTags: { DE: "pawsomede-21" },
    retail: {
      allowHosts: [feeds.host, new URL(amazon.apiUrl).host, new URL(amazon.tokenUrl).host],
      feedUrls: [ENV_FEED],
      syncIntervalMinutes: 90,
      linkCheckIntervalHours: 12,
      priceMaxAgeHours: 24,
      // no credential in the configuration: only the owner's, pointed at the local contract server
      amazonEndpoints: { apiUrl: amazon.apiUrl, tokenUrl: amazon.tokenUrl },
    },
  });
  cookie = await adminCookie(server);
});

afterAll(async () => {
  await server?.close();
  await amazon?.close();
  await feeds?.close();
});

beforeEach(async () => {
  if (clock.getTime() !== Date.now()) {
    clock = new Date();
    cookie = await adminCookie(server);
  }
  expect((await put(EVERY_SETTING_CLEARED)).status).toBe(200);
});

describe("GET /api/admin/settings", () => {
  it("answers the configuration's values, each with its source, while the owner has saved none", async () => {
    expect(await settings()).toEqual({
      postalAddress: TEST_POSTAL_ADDRESS,
      postalAddressSource: "environment",
      environmentPostalAddress: TEST_POSTAL_ADDRESS,
      associateTag: "pawsome-20",
      defaultMarketplace: "www.amazon.com",
      associateTags: { US: "pawsome-20", DE: "pawsomede-21" },
      associateTagsSource: "environment",
      environmentAssociateTags: { US: "pawsome-20", DE: "pawsomede-21" },
      creators: null,
      creatorsSource: null,
      environmentCreators: null,
      feedUrls: [ENV_FEED],
      feedUrlsSource: "environment",
      environmentFeedUrls: [ENV_FEED],
      syncIntervalMinutes: 90,
      syncIntervalMinutesSource: "environment",
      environmentSyncIntervalMinutes: 90,
      linkCheckIntervalHours: 12,
      linkCheckIntervalHoursSource: "environment",
      environmentLinkCheckIntervalHours: 12,
      priceMaxAgeHours: 24,
      priceMaxAgeHoursSource: "environment",
      environmentPriceMaxAgeHours: 24,
      disclosureText: DEFAULT_DISCLOSURE_TEXT,
      disclosureTextSource: "environment",
      environmentDisclosureText: DEFAULT_DISCLOSURE_TEXT,
    });
  });

  it("is the owner's only, and never kept by a cache", async () => {
    expect((await fetch(`${server.url}/api/admin/settings`)).status).toBe(401);
    const res = await fetch(`${server.url}/api/admin/settings`, { headers: { cookie } });
    expect(res.headers.get("cache-control")).toMatch(/\bno-store\b/);
  });
});

describe("PUT /api/admin/settings", () => {
  it("saves each setting as the owner's, answers it with source admin, and null brings the configuration's back", async () => {
    const saved = await put({
      associateTags: { us: "ownus-20", GB: "ownuk-21" },
      creators: {
        clientId: "amzn1.application-oa2-client.owner",
        clientSecret: `${SECRET_MARK}-one`,
        credentialVersion: "3.2",
        marketplace: "www.amazon.com",
      },
      feedUrls: ["https://shop.example/a.xml", "http://shop.example/b.tsv"],
      syncIntervalMinutes: 15,
      linkCheckIntervalHours: 0.5,
      priceMaxAgeHours: 6.5,
      disclosureText: "We earn from qualifying purchases made through our links.",
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual(await settings());
    expect(saved.body).toMatchObject({
      associateTag: "ownus-20",
      associateTags: { US: "ownus-20", GB: "ownuk-21" },
      associateTagsSource: "admin",
      environmentAssociateTags: { US: "pawsome-20", DE: "pawsomede-21" },
      creators: {
        clientId: "amzn1.application-oa2-client.owner",
        credentialVersion: "3.2",
        marketplace: "www.amazon.com",
        hasSecret: true,
        source: "admin",
      },
      creatorsSource: "admin",
      feedUrls: ["https://shop.example/a.xml", "http://shop.example/b.tsv"],
      feedUrlsSource: "admin",
      environmentFeedUrls: [ENV_FEED],
      syncIntervalMinutes: 15,
      syncIntervalMinutesSource: "admin",
      linkCheckIntervalHours: 0.5,
      linkCheckIntervalHoursSource: "admin",
      priceMaxAgeHours: 6.5,
      priceMaxAgeHoursSource: "admin",
      disclosureText: "We earn from qualifying purchases made through our links.",
      disclosureTextSource: "admin",
      postalAddressSource: "environment",
    });
    // the schedulers read the interval in force at their next tick
    expect((await server.services.productSync.sources()).intervalMinutes).toBe(15);

    const cleared = await put(EVERY_SETTING_CLEARED);
    expect(cleared.body).toMatchObject({
      associateTag: "pawsome-20",
      associateTagsSource: "environment",
      creators: null,
      feedUrlsSource: "environment",
      syncIntervalMinutes: 90,
      priceMaxAgeHours: 24,
      disclosureText: DEFAULT_DISCLOSURE_TEXT,
      disclosureTextSource: "environment",
    });
    expect(await server.database.db.select().from(siteSettings)).toEqual([]);
  });

  it("never answers the Creators API secret, stores it sealed, and keeps it when saved without one", async () => {
    const secret = `${SECRET_MARK}-kept-${Date.now()}`;
    const first = await put({ creators: { clientId: "owner-id", clientSecret: secret, credentialVersion: "2.1" } });
    expect(first.status).toBe(200);
    expect(first.text).not.toContain(SECRET_MARK);
    expect((await admin("GET", "/api/admin/settings")).text).not.toContain(SECRET_MARK);
    const [row] = await server.database.db.select().from(siteSettings).where(eq(siteSettings.key, "amazon-creators"));
    expect(row?.value).toBeDefined();
    expect(row?.value).not.toContain(SECRET_MARK);

    // a new version without retyping the secret: the saved one stays (the sync below proves it reads)
    const again = await put({ creators: { clientId: "owner-id", credentialVersion: "2.3" } });
    expect(again.body.creators).toMatchObject({ credentialVersion: "2.3", hasSecret: true });
    expect((await server.services.siteSettings.retail()).creators).toMatchObject({
      clientId: "owner-id",
      clientSecret: secret,
      credentialVersion: "2.3",
    });

    // another app secret cannot read it: no look-ups, and the admin asks for it again
    const other = testServices(server.database, {
      siteUrl: server.url,
      appSecret: "another-app-secret-of-at-least-32-characters",
    });
    expect((await other.siteSettings.get()).creators).toMatchObject({ clientId: "owner-id", hasSecret: false });
    expect((await other.siteSettings.retail()).creators).toBeNull();
    expect((await other.productSync.sources()).amazon).toBeNull();
    await other.outbox.stop();

    const entries = JSON.stringify(await settingsEntries());
    expect(entries).not.toContain(SECRET_MARK);
  });

  it("takes the postal address alone as before, and leaves every other setting as it is", async () => {
    expect((await put({ syncIntervalMinutes: 20, disclosureText: "Our links earn us a commission." })).status).toBe(
      200,
    );
    const before = await settings();
    const saved = await put({ postalAddress: "Settings Dept.\n1 Schema Street\nValidation, CA 90001" });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      ...before,
      postalAddress: "Settings Dept.\n1 Schema Street\nValidation, CA 90001",
      postalAddressSource: "admin",
    });
    const [latest] = await settingsEntries();
    expect(latest?.details).toEqual({ postalAddress: "saved" });
    expect((await put({ postalAddress: null })).body).toEqual(before);
  });

  it("refuses bad input with each field's message and changes nothing", async () => {
    expect((await put({ feedUrls: ["https://shop.example/kept.xml"] })).status).toBe(200);
    const before = await settings();
    const entries = (await settingsEntries()).length;
    const refused = await put({
      associateTags: { UK: "pawsomeuk-21" },
      creators: { clientId: "", credentialVersion: "9.9", marketplace: "www.amazon.example" },
      feedUrls: ["ftp://shop.example/feed.xml"],
      syncIntervalMinutes: 2,
      linkCheckIntervalHours: 0,
      priceMaxAgeHours: -1,
      disclosureText: "",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      associateTags: ["UK is written GB, the United Kingdom's country code"],
      "creators.clientId": [SETTINGS_TEXT.clientIdRequired],
      "creators.credentialVersion": [SETTINGS_TEXT.credentialVersionInvalid],
      "creators.marketplace": [SETTINGS_TEXT.marketplaceInvalid],
      "feedUrls.0": [SETTINGS_TEXT.feedUrlInvalid],
      syncIntervalMinutes: [SETTINGS_TEXT.syncIntervalInvalid],
      linkCheckIntervalHours: [SETTINGS_TEXT.linkCheckIntervalInvalid],
      priceMaxAgeHours: [SETTINGS_TEXT.priceMaxAgeInvalid],
      disclosureText: [SETTINGS_TEXT.disclosureInvalid],
    });
    // one good field beside a bad one saves neither
    expect((await put({ syncIntervalMinutes: 30, priceMaxAgeHours: "24" })).status).toBe(400);
    // a credential with no secret, none saved: refused under the secret
    const noSecret = await put({ syncIntervalMinutes: 30, creators: { clientId: "owner-id" } });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.errors).toEqual({ "creators.clientSecret": [SETTINGS_TEXT.clientSecretRequired] });
    expect((await put([])).status).toBe(400);
    expect(await settings()).toEqual(before);
    expect(await settingsEntries()).toHaveLength(entries);
  });

  it("records which settings changed in the activity log, once per change, never a value", async () => {
    const before = (await settingsEntries()).length;
    await put({
      associateTags: { GB: "ownuk-21" },
      creators: { clientId: "owner-id", clientSecret: `${SECRET_MARK}-logged` },
      feedUrls: ["https://shop.example/logged.xml"],
      priceMaxAgeHours: 12,
    });
    // the same again changes nothing, and records nothing
    await put({ feedUrls: ["https://shop.example/logged.xml"], priceMaxAgeHours: 12 });
    await put({ feedUrls: null, creators: { clientId: "owner-id", credentialVersion: "3.1" } });
    const entries = await settingsEntries();
    expect(entries.length - before).toBe(2);
    const [removed, saved] = entries;
    expect(saved).toMatchObject({
      itemLabel: "Site settings",
      details: {
        associateTags: "saved",
        creators: "saved",
        creatorsSecret: "saved",
        feedUrls: "saved",
        priceMaxAgeHours: "saved",
      },
    });
    expect(removed?.details).toEqual({ creators: "saved", feedUrls: "removed" });
    const logged = JSON.stringify(entries);
    for (const value of [SECRET_MARK, "ownuk-21", "logged.xml", "owner-id"]) expect(logged).not.toContain(value);
  });
});

describe("what the saved settings change", () => {
  it("/go sends a visitor from Britain to amazon.co.uk with the owner's tag", async () => {
    const toy = await newToy("Settings Tug Rope", {
      amazonUrl: "https://www.amazon.com/dp/B0SETTING1",
      amazonAsin: "B0SETTING1",
    });
    // the configuration has no GB tag: a British visitor goes to the default store
    expect(await go(toy.id, "en-GB,en;q=0.9")).toBe("https://www.amazon.com/dp/B0SETTING1?tag=pawsome-20");
    await put({ associateTags: { US: "ownus-20", GB: "ownuk-21" } });
    expect(await go(toy.id, "en-GB,en;q=0.9")).toBe("https://www.amazon.co.uk/dp/B0SETTING1?tag=ownuk-21");
    expect(await go(toy.id, "en-US")).toBe("https://www.amazon.com/dp/B0SETTING1?tag=ownus-20");
    // the configuration's DE tag went with the configuration's list
    expect(await go(toy.id, "de-DE")).toBe("https://www.amazon.com/dp/B0SETTING1?tag=ownus-20");
    await put({ associateTags: null });
    expect(await go(toy.id, "de-DE")).toBe("https://www.amazon.de/dp/B0SETTING1?tag=pawsomede-21");
  });

  it("the dashboard stops asking for a tag once the owner saves one for the default marketplace", async () => {
    await put({ associateTags: { GB: "ownuk-21" } });
    expect((await settings()).associateTag).toBeNull();
    const asks = async () =>
      (await page("/admin/dashboard", { cookie })).includes("Amazon clicks earn you nothing yet");
    expect(await asks()).toBe(true);
    await put({ associateTags: { US: "ownus-20", GB: "ownuk-21" } });
    expect(await asks()).toBe(false);
  });

  it("the product sync reads the owner's feeds and Creators API credential at its next run", async () => {
    const db = server.database.db;
    // the demo toys' ASINs are not this test's business
    await db.update(toys).set({ amazonAsin: null, retailerItemId: null });
    await db.delete(productSyncRuns);
    const fromFeed = await newToy("Settings Feed Ball");
    const fromAmazon = await newToy("Settings Amazon Rope", {
      amazonUrl: "https://www.amazon.com/dp/B0SETTING2",
      amazonAsin: "B0SETTING2",
    });
    await db.update(toys).set({ retailerItemId: "SET-FEED-1" }).where(eq(toys.id, fromFeed.id));
    feeds.feed.body = rssFeed([feedItem("SET-FEED-1", { price: "21.50 USD" })]);
    amazon.items.set("B0SETTING2", {
      asin: "B0SETTING2",
      title: "Settings Amazon Rope",
      price: { amount: 33.25, currency: "USD", displayAmount: "$33.25" },
    });

    // the configuration's feed is not reachable and there is no credential: nothing of ours syncs
    const before = await admin("POST", "/api/admin/product-sync");
    expect(before.body).toMatchObject({ checked: 0 });
    expect(amazon.requests).toHaveLength(0);

    await put({
      associateTags: { US: "ownus-20" },
      feedUrls: [feeds.url],
      creators: { clientId: amazon.clientId, clientSecret: amazon.clientSecret, credentialVersion: "3.1" },
    });
    const run = await admin("POST", "/api/admin/product-sync");
    expect(run.status, run.text).toBe(200);
    expect(run.body).toMatchObject({ checked: 2, updated: 2, failed: 0 });
    const rows = await db
      .select({ id: toys.id, price: toys.price, source: toys.priceSource })
      .from(toys)
      .where(inArray(toys.id, [fromFeed.id, fromAmazon.id]))
      .orderBy(toys.id);
    expect(rows).toEqual([
      { id: fromFeed.id, price: "$21.50", source: "feed" },
      { id: fromAmazon.id, price: "$33.25", source: "amazon" },
    ]);
    const [lookUp] = amazon.apiRequests();
    expect(JSON.parse(lookUp?.body ?? "{}")).toMatchObject({ partnerTag: "ownus-20", itemIds: ["B0SETTING2"] });
    expect(await server.services.productSync.sources()).toEqual({
      amazon: { marketplace: "www.amazon.com" },
      feeds: [feeds.url],
      intervalMinutes: 90,
    });

    // a wrong secret is used at the next run (no restart), and Amazon's refusal is reported
    await put({
      creators: { clientId: amazon.clientId, clientSecret: `${SECRET_MARK}-wrong`, credentialVersion: "3.1" },
    });
    const refused = await admin("POST", "/api/admin/product-sync");
    expect(refused.body).toMatchObject({ failed: 1 });
    expect(JSON.stringify(refused.body.problems)).toMatch(/Amazon refused the request/);
    expect(refused.text).not.toContain(SECRET_MARK);

    // back to the configuration: no credential, its own feed
    await put({ creators: null, feedUrls: null });
    expect((await server.services.productSync.sources()).amazon).toBeNull();
  });

  it("a saved price age hides or shows a price at once, on the API and the toy page", async () => {
    const toy = await newToy("Settings Price Ball", { price: "$17.43" });
    const shown = async () => {
      const api = (await (await fetch(`${server.url}/api/toys/${toy.id}`)).json()) as Toy;
      const html = await page(`/toys/${toy.slug}`);
      return { api: api.priceHidden ? null : api.price, page: html.includes("$17.43") ? "$17.43" : null };
    };
    // confirmed when saved, now 30 hours ago: past the configuration's 24 hours
    clock = new Date(clock.getTime() + 30 * HOUR);
    cookie = await adminCookie(server); // the session ended with the day
    expect(await shown()).toEqual({ api: null, page: null });
    await put({ priceMaxAgeHours: 48 });
    expect(await shown()).toEqual({ api: "$17.43", page: "$17.43" });
    await put({ priceMaxAgeHours: 0.5 });
    expect(await shown()).toEqual({ api: null, page: null });
    await put({ priceMaxAgeHours: 0 });
    expect(await shown()).toEqual({ api: "$17.43", page: "$17.43" });
    await put({ priceMaxAgeHours: null });
    expect(await shown()).toEqual({ api: null, page: null });
  });

  it("the footer of every page shows the owner's disclosure, and the configuration's again once it is removed", async () => {
    const own = "Pawsome Picks earns a commission when you buy through our links, at no cost to you.";
    expect(await page("/about")).toContain(DEFAULT_DISCLOSURE_TEXT);
    expect(await page("/about")).toContain(DEFAULT_DISCLOSURE_TEXT);
    await put({ disclosureText: own });
    for (const path of ["/about", "/products", "/"]) {
      const html = await page(path);
      expect(html, path).toContain(own);
      expect(html, path).not.toContain(DEFAULT_DISCLOSURE_TEXT);
    }
    // plain text: markup is shown as typed, never run
    await put({ disclosureText: "We earn <b>commissions</b> & <script>alert(1)</script>" });
    const html = await page("/about");
    expect(html).toContain("We earn &lt;b&gt;commissions&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;");
    await put({ disclosureText: null });
    expect(await page("/about")).toContain(DEFAULT_DISCLOSURE_TEXT);
  });

  it("the settings page's form saves through its action: per-field messages, then the saved values", async () => {
    const post = async (fields: Record<string, string>) => {
      const res = await fetch(`${server.url}/admin/settings`, {
        method: "POST",
        headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
      return { status: res.status, html: await res.text() };
    };
    const bad = await post({ moreAssociateTags: "UK=pawsomeuk-21", syncIntervalMinutes: "3" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("UK is written GB, the United Kingdom&#x27;s country code");
    expect(bad.html).toContain(SETTINGS_TEXT.syncIntervalInvalid);
    const noSecret = await post({ creatorsClientId: "owner-id", creatorsCredentialVersion: "2.1" });
    expect(noSecret.status).toBe(400);
    expect(noSecret.html).toContain(SETTINGS_TEXT.clientSecretRequired);
    // a refused form comes back with what was typed, but never the secret
    const typedSecret = await post({ creatorsClientSecret: `${SECRET_MARK}-typed`, syncIntervalMinutes: "3" });
    expect(typedSecret.status).toBe(400);
    expect(typedSecret.html).toContain(SETTINGS_TEXT.clientIdWithSecret);
    expect(typedSecret.html).not.toContain(SECRET_MARK);

    const good = await post({
      associateTag: "formus-20",
      moreAssociateTags: "GB=formuk-21",
      creatorsClientId: "form-id",
      creatorsClientSecret: `${SECRET_MARK}-form`,
      creatorsCredentialVersion: "3.1",
      creatorsMarketplace: "www.amazon.com",
      feedUrls: `${feeds.url}\nhttps://shop.example/form.xml`,
      syncIntervalMinutes: "45",
      linkCheckIntervalHours: "6",
      priceMaxAgeHours: "0.5",
      disclosureText: "Form disclosure: we earn from purchases.",
    });
    expect(good.status).toBe(200);
    expect(good.html).toContain(SETTINGS_TEXT.saved);
    expect(good.html).not.toContain(SECRET_MARK);
    expect(good.html).toContain(SETTINGS_TEXT.clientSecretSaved);
    expect(await settings()).toMatchObject({
      associateTags: { US: "formus-20", GB: "formuk-21" },
      creators: { clientId: "form-id", credentialVersion: "3.1", hasSecret: true, source: "admin" },
      feedUrls: [feeds.url, "https://shop.example/form.xml"],
      syncIntervalMinutes: 45,
      linkCheckIntervalHours: 6,
      priceMaxAgeHours: 0.5,
      disclosureText: "Form disclosure: we earn from purchases.",
    });
    // the same form saved again with the secret left empty keeps it; emptied fields go back to the configuration's
    const kept = await post({
      creatorsClientId: "form-id",
      creatorsCredentialVersion: "3.1",
      syncIntervalMinutes: "45",
    });
    expect(kept.status).toBe(200);
    expect(await settings()).toMatchObject({
      creators: { clientId: "form-id", hasSecret: true },
      syncIntervalMinutes: 45,
      associateTagsSource: "environment",
      feedUrlsSource: "environment",
      disclosureText: DEFAULT_DISCLOSURE_TEXT,
    });
    expect((await server.services.siteSettings.retail()).creators?.clientSecret).toBe(`${SECRET_MARK}-form`);
  });
});
