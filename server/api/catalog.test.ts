import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "#domain/catalog.ts";
import { effectivePrice } from "#domain/price.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";

let database: DatabaseHandle;
let server: SeededTestServer;
const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, headers: res.headers, body: await res.json() };
};
const num = (price: string) => Number(price.replace(/[$,]/g, ""));

beforeAll(async () => {
  server = await startSeededTestServer();
  database = server.database;
});
afterAll(() => server.close());

describe("GET /api/breeds and /api/categories", () => {
  it("lists breeds by name with id and name", async () => {
    const { status, body } = await get("/api/breeds");
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(12);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      slug: expect.any(String),
      size: expect.any(String),
      description: expect.any(String),
      imageUrl: expect.any(String),
      // the media library's alt text, for an uploaded image that has one
      imageAlt: null,
    });
    const names = body.map((b: { name: string }) => b.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("lists categories in the owner's order, by id while none was set", async () => {
    const { body } = await get("/api/categories");
    expect(body.slice(0, 2)).toEqual([
      { id: 1, name: "Healthy Toys", description: expect.any(String), icon: expect.any(String), imageUrl: null },
      { id: 2, name: "Brain Games", description: expect.any(String), icon: expect.any(String), imageUrl: null },
    ]);
  });
});

describe("GET /api/recommendations/{breedId}", () => {
  it("answers the breed and its recommendations with toy and note", async () => {
    const breeds = (await get("/api/breeds")).body as { id: number; name: string }[];
    const beagle = breeds.find((b) => b.name === "Beagle");
    const { status, body } = await get(`/api/recommendations/${beagle?.id}`);
    expect(status).toBe(200);
    expect(body.breed).toEqual({
      id: beagle?.id,
      name: "Beagle",
      slug: "beagle",
      description: expect.any(String),
      imageUrl: "/images/demo/breeds/beagle.svg",
      imageAlt: null,
    });
    expect(body.recommendations.length).toBeGreaterThan(0);
    for (const rec of body.recommendations) {
      expect(rec.toyId).toBe(rec.toy.id);
      expect(rec.toy.categories).toEqual(expect.any(Array));
      expect("note" in rec).toBe(true);
    }
  });

  it("answers an empty list for a breed without recommendations", async () => {
    // every demo breed has recommendations: a breed the owner has just added has none yet
    const { rows } = await database.db.execute<{ id: number }>(
      sql`insert into breeds (name, slug, size, description) values ('Newly Added Breed', 'newly-added-breed', 'small', 'New.') returning id`,
    );
    const { status, body } = await get(`/api/recommendations/${rows[0]?.id}`);
    expect(status).toBe(200);
    expect(body.recommendations).toEqual([]);
    await database.db.execute(sql`delete from breeds where id = ${rows[0]?.id}`);
  });

  it("answers 404 for an unknown breed and 400 for a non-numeric id", async () => {
    expect((await get("/api/recommendations/999999")).status).toBe(404);
    const bad = await get("/api/recommendations/abc");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/breed id/);
    expect((await get("/api/recommendations/-1")).status).toBe(400);
    expect((await get("/api/recommendations/1.5")).status).toBe(400);
  });
});

describe("GET /api/toys", () => {
  it("without parameters answers every toy by name, with categories and categoryName", async () => {
    const { status, headers, body } = await get("/api/toys");
    expect(status).toBe(200);
    const count = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from toys`);
    expect(body).toHaveLength(count.rows[0]?.n ?? -1);
    expect(headers.get("x-total-count")).toBe(String(body.length));
    const names = body.map((t: Toy) => t.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const toy: Toy = body[0];
    expect(toy).toMatchObject({
      id: expect.any(Number),
      price: expect.stringMatching(/^\$/),
      rating: expect.any(String),
      isTopPick: expect.any(Boolean),
      categoryName: expect.any(String),
    });
    expect(toy.categories[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect(Object.keys(toy)).not.toContain("priceValue");
  });

  it("searches name and description case-insensitively", async () => {
    const { body } = await get("/api/toys?search=BALL");
    expect(body.length).toBeGreaterThan(0);
    for (const t of body as Toy[]) expect(`${t.name} ${t.description}`.toLowerCase()).toContain("ball");
    expect((await get("/api/toys?search=%25")).body).toEqual([]);
  });

  it("filters by category through the main category or any linked one", async () => {
    const { body } = await get("/api/toys?category=3");
    expect(body.length).toBeGreaterThan(0);
    for (const t of body as Toy[]) {
      expect(t.categoryId === 3 || t.categories.some((c) => c.id === 3)).toBe(true);
    }
  });

  it("filters by breed through its recommendations", async () => {
    const breeds = (await get("/api/breeds")).body as { id: number; name: string }[];
    const beagle = breeds.find((b) => b.name === "Beagle");
    const recs = (await get(`/api/recommendations/${beagle?.id}`)).body.recommendations as { toyId: number }[];
    const { body } = await get(`/api/toys?breed=${beagle?.id}`);
    expect((body as Toy[]).map((t) => t.id).sort()).toEqual(recs.map((r) => r.toyId).sort());
  });

  it("filters by price range and sorts by price and rating numerically, at the price a visitor pays", async () => {
    // a sale price is the price: the cards show it, so sorting and the range use it too
    const paid = (t: Toy) => num(effectivePrice(t));
    const all = (await get("/api/toys")).body as Toy[];
    const onSale = all.filter((t) => t.priceDiscount !== null && num(t.priceDiscount) < num(t.price));
    expect(onSale.length, "the demo catalogue has toys on sale").toBeGreaterThan(0);
    const ranged = (await get("/api/toys?minPrice=10&maxPrice=20")).body as Toy[];
    expect(ranged.length).toBeGreaterThan(0);
    for (const t of ranged) expect(paid(t)).toBeGreaterThanOrEqual(10);
    for (const t of ranged) expect(paid(t)).toBeLessThanOrEqual(20);
    expect(ranged.map((t) => t.id).sort()).toEqual(
      all
        .filter((t) => paid(t) >= 10 && paid(t) <= 20)
        .map((t) => t.id)
        .sort(),
    );

    const asc = ((await get("/api/toys?sort=price-asc")).body as Toy[]).map(paid);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = ((await get("/api/toys?sort=price-desc")).body as Toy[]).map(paid);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    // the spec's fields are as stored: the regular price and the sale price apart
    expect(Object.keys(onSale[0] ?? {})).toEqual(expect.arrayContaining(["price", "priceDiscount"]));
    const rating = ((await get("/api/toys?sort=rating-desc")).body as Toy[]).map((t) => Number(t.rating));
    expect(rating).toEqual([...rating].sort((a, b) => b - a));
  });

  it("pages with page and pageSize and reports the total", async () => {
    const all = (await get("/api/toys")).body as Toy[];
    const first = await get("/api/toys?page=1&pageSize=10");
    const second = await get("/api/toys?page=2&pageSize=10");
    expect(first.body.map((t: Toy) => t.id)).toEqual(all.slice(0, 10).map((t) => t.id));
    expect(second.body.map((t: Toy) => t.id)).toEqual(all.slice(10, 20).map((t) => t.id));
    expect(second.headers.get("x-total-count")).toBe(String(all.length));
    const beyond = await get("/api/toys?page=999&pageSize=10");
    expect(beyond.body).toEqual([]);
    expect(beyond.headers.get("x-total-count")).toBe(String(all.length));
  });

  it("refuses invalid parameters with 400 and a message", async () => {
    for (const query of [
      "sort=cheapest",
      "category=abc",
      "page=0",
      "pageSize=1000",
      "minPrice=50&maxPrice=10",
      `search=${"x".repeat(101)}`,
    ]) {
      const res = await get(`/api/toys?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toEqual(expect.any(String));
    }
  });

  it("names every refused parameter in errors, and ignores unset ones", async () => {
    const res = await get("/api/toys?category=abc&sort=cheapest&page=0&breed=all&minPrice=");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: expect.any(String),
      errors: {
        category: ["must be a whole number from 0 to 2147483647"],
        sort: ["sort must be one of name, price-asc, price-desc, rating-desc"],
        page: ["page must be at least 1"],
      },
    });
    const inverted = await get("/api/toys?minPrice=50&maxPrice=10");
    expect(inverted.body.errors).toEqual({ minPrice: ["minPrice must not be above maxPrice"] });
    const unset = await get("/api/toys?breed=all&minPrice=&search=%20");
    expect(unset.status).toBe(200);
    expect(unset.headers.get("x-total-count")).toBe((await get("/api/toys")).headers.get("x-total-count"));
  });

  it("answers top picks, one toy, its categories and its breed recommendations", async () => {
    const picks = (await get("/api/toys/top-picks")).body as Toy[];
    expect(picks.length).toBeGreaterThan(0);
    expect(picks.every((t) => t.isTopPick)).toBe(true);

    const toy = picks[0] as Toy;
    const one = await get(`/api/toys/${toy.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(toy);

    const categories = await get(`/api/toys/${toy.id}/categories`);
    expect(categories.body).toEqual(toy.categories);

    const links = await get(`/api/toys/${toy.id}/breed-recommendations`);
    expect(links.status).toBe(200);
    for (const link of links.body) {
      expect(link).toEqual({
        id: expect.any(Number),
        breedId: link.breed.id,
        toyId: toy.id,
        note: link.note,
        breed: { id: expect.any(Number), name: expect.any(String) },
      });
    }

    for (const path of ["/api/toys/999999", "/api/toys/999999/categories", "/api/toys/999999/breed-recommendations"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get("/api/toys/abc")).status).toBe(400);
  });
});
