import { sql } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "#app/lib/app-context.server.ts";
import { loader as dataRequestsLoader } from "#app/routes/admin/data-rights/requests.tsx";
import { appContextWith } from "./support/app-context";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// The admin audit log (decision 029) on a real server and database: each admin action lands
// once with its item, failures and repeats record nothing, a throttled sign-in burst is one
// entry, an erasure keeps no address, the list filters and pages, and old entries are purged.
// The services' clock is the test's, so times and days are exact.

interface Entry {
  id: number;
  at: string;
  action: string;
  itemKind: string;
  itemId: number | null;
  itemLabel: string | null;
  details: Record<string, unknown>;
  itemExists: boolean;
}

const START = new Date("2026-11-24T12:00:00.000Z");
let clock = START;
let server: SeededTestServer;
let cookie: string;

const answers = { dogSize: "small", dogAge: "puppy", chewStyle: "gentle", playStyle: "solo", toyPurpose: "mental" };
const post = {
  title: "Audit Trail Toys",
  slug: "audit-trail-toys",
  excerpt: "Toys that leave a trail, and a log that keeps one.",
  content: "## Why\n\nEvery action the owner takes is written down, so nothing is a mystery later on.",
  imageUrl: "/uploads/abc.webp",
  publishedAt: "2026-11-20T12:00:00.000Z",
  readingTime: 4,
  postType: "guide",
  categoryId: 3,
};
const product = {
  name: "Audit Tug Rope",
  description: "A braided rope for tug of war.",
  details: "Triple-braided cotton rope with two knots and a handle loop for safe tugging.",
  price: "$14.99",
  rating: "4.6",
  materialType: "durable",
  features: ["interactive"],
  ageRecommendation: "adult",
  suitableFor: "medium",
  isTopPick: false,
  inStock: true,
  isPrimeEligible: true,
  reviewCount: "12",
  amazonUrl: "https://www.amazon.com/dp/B000AUDIT1",
};

async function call(method: string, path: string, body?: unknown, session: string | null = cookie) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(session ? { cookie: session } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json = (res.headers.get("content-type") ?? "").includes("json");
  return { status: res.status, headers: res.headers, text, body: text && json ? JSON.parse(text) : null };
}

/** Every entry matching a query string, newest first. */
async function entries(query = ""): Promise<Entry[]> {
  const answer = await call("GET", `/api/admin/audit-log?pageSize=200${query ? `&${query}` : ""}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as Entry[];
}

/** The entries of one action on one item. */
async function entriesOf(action: string, itemKind: string, itemId?: number | null): Promise<Entry[]> {
  return (await entries(`action=${action}&kind=${itemKind}`)).filter(
    (entry) => itemId === undefined || entry.itemId === itemId,
  );
}

beforeAll(async () => {
  server = await startSeededTestServer({ now: () => clock });
  cookie = await adminCookie(server);
});
afterAll(() => server?.close());

describe("the audit log records", () => {
  it("a sign-in, with the account and the time of the services' clock", async () => {
    const [signIn, ...more] = await entriesOf("sign-in", "account");
    expect(more).toEqual([]);
    expect(signIn).toMatchObject({ itemLabel: "admin", at: START.toISOString(), itemExists: false });
  });

  it("a post's create, publish, update, delete, restore and purge, once each, with its title", async () => {
    const created = await call("POST", "/api/posts", { ...post, status: "draft" });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    expect(await entriesOf("create", "post", id)).toHaveLength(1);
    expect(await entriesOf("publish", "post", id)).toHaveLength(0);

    expect((await call("PATCH", `/api/posts/${id}`, { status: "published" })).status).toBe(200);
    const [published, ...morePublished] = await entriesOf("publish", "post", id);
    expect(morePublished).toEqual([]);
    expect(published).toMatchObject({ itemLabel: post.title, itemExists: true, details: { scheduled: false } });

    expect((await call("PATCH", `/api/posts/${id}`, { title: "Audit Trail Toys, Again" })).status).toBe(200);
    const updates = await entriesOf("update", "post", id);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.itemLabel).toBe("Audit Trail Toys, Again");
    // saving a published post again is an update, not another publication
    expect(await entriesOf("publish", "post", id)).toHaveLength(1);

    // bringing back an earlier version is one restore (the save it makes inside is not another entry)
    const [revision] = (await call("GET", `/api/posts/${id}/revisions`)).body as { id: number }[];
    if (!revision) throw new Error("no revision kept");
    expect((await call("POST", `/api/posts/${id}/revisions/${revision.id}/restore`)).status).toBe(200);
    expect(await entriesOf("restore", "post", id)).toEqual([
      expect.objectContaining({ details: { revision: revision.id }, itemLabel: post.title }),
    ]);
    expect(await entriesOf("update", "post", id)).toHaveLength(1);

    expect((await call("DELETE", `/api/posts/${id}`)).status).toBe(204);
    const [deleted] = await entriesOf("delete", "post", id);
    expect(deleted).toMatchObject({ itemLabel: post.title, itemExists: false, details: {} });
    expect((await call("POST", `/api/posts/${id}/restore`)).status).toBe(200);
    const restores = await entriesOf("restore", "post", id);
    expect(restores).toHaveLength(2);
    expect(restores[0]).toMatchObject({ details: { from: "trash" }, itemExists: true });

    expect((await call("DELETE", `/api/posts/${id}`)).status).toBe(204);
    expect((await call("DELETE", `/api/admin/trash/posts/${id}`)).status).toBe(204);
    const deletes = await entriesOf("delete", "post", id);
    // to the trash twice, then for good from it
    expect(deletes).toHaveLength(3);
    expect(deletes[0]).toMatchObject({ details: { forever: true }, itemLabel: post.title });
  });

  it("nothing for a call that fails or finds nothing", async () => {
    const before = (await entries()).length;
    expect((await call("DELETE", "/api/posts/999999")).status).toBe(404);
    expect((await call("PATCH", "/api/posts/999999", { title: "Nobody" })).status).toBe(404);
    expect((await call("POST", "/api/posts", { ...post, slug: "Not A Slug" })).status).toBe(400);
    expect((await call("DELETE", "/api/toys/999999")).status).toBe(404);
    expect((await entries()).length).toBe(before);
  });

  it("a product's create and delete, with its name", async () => {
    const created = await call("POST", "/api/toys", product);
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    expect(await entriesOf("create", "product", id)).toEqual([
      expect.objectContaining({ itemLabel: product.name, itemExists: true }),
    ]);
    expect((await call("DELETE", `/api/toys/${id}`)).status).toBe(204);
    expect(await entriesOf("delete", "product", id)).toEqual([
      expect.objectContaining({ itemLabel: product.name, itemExists: false }),
    ]);
  });

  it("an image upload with the name it was sent with, also of an image the library already had", async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const send = async (name: string) => {
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), name);
      const res = await fetch(`${server.url}/api/upload`, { method: "POST", headers: { cookie }, body: form });
      expect(res.status).toBe(200);
    };
    await send("blue-rope.png");
    await send("same-rope-again.png");
    const uploads = await entriesOf("create", "media");
    expect(uploads).toHaveLength(2);
    const [again, first] = uploads;
    expect(first).toMatchObject({
      itemLabel: "blue-rope.png",
      details: { uploadedAs: "png", bytes: expect.any(Number) },
    });
    expect(first?.details).not.toHaveProperty("existing");
    // stored once: the same library item, and the entry says it was there
    expect(again).toMatchObject({
      itemId: first?.itemId,
      itemLabel: "same-rope-again.png",
      details: { existing: true },
    });
  });

  it("a product's categories and breed recommendations added and removed one by one, named", async () => {
    const created = await call("POST", "/api/toys", { ...product, name: "Audit Link Rope" });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    const [category] = (await call("GET", "/api/categories")).body as { id: number; name: string }[];
    const [breed] = (await call("GET", "/api/breeds")).body as { id: number; name: string }[];
    if (!category || !breed) throw new Error("the demo content has no category or breed");
    const changes = async () =>
      (await entriesOf("update", "product", id)).map((entry) => [entry.itemLabel, entry.details]).reverse();

    expect((await call("POST", `/api/toys/${id}/categories`, { categoryId: category.id })).status).toBe(201);
    const link = await call("POST", "/api/breed-recommendations", { toyId: id, breedId: breed.id, note: "Tugs" });
    expect(link.status).toBe(201);
    expect((await call("DELETE", `/api/breed-recommendations/${link.body.id}`)).status).toBe(204);
    expect((await call("POST", "/api/breed-recommendations", { toyId: id, breedId: breed.id })).status).toBe(201);
    expect((await call("DELETE", `/api/toys/${id}/breed-recommendations`)).status).toBe(204);
    expect((await call("DELETE", `/api/toys/${id}/categories`)).status).toBe(204);
    // removing what is no longer there changes nothing, and records nothing
    expect((await call("DELETE", `/api/toys/${id}/categories`)).status).toBe(204);
    expect((await call("DELETE", "/api/breed-recommendations/999999")).status).toBe(404);

    expect(await changes()).toEqual([
      ["Audit Link Rope", { categoryAdded: category.name }],
      ["Audit Link Rope", { breedRecommended: breed.name }],
      ["Audit Link Rope", { breedUnrecommended: breed.name }],
      ["Audit Link Rope", { breedRecommended: breed.name }],
      ["Audit Link Rope", { breedLinksRemoved: 1 }],
      ["Audit Link Rope", { categoriesRemoved: 1 }],
    ]);
  });

  it("a message marked read or unread by hand, by id only", async () => {
    const { contactMessageId: id } = await server.services.contact.submit({
      name: "Audit Sender",
      email: "audit.sender@example.com",
      subject: "Audit question",
      message: "Is a rope toy safe for a puppy?",
    });
    expect((await call("PATCH", `/api/admin/messages/${id}`, { read: true })).status).toBe(200);
    expect((await call("PATCH", `/api/admin/messages/${id}`, { read: false, archived: true })).status).toBe(200);
    expect((await entriesOf("update", "message", id)).map((entry) => entry.details).reverse()).toEqual([
      { read: true },
      { read: false },
    ]);
    expect(await entriesOf("archive", "message", id)).toEqual([
      expect.objectContaining({ itemLabel: `Message #${id}` }),
    ]);
    // opening it in the admin marks it read too, which is reading, not a change of the owner's
    await server.services.inbox.markRead(id);
    expect(await entriesOf("update", "message", id)).toHaveLength(2);
    expect(JSON.stringify(await entries("kind=message")).toLowerCase()).not.toContain("audit.sender");
  });

  it("a newsletter's send once, however often it is asked for", async () => {
    const created = await call("POST", "/api/admin/newsletters", {
      subject: "Audit news",
      content: "Everything the owner did this week, in one place.",
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    expect((await call("POST", `/api/admin/newsletters/${id}/send`)).status).toBe(202);
    expect((await call("POST", `/api/admin/newsletters/${id}/send`)).status).toBe(202);
    const sends = await entriesOf("send", "newsletter", id);
    expect(sends).toEqual([expect.objectContaining({ itemLabel: "Audit news", details: {} })]);
  });

  it("an export and an erasure of a visitor's data without the address", async () => {
    const email = "Audit.Person@Example.com";
    const quiz = await fetch(`${server.url}/api/quiz-newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...answers, email }),
    });
    expect(quiz.status).toBeLessThan(300);

    expect((await call("GET", `/api/admin/personal-data?email=${encodeURIComponent(email)}`)).status).toBe(200);
    const [exported, ...moreExports] = await entriesOf("export", "personal-data");
    expect(moreExports).toEqual([]);
    expect(exported?.details.rows).toBeGreaterThan(0);

    const erased = await call("DELETE", `/api/admin/personal-data?email=${encodeURIComponent(email)}`);
    expect(erased.status).toBe(200);
    const [erasure, ...moreErasures] = await entriesOf("erase", "personal-data");
    expect(moreErasures).toEqual([]);
    expect(erasure).toMatchObject({
      itemId: erased.body.id,
      itemLabel: `Erasure #${erased.body.id}`,
      details: { hash: String(erased.body.emailHash).slice(0, 12) },
    });
    expect(erasure?.details.rows).toBeGreaterThan(0);
    // the same hash prefix, so the two entries can be matched to the erasure record
    expect(exported?.details.hash).toBe(erasure?.details.hash);

    const { rows } = await server.database.db.execute<{ row: string }>(
      sql`select audit_log::text as row from audit_log`,
    );
    const stored = rows.map((row) => row.row.toLowerCase()).join("\n");
    expect(stored).not.toContain("audit.person");
    expect(stored).not.toContain(erased.body.emailHash);
  });

  it("a look-up of a visitor's data in the admin as a look-up, not as an export", async () => {
    const email = "Looked.Up@Example.com";
    const quiz = await fetch(`${server.url}/api/quiz-newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...answers, email }),
    });
    expect(quiz.status).toBeLessThan(300);
    const exportsBefore = (await entriesOf("export", "personal-data")).length;

    // /admin/data-rights?email=…, as the page loads it for the signed-in owner
    const page = await dataRequestsLoader({
      request: new Request(`${server.url}/admin/data-rights?email=${encodeURIComponent(email)}`),
      context: appContextWith({
        services: server.services,
        session: { user: { username: "admin" } } as AppContext["session"],
        logger: pino({ level: "silent" }),
      }),
      params: {},
    } as unknown as Parameters<typeof dataRequestsLoader>[0]);
    expect(page.held).toMatchObject({ counts: { quizSubmissions: 1, subscribers: 1 } });

    const [lookedUp, ...more] = await entriesOf("look-up", "personal-data");
    expect(more).toEqual([]);
    expect(lookedUp).toMatchObject({ action: "look-up", itemLabel: "Personal data", details: { rows: 3 } });
    expect((await entriesOf("export", "personal-data")).length).toBe(exportsBefore);
    // its hash prefix is the keyed hash's, as the erasure record will keep it
    expect(lookedUp?.details.hash).toBe((await server.services.personalData.addressHash(email)).slice(0, 12));
    expect(JSON.stringify(lookedUp).toLowerCase()).not.toContain("looked.up");
  });

  it("a subscriber's unsubscribe and delete, and a quiz submission's delete, by id only", async () => {
    const quiz = await fetch(`${server.url}/api/quiz-newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...answers, email: "listed@example.com" }),
    });
    expect(quiz.status).toBeLessThan(300);
    const [subscriber] = (await call("GET", "/api/admin/subscribers?status=subscribed")).body as {
      id: number;
      email: string;
    }[];
    if (!subscriber) throw new Error("no subscriber");
    expect((await call("PATCH", `/api/admin/subscribers/${subscriber.id}`, { status: "unsubscribed" })).status).toBe(
      200,
    );
    expect((await call("DELETE", `/api/admin/subscribers/${subscriber.id}`)).status).toBe(204);
    expect(await entriesOf("unsubscribe", "subscriber", subscriber.id)).toEqual([
      expect.objectContaining({ itemLabel: `Subscriber #${subscriber.id}` }),
    ]);
    expect(await entriesOf("delete", "subscriber", subscriber.id)).toHaveLength(1);

    const [submission] = (await call("GET", "/api/admin/quiz-submissions")).body as { id: number }[];
    if (!submission) throw new Error("the demo content has no quiz submission");
    expect((await call("DELETE", `/api/admin/quiz-submissions/${submission.id}`)).status).toBe(204);
    expect(await entriesOf("delete", "quiz-submission", submission.id)).toEqual([
      expect.objectContaining({ itemLabel: `Quiz submission #${submission.id}` }),
    ]);

    const stored = JSON.stringify(await entries()).toLowerCase();
    expect(stored).not.toContain(subscriber.email.toLowerCase());
  });

  it("the quiz submissions' CSV export with its row count", async () => {
    const csv = await call("GET", "/api/admin/quiz-submissions.csv");
    expect(csv.status).toBe(200);
    const lines = csv.text.split("\r\n").filter(Boolean);
    expect(await entriesOf("export", "quiz-submission")).toEqual([
      expect.objectContaining({ details: { rows: lines.length - 1, complete: true } }),
    ]);
  });

  it("a sign-out, and none for a cookie whose session is already gone", async () => {
    const session = await signIn();
    expect((await call("POST", "/api/admin/logout", undefined, session)).status).toBe(204);
    expect((await call("POST", "/api/admin/logout", undefined, session)).status).toBe(204);
    expect((await call("POST", "/api/admin/logout", undefined, null)).status).toBe(204);
    expect(await entriesOf("sign-out", "account")).toEqual([expect.objectContaining({ itemLabel: "admin" })]);
  });

  it("a burst of failed sign-ins once, when it gets throttled, not each wrong password", async () => {
    const wrong = () => call("POST", "/api/admin/login", { password: "not-the-password" }, null);
    for (let attempt = 1; attempt <= 5; attempt++) expect((await wrong()).status).toBe(401);
    expect(await entriesOf("sign-in-throttled", "account")).toEqual([]);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await wrong()).status).toBe(429);
    const [burst, ...more] = await entriesOf("sign-in-throttled", "account");
    expect(more).toEqual([]);
    expect(burst).toMatchObject({ itemLabel: null, details: { scope: "client" } });
    expect(JSON.stringify(burst)).not.toContain("127.0.0.1");
  });
});

/** A second session of the admin (the test's own cookie stays signed in). */
async function signIn(): Promise<string> {
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: "test-admin-password" }),
  });
  expect(res.status).toBe(200);
  return (res.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
}

describe("the audit log list", () => {
  it("answers 401 without a session", async () => {
    expect((await call("GET", "/api/admin/audit-log", undefined, null)).status).toBe(401);
  });

  it("filters by action and kind, and pages newest first with the total", async () => {
    const posts = await entries("kind=post");
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(posts.every((entry) => entry.itemKind === "post")).toBe(true);
    expect(new Set(posts.map((entry) => entry.action))).toEqual(
      new Set(["create", "publish", "update", "delete", "restore"]),
    );

    const first = await call("GET", "/api/admin/audit-log?kind=post&pageSize=2");
    const second = await call("GET", "/api/admin/audit-log?kind=post&pageSize=2&page=2");
    expect(Number(first.headers.get("x-total-count"))).toBe(posts.length);
    expect(Number(second.headers.get("x-total-count"))).toBe(posts.length);
    expect([...first.body, ...second.body].map((entry: Entry) => entry.id)).toEqual(
      posts.slice(0, 4).map((entry) => entry.id),
    );
    const ids = posts.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const empty = await call("GET", "/api/admin/audit-log?kind=post&pageSize=2&page=999");
    expect(empty.body).toEqual([]);
  });

  it("filters by days, read in the given time zone", async () => {
    const { audit } = server.services;
    const at = async (iso: string, label: string) => {
      clock = new Date(iso);
      await audit.record({ action: "update", itemKind: "breed", itemId: 1, itemLabel: label });
    };
    await at("2026-11-20T23:30:00.000Z", "late on the 20th");
    await at("2026-11-21T02:00:00.000Z", "early on the 21st");
    await at("2026-11-22T12:00:00.000Z", "the 22nd");
    clock = START;
    const labels = async (query: string) => (await entries(query)).map((entry) => entry.itemLabel);
    expect(await labels("kind=breed&from=2026-11-21&to=2026-11-21")).toEqual(["early on the 21st"]);
    expect(await labels("kind=breed&from=2026-11-20&to=2026-11-20&timeZone=America/New_York")).toEqual([
      "early on the 21st",
      "late on the 20th",
    ]);
    expect(await labels("kind=breed&from=2026-11-22")).toEqual(["the 22nd"]);
    expect(await labels("kind=breed&to=2026-11-20")).toEqual(["late on the 20th"]);
  });

  it("refuses filters it cannot read with 400", async () => {
    for (const query of [
      "action=nap",
      "kind=everything",
      "from=2026-02-30",
      "from=2026-11-22&to=2026-11-21",
      "timeZone=Mars/Olympus",
      "page=0",
      "pageSize=1000",
      "action=create&action=delete",
    ]) {
      const answer = await call("GET", `/api/admin/audit-log?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toEqual(expect.any(String));
    }
  });
});

describe("retention", () => {
  it("purges entries older than the configured days and keeps the rest", async () => {
    const { audit } = server.services;
    clock = new Date("2025-01-01T00:00:00.000Z");
    await audit.record({ action: "update", itemKind: "category", itemLabel: "Long ago" });
    clock = new Date(START.getTime() - 364 * 24 * 60 * 60_000);
    await audit.record({ action: "update", itemKind: "category", itemLabel: "Within the year" });
    clock = START;
    const before = await entries("kind=category");
    expect(before.map((entry) => entry.itemLabel)).toEqual(["Within the year", "Long ago"]);
    expect(await audit.purgeOlderThan(365)).toBeGreaterThanOrEqual(1);
    expect((await entries("kind=category")).map((entry) => entry.itemLabel)).toEqual(["Within the year"]);
    expect(await audit.purgeOlderThan(365)).toBe(0);
    // the rest of the log is younger than a year: still there
    expect((await entries("kind=post")).length).toBeGreaterThan(0);
  });
});
