import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditListQuerySchema } from "#domain/audit.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { productSyncRuns, toyPriceHistory, toys } from "#server/db/schema.ts";
import type { ServicesConfig } from "#server/services/create-services.ts";
import { type CreatorsContractServer, startCreatorsContractServer } from "./support/amazon-creators-server";
import { type FeedServer, feedItem, rssFeed, startFeedServer } from "./support/feed-server";
import { heldAtFirstUpdate, signal } from "./support/held-database";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";
import { testServices } from "./support/test-services";

// The product sync of issue 27 end to end: the real app and database, a local server speaking
// the Creators API contract, and a local feed server, reached through the safe outbound fetch.

let amazon: CreatorsContractServer;
let feeds: FeedServer;
let server: SeededTestServer;
let cookie: string;
let ids: number[];

function retailConfig(feedUrls: string[] = [feeds.url]) {
  return {
    allowHosts: [new URL(amazon.apiUrl).host, new URL(amazon.tokenUrl).host, feeds.host],
    feedUrls,
    amazon: {
      clientId: amazon.clientId,
      clientSecret: amazon.clientSecret,
      credentialVersion: "3.1" as const,
      apiUrl: amazon.apiUrl,
      tokenUrl: amazon.tokenUrl,
      marketplace: "www.amazon.com",
      partnerTag: "pawsome-20",
    },
  };
}

/** Another app instance: its own services over the same database, with these sources. */
function anotherInstance(retail: ServicesConfig["retail"], database: DatabaseHandle = server.database) {
  return testServices(database, { siteUrl: server.url, retail });
}

async function sync(headers: Record<string, string> = { cookie }) {
  return fetch(`${server.url}/api/admin/product-sync`, {
    method: "POST",
    headers: { origin: server.url, ...headers },
  });
}

async function toy(id: number) {
  const [row] = await server.database.db.select().from(toys).where(eq(toys.id, id));
  if (!row) throw new Error(`toy ${id} is gone`);
  return row;
}

beforeAll(async () => {
  amazon = await startCreatorsContractServer();
  feeds = await startFeedServer();
  server = await startSeededTestServer({ retail: retailConfig() });
  cookie = await adminCookie(server);
  const rows = await server.database.db.select({ id: toys.id }).from(toys).orderBy(toys.id).limit(5);
  ids = rows.map((row) => row.id);
});

afterAll(async () => {
  await server.close();
  await amazon.close();
  await feeds.close();
});

beforeEach(async () => {
  const db = server.database.db;
  await db.delete(productSyncRuns);
  await db.delete(toyPriceHistory);
  const [a, b, c, d, e] = ids as [number, number, number, number, number];
  const base = { price: "$10.00", priceDiscount: null, inStock: true, amazonAsin: null, retailerItemId: null };
  // the demo toys carry ASINs: only the five below are the sources' business here
  await db.update(toys).set({ amazonAsin: null, retailerItemId: null });
  await db.update(toys).set(base).where(inArray(toys.id, ids));
  await db
    .update(toys)
    .set({ amazonAsin: "B0SYNC0001", amazonUrl: "https://www.amazon.com/dp/B0SYNC0001" })
    .where(eq(toys.id, a));
  await db.update(toys).set({ amazonAsin: "B0SYNC0002" }).where(eq(toys.id, b));
  await db.update(toys).set({ retailerItemId: "SHOP-3", affiliateUrl: "https://shop.example/3" }).where(eq(toys.id, c));
  await db.update(toys).set({ retailerItemId: "SHOP-4" }).where(eq(toys.id, d));
  // in no feed and not at Amazon's: the sync should have answered and did not
  await db.update(toys).set({ retailerItemId: "SHOP-MISSING" }).where(eq(toys.id, e));
  amazon.items.clear();
  amazon.items.set("B0SYNC0001", {
    asin: "B0SYNC0001",
    title: "Sync toy",
    price: { amount: 12.99, currency: "USD", displayAmount: "$12.99" },
    savingBasis: { amount: 15.99, currency: "USD", displayAmount: "$15.99", type: "LIST_PRICE" },
    savings: { amount: 3, currency: "USD", displayAmount: "$3.00", percentage: 19 },
    availability: { type: "IN_STOCK", message: "In Stock" },
  });
  // B0SYNC0002 does not exist at Amazon any more
  feeds.feed.status = 200;
  feeds.feed.body = rssFeed([
    feedItem("SHOP-3", { price: "19.99 USD", sale: "17.49 USD", link: "https://shop.example/3?ref=feed" }),
    feedItem("SHOP-4", { price: "8.00 USD", availability: "out_of_stock" }),
    feedItem("UNKNOWN-9", { price: "1.00 USD" }),
  ]);
});

afterEach(async () => {
  await server.database.db.execute(sql`delete from product_sync_runs where status = 'running'`);
});

describe("POST /api/admin/product-sync", () => {
  it("is the owner's only", async () => {
    const response = await sync({});
    expect(response.status).toBe(401);
    expect(await server.database.db.select().from(productSyncRuns)).toHaveLength(0);
  });

  it("reads Amazon and the feed, writes what changed with its history, and answers the counts", async () => {
    const [a, b, c, d, e] = ids as [number, number, number, number, number];
    const before = new Date();
    const response = await sync();
    expect(response.status).toBe(200);
    const run = await response.json();
    expect(run).toMatchObject({ checked: 4, updated: 4, unavailable: 2, failed: 1, status: "done", trigger: "admin" });
    expect(response.headers.get("cache-control")).toBe("private, no-store");

    // Amazon: the list price is the regular price, the buy box the sale price; its link taken as sent
    expect(await toy(a)).toMatchObject({
      price: "$15.99",
      priceDiscount: "$12.99",
      inStock: true,
      priceSource: "amazon",
    });
    expect((await toy(a)).amazonUrl).toContain("B0SYNC0001");
    // gone at Amazon: out of stock, its typed price kept (it shows nowhere while the toy is out of stock)
    expect(await toy(b)).toMatchObject({ price: "$10.00", inStock: false, priceSource: "amazon" });
    // the feed: regular and sale price, and its link in place of the typed one
    expect(await toy(c)).toMatchObject({
      price: "$19.99",
      priceDiscount: "$17.49",
      inStock: true,
      affiliateUrl: "https://shop.example/3?ref=feed",
      priceSource: "feed",
    });
    // only the stock changed, and that counts as a change
    expect(await toy(d)).toMatchObject({ price: "$8.00", inStock: false, priceSource: "feed" });
    for (const id of [a, b, c, d]) {
      expect((await toy(id)).priceConfirmedAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    }
    // not answered for: nothing about it changes, its stamp included
    expect((await toy(e)).priceSource).not.toBe("feed");

    expect(run.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ source: "amazon", id: "B0SYNC0002" }),
        expect.objectContaining({ source: "feed", id: "UNKNOWN-9", message: expect.stringContaining("No product") }),
      ]),
    );
    // an unknown id is reported, never created as a product
    const created = await server.database.db.select().from(toys).where(eq(toys.retailerItemId, "UNKNOWN-9"));
    expect(created).toHaveLength(0);

    const history = await fetch(`${server.url}/api/admin/toys/${c}/price-history`, { headers: { cookie } });
    expect(history.status).toBe(200);
    expect(await history.json()).toEqual([
      expect.objectContaining({ source: "feed", price: "$19.99", priceDiscount: "$17.49", inStock: true }),
    ]);

    const runs = await fetch(`${server.url}/api/admin/product-sync`, { headers: { cookie } });
    expect((await runs.json())[0]).toMatchObject({ id: run.id, checked: 4, updated: 4 });

    const { items } = await server.services.audit.list(auditListQuerySchema.parse({}));
    expect(items[0]).toMatchObject({ action: "update", itemLabel: "Product sync" });
  });

  it("a second run with nothing new changes nothing but the stamps", async () => {
    await sync();
    const stamped = (await toy(ids[2] as number)).priceConfirmedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const run = await (await sync()).json();
    expect(run).toMatchObject({ checked: 4, updated: 0 });
    expect(await server.database.db.select().from(toyPriceHistory)).toHaveLength(4);
    expect((await toy(ids[2] as number)).priceConfirmedAt?.getTime()).toBeGreaterThan(stamped?.getTime() ?? 0);
  });

  it("an unreadable feed is a problem of the run, and its toys count as failed", async () => {
    feeds.feed.status = 503;
    const run = await (await sync()).json();
    expect(run).toMatchObject({ checked: 2, failed: 3, status: "done" });
    expect(run.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: "The feed answered HTTP 503." })]),
    );
    expect(await toy(ids[2] as number)).toMatchObject({ price: "$10.00" });
  });

  it("one run at a time over all instances: a second instance is told one is running", async () => {
    // a second instance: its own services over the same database
    const other = anotherInstance(retailConfig());
    amazon.setMinIntervalMs(0);
    const results = await Promise.allSettled([
      server.services.productSync.run("admin"),
      other.productSync.run("admin"),
    ]);
    const done = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toContain("already running");
    const runs = await server.database.db.select().from(productSyncRuns);
    expect(runs).toHaveLength(1);
    await other.productSync.stop();
    await other.outbox.stop();
    await other.newsletters.stop();
  });

  it("answers 409 while a run is under way, and takes over from a run whose server went away", async () => {
    const db = server.database.db;
    const now = new Date();
    await db
      .insert(productSyncRuns)
      .values({ trigger: "schedule", status: "running", startedAt: now, heartbeatAt: now });
    const busy = await sync();
    expect(busy.status).toBe(409);
    expect((await busy.json()).message).toContain("already running");

    const old = new Date(Date.now() - 11 * 60_000);
    await db.update(productSyncRuns).set({ startedAt: old, heartbeatAt: old });
    const response = await sync();
    expect(response.status).toBe(200);
    const runs = await db.select().from(productSyncRuns).orderBy(productSyncRuns.id);
    expect(runs.map((run) => run.status)).toEqual(["failed", "done"]);
  });
});

describe("the schedule", () => {
  it("runs within the first-run delay after start-up, then not again before the interval on any instance", async () => {
    const services = anotherInstance({ ...retailConfig(), firstSyncDelayMs: 10, syncIntervalMinutes: 60 });
    services.productSync.start();
    await expect
      .poll(async () => (await server.database.db.select().from(productSyncRuns)).map((run) => run.status), {
        timeout: 10_000,
      })
      .toEqual(["done"]);
    const second = anotherInstance({ ...retailConfig(), firstSyncDelayMs: 10, syncIntervalMinutes: 60 });
    second.productSync.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await server.database.db.select().from(productSyncRuns)).toHaveLength(1);
    for (const instance of [services, second]) {
      await instance.productSync.stop();
      await instance.outbox.stop();
      await instance.newsletters.stop();
    }
  });

  it("runs once when another instance ran it whole between this one finding it due and claiming it", async () => {
    const atClaim = signal();
    const released = signal();
    const late = anotherInstance(
      { ...retailConfig(), firstSyncDelayMs: 10, syncIntervalMinutes: 60 },
      heldAtFirstUpdate(server.database, atClaim.resolve, released.promise),
    );
    late.productSync.start();
    // the late instance found the run due (none yet) and is about to claim it
    await atClaim.promise;
    await server.services.productSync.run("schedule");
    released.resolve();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await late.productSync.stop();
    await late.outbox.stop();
    await late.newsletters.stop();
    expect(await server.database.db.select().from(productSyncRuns)).toHaveLength(1);
  });

  it("a site with no source set up answers 409 and never schedules", async () => {
    const services = anotherInstance({ allowHosts: [], firstSyncDelayMs: 10 });
    services.productSync.start();
    await expect(services.productSync.run("admin")).rejects.toThrow("No product source is set up");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await server.database.db.select().from(productSyncRuns)).toHaveLength(0);
    await services.productSync.stop();
  });
});

describe("the admin's view of the sources and a toy's price", () => {
  it("lists what is configured without the credential, and nothing when no source is set up", async () => {
    expect(await server.services.productSync.sources()).toEqual({
      amazon: { marketplace: "www.amazon.com" },
      feeds: [feeds.url],
      intervalMinutes: 60,
    });
    const services = anotherInstance({
      allowHosts: [],
      feedUrls: ["https://u:pw@feeds.example/f.xml?key=k3y"],
      syncIntervalMinutes: 120,
    });
    const sources = await services.productSync.sources();
    expect(sources).toEqual({
      amazon: null,
      feeds: ["https://u:***@feeds.example/f.xml?key=***"],
      intervalMinutes: 120,
    });
    expect(JSON.stringify(sources)).not.toMatch(/pw|k3y/);
    await services.productSync.stop();
  });

  it("a run's problems name a feed without its key", async () => {
    const services = anotherInstance({ allowHosts: [feeds.host], feedUrls: [`${feeds.url}?key=k3y`] });
    feeds.feed.status = 500;
    try {
      const run = await services.productSync.run("admin");
      expect(run.problems).toContainEqual(
        expect.objectContaining({ source: `feed ${feeds.url}?key=***`, message: "The feed answered HTTP 500." }),
      );
      expect(JSON.stringify(run)).not.toContain("k3y");
    } finally {
      feeds.feed.status = 200;
      await services.productSync.stop();
    }
  });

  it("the product API stores a retailer item id, the sync matches it, and only the owner reads it with the price's source and time", async () => {
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { cookie, origin: server.url, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const product = {
      name: "Feed Matched Ball",
      description: "A ball another programme sells.",
      details: "A rubber ball whose price comes from a product feed.",
      price: "5.00",
      retailerItemId: "  SHOP-API-1 ",
    };
    const created = await api("POST", "/api/toys", product);
    expect(created.status).toBe(201);
    const stored = await created.json();
    expect(stored).toMatchObject({ retailerItemId: "SHOP-API-1", priceSource: "owner" });
    expect(Date.parse(stored.priceConfirmedAt)).toBeGreaterThan(Date.now() - 60_000);

    const copy = await (await api("POST", `/api/toys/${stored.id}/duplicate`)).json();
    expect(copy).toMatchObject({ retailerItemId: "SHOP-API-1", status: "draft" });
    const emptied = await (await api("PUT", `/api/toys/${copy.id}`, { ...product, retailerItemId: "" })).json();
    expect(emptied.retailerItemId).toBeNull();

    feeds.feed.body = rssFeed([feedItem("SHOP-API-1", { price: "7.25 USD" })]);
    expect(await (await sync()).json()).toMatchObject({ status: "done" });
    const owner = await (await api("GET", `/api/toys/${stored.id}`)).json();
    expect(owner).toMatchObject({ price: "$7.25", retailerItemId: "SHOP-API-1", priceSource: "feed" });
    expect(await server.services.productSync.history(stored.id)).toEqual([
      expect.objectContaining({ source: "feed", price: "$7.25" }),
    ]);
    // the public shape is the spec's: no retailer item id, no stamp fields
    const visitor = await (await fetch(`${server.url}/api/toys/${stored.id}`)).json();
    expect(visitor.price).toBe("$7.25");
    expect(visitor).not.toHaveProperty("retailerItemId");
    expect(visitor).not.toHaveProperty("priceSource");
  });
});
