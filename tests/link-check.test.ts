import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { linkCheckCountsSchema, linkProblemSchema } from "#domain/link-health.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { emailOutbox, linkCheckDigests, linkCheckRuns, linkChecks, toys } from "#server/db/schema.ts";
import { readEnv } from "#server/env.ts";
import { createSmtpTransport } from "#server/mail/transport.ts";
import type { ServicesConfig } from "#server/services/create-services.ts";
import { type CreatorsContractServer, startCreatorsContractServer } from "./support/amazon-creators-server";
import { heldAtFirstUpdate, signal } from "./support/held-database";
import { closedPort, type LinkServer, newLinkLoad, startLinkServer } from "./support/link-server";
import { type SmtpTestServer, startSmtpTestServer } from "./support/smtp-test-server";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";
import { testServices } from "./support/test-services";

// Links that work (issue 27) end to end: the real app and database, a local shop that answers
// every way a link can work or fail, the Creators API contract server for Amazon links, and a
// real SMTP server for the owner's daily digest.

const OWNER = "owner@pawsomepicks.test";
const HOUR = 3_600_000;
/** the per-request time-out of the test servers' checks: /slow never answers */
const TIMEOUT_MS = 400;

let shop: LinkServer;
let amazon: CreatorsContractServer;
let smtp: SmtpTestServer;
let server: SeededTestServer;
let cookie: string;
let refusedUrl: string;
/** how far the services' clock runs ahead of the real one */
let ahead = 0;
let ids: number[];

function retailConfig(extra: Partial<NonNullable<ServicesConfig["retail"]>> = {}): ServicesConfig["retail"] {
  return {
    allowHosts: [shop.host, new URL(amazon.apiUrl).host, new URL(amazon.tokenUrl).host, new URL(refusedUrl).host],
    amazon: {
      clientId: amazon.clientId,
      clientSecret: amazon.clientSecret,
      credentialVersion: "3.1" as const,
      apiUrl: amazon.apiUrl,
      tokenUrl: amazon.tokenUrl,
      marketplace: "www.amazon.com",
      partnerTag: "pawsome-20",
    },
    // a short time-out and a quick pace keep the file fast; the pace test uses the real one
    linkCheck: { timeoutMs: TIMEOUT_MS, hostGapMs: 20 },
    ...extra,
  };
}

/** Another app instance: its own services over the same database. */
function anotherInstance(retail: ServicesConfig["retail"], database: DatabaseHandle = server.database) {
  return testServices(database, {
    siteUrl: server.url,
    now: () => new Date(Date.now() + ahead),
    mail: { contactTo: OWNER },
    retail,
  });
}

function checkNow(headers: Record<string, string> = { cookie }) {
  return fetch(`${server.url}/api/admin/link-check`, { method: "POST", headers: { origin: server.url, ...headers } });
}

function linkHealth(headers: Record<string, string> = { cookie }) {
  return fetch(`${server.url}/api/admin/link-health`, { headers });
}

/** Gives the first toys these links (and ASINs); every other toy has none. */
async function setLinks(links: (string | { url: string; asin: string })[]): Promise<number[]> {
  const db = server.database.db;
  await db.update(toys).set({ amazonUrl: null, amazonAsin: null, deletedAt: null });
  const chosen = ids.slice(0, links.length);
  for (const [index, link] of links.entries()) {
    const id = chosen[index] as number;
    await db
      .update(toys)
      .set(typeof link === "string" ? { amazonUrl: link } : { amazonUrl: link.url, amazonAsin: link.asin })
      .where(eq(toys.id, id));
  }
  return chosen;
}

const requestsTo = (path: string) => shop.requests.filter((r) => r.path === path).map((r) => r.method);

beforeAll(async () => {
  shop = await startLinkServer();
  amazon = await startCreatorsContractServer();
  smtp = await startSmtpTestServer();
  refusedUrl = `http://127.0.0.1:${await closedPort()}/ball`;
  server = await startSeededTestServer({
    now: () => new Date(Date.now() + ahead),
    transport: createSmtpTransport({ url: smtp.url, from: { address: "hello@pawsomepicks.test" }, timeoutMs: 5_000 }),
    mail: { contactTo: OWNER },
    retail: retailConfig(),
  });
  cookie = await adminCookie(server);
  const rows = await server.database.db.select({ id: toys.id }).from(toys).orderBy(toys.id).limit(16);
  ids = rows.map((row) => row.id);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await shop?.close();
  await amazon?.close();
  await smtp?.close();
});

beforeEach(async () => {
  const db = server.database.db;
  await db.delete(linkChecks);
  await db.delete(linkCheckRuns);
  await db.delete(linkCheckDigests);
  await db.delete(emailOutbox);
  ahead = 0;
  shop.requests.length = 0;
  smtp.messages.length = 0;
  amazon.requests.length = 0;
  amazon.items.clear();
});

describe("LINK_CHECK_INTERVAL_HOURS", () => {
  it("is 24 unless set, and any positive number of hours", () => {
    expect(readEnv({}).LINK_CHECK_INTERVAL_HOURS).toBe(24);
    expect(readEnv({ LINK_CHECK_INTERVAL_HOURS: "0.5" }).LINK_CHECK_INTERVAL_HOURS).toBe(0.5);
    for (const wrong of ["0", "-1", "soon"]) {
      expect(() => readEnv({ LINK_CHECK_INTERVAL_HOURS: wrong }), wrong).toThrow(/LINK_CHECK_INTERVAL_HOURS/);
    }
  });
});

describe("the admin API", () => {
  it("is the owner's only", async () => {
    await setLinks([shop.url("/missing")]);
    expect((await checkNow({})).status).toBe(401);
    expect((await linkHealth({})).status).toBe(401);
    expect(await server.database.db.select().from(linkCheckRuns)).toHaveLength(0);
    expect(requestsTo("/missing")).toEqual([]);
  });

  it("checks every kind of link, answers the counts, and lists every link that is not ok", async () => {
    const [
      ok,
      moved,
      missing,
      error,
      noHead,
      loop,
      slow,
      refused,
      headReset,
      goneProduct,
      inStock,
      gone,
      noOffer,
      trashed,
    ] = await setLinks([
      shop.url("/ok"),
      shop.url("/moved"),
      shop.url("/missing"),
      shop.url("/error"),
      shop.url("/no-head"),
      shop.url("/loop"),
      shop.url("/slow"),
      refusedUrl,
      shop.url("/head-reset"),
      shop.url("/gone-product"),
      { url: "https://www.amazon.com/dp/B0LINK0001?tag=pawsome-20", asin: "B0LINK0001" },
      { url: "https://www.amazon.com/dp/B0LINK0002", asin: "B0LINK0002" },
      // no ASIN on the toy: the one in its Amazon URL is asked about
      { url: "https://www.amazon.com/Rope-Toy/dp/B0LINK0003/ref=x", asin: "" },
      shop.url("/missing?trashed"),
    ]);
    await server.database.db
      .update(toys)
      .set({ deletedAt: new Date() })
      .where(eq(toys.id, trashed as number));
    amazon.items.set("B0LINK0001", {
      asin: "B0LINK0001",
      title: "In stock",
      price: { amount: 9.99, currency: "USD", displayAmount: "$9.99" },
    });
    // an item without any offer: Amazon shows "Currently unavailable"
    amazon.items.set("B0LINK0003", { asin: "B0LINK0003", title: "No offer" });

    const before = Date.now();
    const response = await checkNow();
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const counts = await response.json();
    expect(linkCheckCountsSchema.parse(counts)).toEqual(counts);
    expect(counts).toEqual({ checked: 13, ok: 4, redirected: 1, broken: 2, unreachable: 3, unavailable: 3 });

    // HEAD first; GET only where HEAD was refused or answered an error
    expect(requestsTo("/ok")).toEqual(["HEAD", "HEAD"]); // its own, and /moved's end
    expect(requestsTo("/moved")).toEqual(["HEAD"]);
    expect(requestsTo("/missing")).toEqual(["HEAD", "GET"]);
    expect(requestsTo("/no-head")).toEqual(["HEAD", "GET"]);
    expect(requestsTo("/head-reset")).toEqual(["HEAD", "GET"]);
    // the first request and five redirects followed, then no more
    expect(shop.requests.filter((r) => r.path.startsWith("/loop"))).toHaveLength(6);
    // the trashed toy's link is nobody's business
    expect(requestsTo("/missing?trashed")).toEqual([]);
    // Amazon links: asked about through the API, by ASIN (never fetched)
    const asked = amazon.apiRequests().flatMap((r) => JSON.parse(r.body).itemIds as string[]);
    expect(asked.sort()).toEqual(["B0LINK0001", "B0LINK0002", "B0LINK0003"]);

    const listed = await linkHealth();
    expect(listed.status).toBe(200);
    expect(listed.headers.get("cache-control")).toBe("private, no-store");
    const problems = (await listed.json()) as Record<string, unknown>[];
    for (const problem of problems) expect(linkProblemSchema.parse(problem)).toEqual(problem);
    const byToy = new Map(problems.map((p) => [p.toyId, p]));
    expect([...byToy.keys()].sort((a, b) => Number(a) - Number(b))).toEqual(
      [moved, missing, error, loop, slow, refused, goneProduct, gone, noOffer].sort((a, b) => Number(a) - Number(b)),
    );
    for (const id of [ok, noHead, headReset, inStock, trashed]) expect(byToy.has(id)).toBe(false);

    const [name] = await server.database.db
      .select({ name: toys.name })
      .from(toys)
      .where(eq(toys.id, missing as number));
    const broken = byToy.get(missing);
    expect(broken).toMatchObject({
      toyId: missing,
      toyName: name?.name,
      url: shop.url("/missing"),
      state: "broken",
      httpStatus: 404,
      finalUrl: null,
    });
    const checkedAt = Date.parse(String(broken?.checkedAt));
    expect(checkedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(checkedAt).toBeLessThanOrEqual(Date.now());
    expect(byToy.get(error)).toMatchObject({ state: "broken", httpStatus: 500 });
    expect(byToy.get(moved)).toMatchObject({ state: "redirected", httpStatus: 301, finalUrl: shop.url("/ok") });
    expect(byToy.get(loop)).toMatchObject({
      state: "unreachable",
      httpStatus: null,
      detail: "More than 5 redirects (a redirect loop)",
    });
    expect(byToy.get(slow)).toMatchObject({ state: "unreachable", httpStatus: null, detail: "No answer within 0.4 s" });
    expect(byToy.get(refused)).toMatchObject({
      state: "unreachable",
      httpStatus: null,
      detail: "The server refused the connection",
    });
    expect(byToy.get(goneProduct)).toMatchObject({ state: "unavailable", finalUrl: shop.url("/") });
    expect(byToy.get(gone)).toMatchObject({ state: "unavailable", httpStatus: null });
    expect(String(byToy.get(gone)?.detail)).toMatch(/^Amazon no longer offers this item/);
    expect(byToy.get(noOffer)).toMatchObject({
      state: "unavailable",
      detail: "Out of stock at Amazon (no offer to buy)",
    });

    // the owner's start is in the activity log with the counts
    const [entry] = (
      await server.database.db.execute<{ item_label: string; details: Record<string, number> }>(
        sql`select item_label, details from audit_log order by id desc limit 1`,
      )
    ).rows;
    expect(entry).toMatchObject({ item_label: "Link check", details: { checked: 13, broken: 2 } });
  });

  it("leaves Amazon links unchecked without the API's credential, and never fetches them", async () => {
    const other = anotherInstance({ allowHosts: [shop.host], linkCheck: { timeoutMs: TIMEOUT_MS, hostGapMs: 20 } });
    await setLinks([shop.url("/missing"), { url: "https://www.amazon.com/dp/B0LINK0002", asin: "B0LINK0002" }]);
    expect(await other.linkCheck.run("admin")).toEqual({
      checked: 1,
      ok: 0,
      redirected: 0,
      broken: 1,
      unreachable: 0,
      unavailable: 0,
    });
    expect(amazon.apiRequests()).toHaveLength(0);
    const health = await other.linkCheck.health();
    expect(health.amazonUnchecked).toEqual({ noApi: 1, noAsin: 0 });
    expect(health.problems.map((p) => p.state)).toEqual(["broken"]);
  });
});

describe("what is kept between runs", () => {
  it("keeps when a problem was first seen while it lasts, and drops links that changed or went to the trash", async () => {
    const [missing, error] = await setLinks([shop.url("/missing"), shop.url("/error")]);
    await checkNow();
    const first = new Map(
      ((await (await linkHealth()).json()) as { toyId: number; firstSeenAt: string }[]).map((p) => [p.toyId, p]),
    );
    ahead = 2 * HOUR;
    await checkNow();
    const second = (await (await linkHealth()).json()) as { toyId: number; firstSeenAt: string; checkedAt: string }[];
    const again = second.find((p) => p.toyId === missing);
    expect(again?.firstSeenAt).toBe(first.get(missing as number)?.firstSeenAt);
    expect(Date.parse(String(again?.checkedAt))).toBeGreaterThan(Date.parse(String(again?.firstSeenAt)) + HOUR);

    // the owner fixes one link and trashes the other product: neither is listed, even before the next run
    const db = server.database.db;
    await db
      .update(toys)
      .set({ amazonUrl: shop.url("/ok") })
      .where(eq(toys.id, missing as number));
    await db
      .update(toys)
      .set({ deletedAt: new Date() })
      .where(eq(toys.id, error as number));
    expect(await (await linkHealth()).json()).toEqual([]);
    await checkNow();
    const rows = await db
      .select()
      .from(linkChecks)
      .where(inArray(linkChecks.toyId, [missing as number, error as number]));
    expect(rows.map((row) => [row.toyId, row.url, row.state])).toEqual([[missing, shop.url("/ok"), "ok"]]);
  });
});

describe("one run at a time", () => {
  it("answers 409 while a run is under way, on this instance or another", async () => {
    await setLinks([shop.url("/slow")]);
    const running = checkNow();
    await expect.poll(() => requestsTo("/slow").length).toBe(1);
    const second = await checkNow();
    expect(second.status).toBe(409);
    expect((await second.json()).message).toMatch(/already running/);
    const other = anotherInstance(retailConfig());
    await expect(other.linkCheck.run("schedule")).rejects.toMatchObject({ kind: "conflict" });
    expect((await running).status).toBe(200);
    expect(await server.database.db.select().from(linkCheckRuns)).toHaveLength(1);
  });

  it("schedules the first run soon after start-up and not again within the interval, over all instances", async () => {
    await setLinks([shop.url("/ok")]);
    const first = anotherInstance(retailConfig({ linkCheck: { firstRunDelayMs: 10, hostGapMs: 20 } }));
    first.linkCheck.start();
    await expect
      .poll(async () => (await server.database.db.select().from(linkCheckRuns)).map((run) => run.status))
      .toEqual(["done"]);
    await first.linkCheck.stop();
    const second = anotherInstance(retailConfig({ linkCheck: { firstRunDelayMs: 10, hostGapMs: 20 } }));
    second.linkCheck.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await second.linkCheck.stop();
    const runs = await server.database.db.select().from(linkCheckRuns);
    expect(runs.map((run) => run.trigger)).toEqual(["schedule"]);
    expect(requestsTo("/ok")).toEqual(["HEAD"]);
  });

  it("runs a scheduled check once when another instance ran it whole between this one finding it due and claiming it", async () => {
    await setLinks([shop.url("/ok")]);
    const atClaim = signal();
    const released = signal();
    const late = anotherInstance(
      retailConfig({ linkCheck: { firstRunDelayMs: 10, hostGapMs: 20 } }),
      heldAtFirstUpdate(server.database, atClaim.resolve, released.promise),
    );
    late.linkCheck.start();
    // the late instance found the run due (none yet) and is about to claim it
    await atClaim.promise;
    await server.services.linkCheck.run("schedule");
    released.resolve();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await late.linkCheck.stop();
    expect(await server.database.db.select().from(linkCheckRuns)).toHaveLength(1);
    expect(requestsTo("/ok")).toEqual(["HEAD"]);
  });
});

describe("politeness", () => {
  it("sends at most one request a second to a host, and checks at most two links at a time", async () => {
    const load = newLinkLoad();
    const hosts = await Promise.all(
      ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"].map((address) => startLinkServer({ address, load })),
    );
    try {
      const links = [
        ...["/wait?1", "/wait?2", "/wait?3"].map((path) => hosts[0]?.url(path) ?? ""),
        ...hosts.slice(1).map((host) => host.url("/wait")),
      ];
      await setLinks(links);
      // the real pace (no hostGapMs): one request a second per host, with a margin
      const other = anotherInstance({ allowHosts: hosts.map((host) => host.host), linkCheck: { timeoutMs: 5_000 } });
      const counts = await other.linkCheck.run("admin");
      expect(counts).toMatchObject({ checked: 6, ok: 6 });
      const arrivals = hosts[0]?.requests.map((r) => r.at) ?? [];
      expect(arrivals).toHaveLength(3);
      for (let i = 1; i < arrivals.length; i++) {
        expect((arrivals[i] as number) - (arrivals[i - 1] as number)).toBeGreaterThanOrEqual(1_000);
      }
      // two at a time: both workers were busy at once, never three
      expect(load.maxInFlight).toBe(2);
    } finally {
      await Promise.all(hosts.map((host) => host.close()));
    }
  });
});

describe("Use this URL", () => {
  it("saves the redirect's end as the toy's link, in the activity log, and the link works from then on", async () => {
    const [moved] = await setLinks([shop.url("/moved")]);
    await checkNow();
    const toy = await server.services.linkCheck.applyFinalUrl(moved as number);
    expect(toy.amazonUrl).toBe(shop.url("/ok"));
    const [row] = await server.database.db
      .select()
      .from(toys)
      .where(eq(toys.id, moved as number));
    expect(row?.amazonUrl).toBe(shop.url("/ok"));
    expect(await (await linkHealth()).json()).toEqual([]);
    const [entry] = (
      await server.database.db.execute<{ action: string; item_id: number; details: Record<string, unknown> }>(
        sql`select action, item_id, details from audit_log order by id desc limit 1`,
      )
    ).rows;
    expect(entry).toMatchObject({ action: "update", item_id: moved, details: { linkFromCheck: true } });
    // the public toy (and /go) has the new link at once: the read cache was cleared
    const publicToy = await (await fetch(`${server.url}/api/toys/${moved}`)).json();
    expect(publicToy.amazonUrl).toBe(shop.url("/ok"));
    // nothing left to replace
    await expect(server.services.linkCheck.applyFinalUrl(moved as number)).rejects.toMatchObject({ kind: "not-found" });
  });

  it("refuses when the owner changed the link since the check", async () => {
    const [moved] = await setLinks([shop.url("/moved")]);
    await checkNow();
    // the product editor's own guard: a stale page cannot overwrite a newer link
    await expect(
      server.services.productEditor.replaceLink(moved as number, { from: shop.url("/elsewhere"), to: shop.url("/ok") }),
    ).rejects.toMatchObject({ kind: "conflict" });
    const [row] = await server.database.db
      .select()
      .from(toys)
      .where(eq(toys.id, moved as number));
    expect(row?.amazonUrl).toBe(shop.url("/moved"));
  });
});

describe("the daily digest", () => {
  /** The services' clock at 12:00 UTC, `days` after today. */
  function noonIn(days: number): number {
    const noon = new Date();
    noon.setUTCHours(12, 0, 0, 0);
    return noon.getTime() + days * 24 * HOUR - Date.now();
  }

  async function sendQueued(): Promise<void> {
    await server.services.outbox.runDue();
  }

  // the scheduler's own run (the owner's session would have expired days ahead)
  const scheduledRun = () => server.services.linkCheck.run("schedule");

  const digests = async () => server.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "link-digest"));

  it("e-mails the owner the new problems once a day, and nothing when nothing is new", async () => {
    const [missing] = await setLinks([shop.url("/missing")]);
    const names = new Map(
      (await server.database.db.select({ id: toys.id, name: toys.name }).from(toys)).map((t) => [t.id, t.name]),
    );
    ahead = noonIn(1);
    await scheduledRun();
    await sendQueued();
    const [first] = await smtp.waitForMessages(1);
    expect(first?.to).toEqual([OWNER]);
    expect(first?.parsed.subject).toBe("Link check: 1 new problem with retailer links");
    expect(first?.parsed.text).toContain(String(names.get(missing as number)));
    expect(first?.parsed.text).toContain(shop.url("/missing"));
    expect(first?.parsed.text).toContain("Broken (404 Not Found)");
    expect(first?.parsed.text).toContain(`/admin/products/${missing}`);

    // a new problem the same day waits for tomorrow's digest
    await setLinks([shop.url("/missing"), shop.url("/error")]);
    ahead = noonIn(1) + HOUR;
    await scheduledRun();
    await sendQueued();
    expect(await digests()).toHaveLength(1);

    // the next day: only what is new since the last digest
    ahead = noonIn(2);
    await scheduledRun();
    await sendQueued();
    const [, next] = await smtp.waitForMessages(2);
    expect(next?.parsed.subject).toBe("Link check: 1 new problem with retailer links");
    expect(next?.parsed.text).toContain(shop.url("/error"));
    expect(next?.parsed.text).toContain("Broken (500 Internal Server Error)");
    expect(next?.parsed.text).not.toContain(shop.url("/missing"));

    // a day with nothing new: no e-mail
    ahead = noonIn(3);
    await scheduledRun();
    await sendQueued();
    expect(await digests()).toHaveLength(2);
    expect(smtp.messages).toHaveLength(2);
  });
});
