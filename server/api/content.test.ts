import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";

let server: SeededTestServer;
const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  server = await startSeededTestServer();
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
    expect(bySlug.body).toMatchObject({ ...first, content: expect.stringContaining("## ") });
    const byId = await get(`/api/posts/${first.id}`);
    expect(byId.body).toEqual(bySlug.body);
  });

  it("answers 404 for an unknown slug or id", async () => {
    expect((await get("/api/posts/no-such-post")).status).toBe(404);
    expect((await get("/api/posts/999999")).status).toBe(404);
    // past the database's integer range (found by the fuzz test: it was a 500)
    expect((await get("/api/posts/2147483648")).status).toBe(404);
    expect((await get("/api/posts/9999999999")).status).toBe(404);
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
