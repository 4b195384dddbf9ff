import { existsSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { projectRoot } from "#server/paths.ts";
import { createTestDatabase } from "../../../tests/support/test-database";
import { isDatabaseEmpty, seedDemoContent } from "./seed";

async function count(database: DatabaseHandle, table: string): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return result.rows[0]?.n ?? 0;
}

const TABLES = ["categories", "breeds", "toys", "toy_categories", "breed_recommendations", "posts", "testimonials"];

describe("demo content", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("is added to an empty database", async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const report = await seedDemoContent(database.db);
    expect(report.toys).toBeGreaterThanOrEqual(40);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it("adds nothing when seeded again", async () => {
    const before = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await count(database, t)])));
    const report = await seedDemoContent(database.db);
    expect(Object.values(report).every((n) => n === 0)).toBe(true);
    const after = Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await count(database, t)])));
    expect(after).toEqual(before);
  });

  it("has the categories the footer and home page link to", async () => {
    const rows = await database.db.execute<{ id: number; name: string }>(
      sql`select id, name from categories order by id`,
    );
    expect(rows.rows.slice(0, 5)).toEqual([
      { id: 1, name: "Healthy Toys" },
      { id: 2, name: "Brain Games" },
      { id: 3, name: "Built for Beasts" },
      { id: 4, name: "Water Toys" },
      { id: 5, name: "Fetch Toys" },
    ]);
    expect(rows.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(["Calming Toys", "Easy to Clean", "General Toys"]),
    );
    expect(rows.rows.length).toBeGreaterThan(6);
    // a category created after seeding gets a fresh id, not one of the fixed ones
    const created = await database.db.execute<{ id: number }>(
      sql`insert into categories (name) values ('New One') returning id`,
    );
    expect(created.rows[0]?.id).toBeGreaterThan(rows.rows.length);
  });

  it("has at least 12 breeds across every size, with descriptions and images", async () => {
    const rows = await database.db.execute<{ size: string; n: number; complete: number }>(sql`
      select size, count(*)::int as n,
             count(*) filter (where length(description) > 40 and image_url is not null)::int as complete
      from breeds group by size order by size`);
    expect(rows.rows.map((r) => r.size)).toEqual(["large", "medium", "small"]);
    expect(rows.rows.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(12);
    for (const r of rows.rows) expect(r.complete).toBe(r.n);
  });

  it("has at least 40 toys with every field filled and several categories each", async () => {
    const toys = await database.db.execute<Record<string, unknown>>(sql`
      select t.*, (select count(*)::int from toy_categories tc where tc.toy_id = t.id) as category_count from toys t`);
    expect(toys.rows.length).toBeGreaterThanOrEqual(40);
    for (const toy of toys.rows) {
      for (const field of [
        "name",
        "description",
        "details",
        "price",
        "rating",
        "image_url",
        "amazon_url",
        "amazon_asin",
        "material_type",
        "age_recommendation",
        "suitable_for",
      ]) {
        expect(toy[field], `${toy.name} ${field}`).toBeTruthy();
      }
      expect(toy.price_value, `${toy.name} price`).not.toBeNull();
      expect(toy.rating_value, `${toy.name} rating`).not.toBeNull();
      expect((toy.features as string[]).length).toBeGreaterThan(0);
      expect(toy.category_id).not.toBeNull();
    }
    const multi = toys.rows.filter((t) => (t.category_count as number) >= 2).length;
    expect(multi).toBeGreaterThanOrEqual(10);
    const materials = new Set(toys.rows.map((t) => t.material_type));
    for (const m of ["durable", "rubber", "plush"]) expect(materials.has(m)).toBe(true);
    const features = new Set(toys.rows.flatMap((t) => t.features as string[]));
    for (const f of ["puzzle", "exercise", "interactive", "solo"]) expect(features.has(f)).toBe(true);
    expect(toys.rows.some((t) => t.is_top_pick)).toBe(true);
  });

  it("recommends at least 3 toys with notes for every breed", async () => {
    const rows = await database.db.execute<{ name: string; recs: number; notes: number }>(sql`
      select b.name, count(r.id)::int as recs, count(r.note)::int as notes
      from breeds b left join breed_recommendations r on r.breed_id = b.id group by b.name order by b.name`);
    expect(rows.rows.length).toBeGreaterThanOrEqual(12);
    // a breed page or breed search with no toys is an empty page for the visitor who found it
    expect(rows.rows.filter((r) => r.recs < 3).map((r) => r.name)).toEqual([]);
    expect(rows.rows.filter((r) => r.notes === 0).map((r) => r.name)).toEqual([]);
  });

  it("has at least 8 posts of every type with real markdown bodies", async () => {
    const rows = await database.db.execute<{ post_type: string; content: string; slug: string; image_url: string }>(
      sql`select post_type, content, slug, image_url from posts`,
    );
    expect(rows.rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.rows.map((r) => r.post_type))).toEqual(new Set(["review", "guide", "comparison"]));
    for (const post of rows.rows) {
      expect(post.content.split(/\s+/).length, post.slug).toBeGreaterThan(300);
      expect(post.content).toMatch(/^## /m);
      expect(post.content).toMatch(/^- /m);
      expect(post.content).toMatch(/\]\(/);
    }
  });

  it("has at least 5 testimonials", async () => {
    expect(await count(database, "testimonials")).toBeGreaterThanOrEqual(5);
  });

  it("refers only to images that exist locally", async () => {
    const rows = await database.db.execute<{ url: string }>(sql`
      select image_url as url from breeds union select image_url from toys
      union select image_url from posts union select image_url from testimonials`);
    for (const { url } of rows.rows) {
      expect(url, url).toMatch(/^\/images\//);
      expect(existsSync(join(projectRoot, "public", url)), url).toBe(true);
    }
    expect(existsSync(join(projectRoot, "public", "placeholder.svg"))).toBe(true);
  });
});
