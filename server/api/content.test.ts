import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";
import type { DatabaseHandle } from "../db/client";

let database: DatabaseHandle;
let server: SeededTestServer;
const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.json() };
};
const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const contactCount = async () =>
  (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages`)).rows[0]?.n;

beforeAll(async () => {
  server = await startSeededTestServer();
  database = server.database;
});
afterAll(() => server.close());

describe("posts", () => {
  it("lists every post newest first with the fields the lists read", async () => {
    const { status, body } = await get("/api/posts");
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(8);
    const dates = body.map((p: { publishedAt: string }) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body[0]).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      slug: expect.any(String),
      excerpt: expect.any(String),
      imageUrl: expect.any(String),
      postType: expect.stringMatching(/^(review|guide|comparison)$/),
      publishedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      readingTime: expect.any(Number),
    });
  });

  it("features the newest three", async () => {
    const all = (await get("/api/posts")).body;
    const { body } = await get("/api/posts/featured");
    expect(body).toEqual(all.slice(0, 3));
  });

  it("answers one post by slug or by id, with its content", async () => {
    const [first] = (await get("/api/posts")).body;
    const bySlug = await get(`/api/posts/${first.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body).toEqual({ ...first, content: expect.stringContaining("## ") });
    const byId = await get(`/api/posts/${first.id}`);
    expect(byId.body).toEqual(bySlug.body);
  });

  it("answers 404 for an unknown slug or id", async () => {
    expect((await get("/api/posts/no-such-post")).status).toBe(404);
    expect((await get("/api/posts/999999")).status).toBe(404);
    expect((await get("/api/posts/Not%20A%20Slug!")).status).toBe(404);
  });
});

describe("GET /api/testimonials", () => {
  it("lists testimonials with name, breed, rating, content and image", async () => {
    const { body } = await get("/api/testimonials");
    expect(body.length).toBeGreaterThanOrEqual(5);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      dogBreed: expect.any(String),
      content: expect.any(String),
      rating: expect.any(Number),
      imageUrl: expect.any(String),
    });
  });
});

describe("POST /api/contact", () => {
  const valid = {
    name: "Jo Smith",
    email: "jo@example.com",
    subject: "Toy question",
    message: "Which toy suits a beagle?",
  };

  it("stores a valid message and answers 202 with emailSent false, a message and a note", async () => {
    const before = await contactCount();
    const res = await postJson("/api/contact", valid);
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body).toEqual({ emailSent: false, message: expect.any(String), note: expect.any(String) });
    expect(await contactCount()).toBe((before ?? 0) + 1);
    const stored = await database.db.execute(
      sql`select name, email, subject, message from contact_messages order by id desc limit 1`,
    );
    expect(stored.rows[0]).toEqual(valid);
  });

  it.each([
    ["name", { name: "J" }, "Name must be at least 2 characters"],
    ["email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["subject", { subject: "Hi" }, "Subject must be at least 5 characters"],
    ["message", { message: "Too short" }, "Message must be at least 10 characters"],
  ])("refuses an invalid %s with 400 and the spec's message, storing nothing", async (field, change, message) => {
    const before = await contactCount();
    const res = await postJson("/api/contact", { ...valid, ...change });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(message);
    expect(body.errors[field]).toEqual([message]);
    expect(await contactCount()).toBe(before);
  });

  it("refuses a missing body field, an oversized body and a non-JSON body", async () => {
    const before = await contactCount();
    const missing = await postJson("/api/contact", { name: "Jo Smith" });
    expect(missing.status).toBe(400);
    const huge = await postJson("/api/contact", { ...valid, message: "x".repeat(200_000) });
    expect(huge.status).toBe(413);
    const form = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "name=Jo&email=jo%40example.com",
    });
    expect(form.status).toBe(415);
    expect((await form.json()).message).toMatch(/JSON/);
    const notJson = await postJson("/api/contact", "{oops");
    expect(notJson.status).toBe(400);
    expect(await contactCount()).toBe(before);
  });
});
