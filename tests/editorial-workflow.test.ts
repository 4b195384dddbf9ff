import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "../domain/catalog";
import type { Post, PostRevision, PostSummary } from "../domain/posts";
import type { TrashItem } from "../domain/trash";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Issue 18 at the API level, on a server whose clock the test moves: drafts, scheduled posts
// that go live by themselves, revisions, earlier slugs, and the trash with its 30 days.

let server: SeededTestServer;
let cookie: string;
let clock = new Date("2026-11-24T12:00:00.000Z");
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  // no read cache: each read sees the clock's present
  server = await startSeededTestServer({ now: () => clock, readCacheTtlMs: 0 });
  cookie = await adminCookie(server);
});

afterAll(async () => {
  await server?.close();
});

async function call(method: string, path: string, options: { body?: unknown; admin?: boolean } = {}) {
  const headers: Record<string, string> = {};
  if (options.admin) headers.cookie = cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const json = text.startsWith("{") || text.startsWith("[");
  return { status: res.status, headers: res.headers, body: json ? JSON.parse(text) : text };
}

let made = 0;
function postInput(fields: Record<string, unknown> = {}) {
  made += 1;
  return {
    title: `Workflow Test Post ${made}`,
    slug: `workflow-test-post-${made}`,
    excerpt: "An excerpt long enough for the rules.",
    content: "A body written by the editorial workflow test, long enough to pass the post rules.",
    postType: "guide",
    publishedAt: new Date(clock.getTime() - DAY).toISOString(),
    ...fields,
  };
}

async function publicSlugs(): Promise<string[]> {
  return ((await call("GET", "/api/posts")).body as PostSummary[]).map((p) => p.slug);
}

describe("status", () => {
  it("a client that sends no status publishes at once, as before", async () => {
    const created = await call("POST", "/api/posts", { body: postInput(), admin: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "published" });
    expect(await publicSlugs()).toContain(created.body.slug);
  });

  it("a draft is invisible to visitors everywhere, and the owner's list and editor still have it", async () => {
    const draft = (await call("POST", "/api/posts", { body: postInput({ status: "draft" }), admin: true }))
      .body as Post;
    expect(draft.status).toBe("draft");
    expect(await publicSlugs()).not.toContain(draft.slug);
    expect(((await call("GET", "/api/posts/featured")).body as PostSummary[]).map((p) => p.slug)).not.toContain(
      draft.slug,
    );
    expect((await call("GET", `/api/posts/${draft.slug}`)).status).toBe(404);
    expect((await call("GET", `/api/posts/${draft.id}`)).status).toBe(404);
    expect((await call("GET", "/sitemap.xml")).body).not.toContain(draft.slug);
    expect((await call("GET", "/rss.xml")).body).not.toContain(draft.slug);

    const owners = await call("GET", "/api/posts", { admin: true });
    expect(owners.headers.get("cache-control")).toBe("private, no-store");
    expect((owners.body as PostSummary[]).find((p) => p.id === draft.id)).toMatchObject({ status: "draft" });
    expect((await call("GET", `/api/posts/${draft.id}`, { admin: true })).body).toMatchObject({ status: "draft" });

    const published = await call("PATCH", `/api/posts/${draft.id}`, { body: { status: "published" }, admin: true });
    expect(published.body).toMatchObject({ status: "published" });
    expect(await publicSlugs()).toContain(draft.slug);
  });

  it("a scheduled post appears by itself when its time comes", async () => {
    const at = new Date(clock.getTime() + 2 * 60_000).toISOString();
    const scheduled = (
      await call("POST", "/api/posts", { body: postInput({ status: "scheduled", publishedAt: at }), admin: true })
    ).body as Post;
    expect(scheduled.status).toBe("scheduled");
    expect(await publicSlugs()).not.toContain(scheduled.slug);
    expect((await call("GET", `/api/posts/${scheduled.slug}`)).status).toBe(404);

    clock = new Date(clock.getTime() + 3 * 60_000);
    expect(await publicSlugs()).toContain(scheduled.slug);
    expect((await call("GET", `/api/posts/${scheduled.slug}`)).body).toMatchObject({ status: "published" });
    expect((await call("GET", "/sitemap.xml")).body).toContain(scheduled.slug);
  });

  it("published with a date ahead is scheduled; scheduled with a date past is refused", async () => {
    const ahead = new Date(clock.getTime() + DAY).toISOString();
    const later = await call("POST", "/api/posts", {
      body: postInput({ status: "published", publishedAt: ahead }),
      admin: true,
    });
    expect(later.body).toMatchObject({ status: "scheduled" });
    const past = await call("POST", "/api/posts", { body: postInput({ status: "scheduled" }), admin: true });
    expect(past).toMatchObject({
      status: 400,
      body: { errors: { publishedAt: ["A scheduled post needs a publish date in the future"] } },
    });
    expect((await call("POST", "/api/posts", { body: postInput({ status: "pending" }), admin: true })).status).toBe(
      400,
    );
  });
});

describe("revisions and slugs", () => {
  it("every save keeps the replaced version; restoring one is a save too", async () => {
    const post = (await call("POST", "/api/posts", { body: postInput({ title: "First Title Here" }), admin: true }))
      .body as Post;
    await call("PATCH", `/api/posts/${post.id}`, { body: { title: "Second Title Here" }, admin: true });
    clock = new Date(clock.getTime() + 60_000);
    await call("PATCH", `/api/posts/${post.id}`, {
      body: { title: "Third Title Here", content: `${post.content} More.` },
      admin: true,
    });

    const revisions = (await call("GET", `/api/posts/${post.id}/revisions`, { admin: true })).body as PostRevision[];
    expect(revisions.map((r) => r.post.title)).toEqual(["Second Title Here", "First Title Here"]);
    const first = revisions[1];
    const restored = await call("POST", `/api/posts/${post.id}/revisions/${first?.id}/restore`, { admin: true });
    expect(restored.body).toMatchObject({ title: "First Title Here", content: post.content });
    const after = (await call("GET", `/api/posts/${post.id}/revisions`, { admin: true })).body as PostRevision[];
    expect(after.map((r) => r.post.title)).toEqual(["Third Title Here", "Second Title Here", "First Title Here"]);

    expect((await call("GET", `/api/posts/${post.id}/revisions`)).status).toBe(401);
    expect((await call("POST", `/api/posts/${post.id}/revisions/999999/restore`, { admin: true })).status).toBe(404);
  });

  it("a changed slug keeps the old one as a permanent redirect, until another post takes it", async () => {
    const post = (await call("POST", "/api/posts", { body: postInput({ slug: "old-address-post" }), admin: true }))
      .body as Post;
    await call("PATCH", `/api/posts/${post.id}`, { body: { slug: "new-address-post" }, admin: true });
    expect(await server.services.content.findMovedPost("old-address-post")).toEqual({
      slug: "new-address-post",
      postType: "guide",
    });
    await call("POST", "/api/posts", { body: postInput({ slug: "old-address-post" }), admin: true });
    expect(await server.services.content.findMovedPost("old-address-post")).toBeNull();
  });
});

describe("the trash", () => {
  it("a deleted post is invisible, listed in the trash, and comes back as it was", async () => {
    const post = (await call("POST", "/api/posts", { body: postInput(), admin: true })).body as Post;
    expect((await call("DELETE", `/api/posts/${post.id}`, { admin: true })).status).toBe(204);
    expect(await publicSlugs()).not.toContain(post.slug);
    expect((await call("GET", `/api/posts/${post.id}`, { admin: true })).status).toBe(404);
    expect((await call("DELETE", `/api/posts/${post.id}`, { admin: true })).status).toBe(404);
    const trash = (await call("GET", "/api/admin/trash", { admin: true })).body as TrashItem[];
    expect(trash.find((item) => item.kind === "post" && item.id === post.id)).toMatchObject({
      title: post.title,
      purgeAt: new Date(clock.getTime() + 30 * DAY).toISOString(),
    });

    expect((await call("POST", `/api/posts/${post.id}/restore`, { admin: true })).body).toMatchObject({ id: post.id });
    expect(await publicSlugs()).toContain(post.slug);
    expect((await call("POST", `/api/posts/${post.id}/restore`, { admin: true })).status).toBe(404);
  });

  it("a deleted product keeps its categories, breed links and clicks, and comes back with them", async () => {
    const toys = (await (await fetch(`${server.url}/api/toys`)).json()) as Toy[];
    const toy = toys.find((t) => t.categories.length > 0 && t.amazonUrl);
    if (!toy) throw new Error("no demo toy with categories and a link");
    const links = (await call("GET", `/api/toys/${toy.id}/breed-recommendations`)).body as unknown[];
    await fetch(`${server.url}/go/${toy.id}?from=catalogue`, {
      redirect: "manual",
      headers: { "user-agent": "Mozilla/5.0 Chrome/124" },
    });
    const clicks = async () => {
      const { rows } = await server.database.db.execute<{ n: number }>(
        sql`select coalesce(sum(clicks), 0)::int as n from affiliate_clicks where toy_id = ${toy.id}`,
      );
      return Number(rows[0]?.n);
    };
    const before = await clicks();
    expect(before).toBeGreaterThan(0);

    expect((await call("DELETE", `/api/toys/${toy.id}`, { admin: true })).status).toBe(204);
    expect(((await (await fetch(`${server.url}/api/toys`)).json()) as Toy[]).map((t) => t.id)).not.toContain(toy.id);
    expect((await call("GET", `/api/toys/${toy.id}`)).status).toBe(404);
    expect((await call("GET", `/toys/${toy.slug}`)).status).not.toBe(200);

    const back = await call("POST", `/api/toys/${toy.id}/restore`, { admin: true });
    expect(back.body).toMatchObject({ id: toy.id, categories: toy.categories });
    expect((await call("GET", `/api/toys/${toy.id}/breed-recommendations`)).body).toEqual(links);
    expect(await clicks()).toBe(before);
  });

  it("items are purged 30 days after deletion, and the owner can delete one or all for good", async () => {
    const old = (await call("POST", "/api/posts", { body: postInput(), admin: true })).body as Post;
    await call("DELETE", `/api/posts/${old.id}`, { admin: true });
    clock = new Date(clock.getTime() + 29 * DAY);
    // sessions end after 7 days on the same clock: sign in again
    cookie = await adminCookie(server);
    const recent = (await call("POST", "/api/posts", { body: postInput(), admin: true })).body as Post;
    await call("DELETE", `/api/posts/${recent.id}`, { admin: true });
    clock = new Date(clock.getTime() + 2 * DAY);
    cookie = await adminCookie(server);

    await server.services.trash.purgeExpired();
    const ids = ((await call("GET", "/api/admin/trash", { admin: true })).body as TrashItem[]).map((i) => i.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);

    expect((await call("DELETE", `/api/admin/trash/posts/${recent.id}`, { admin: true })).status).toBe(204);
    expect((await call("DELETE", `/api/admin/trash/posts/${recent.id}`, { admin: true })).status).toBe(404);
    const another = (await call("POST", "/api/posts", { body: postInput(), admin: true })).body as Post;
    await call("DELETE", `/api/posts/${another.id}`, { admin: true });
    const emptied = await call("DELETE", "/api/admin/trash", { admin: true });
    expect(emptied.body).toMatchObject({ deleted: expect.any(Number) });
    expect((await call("GET", "/api/admin/trash", { admin: true })).body).toEqual([]);
  });
});
