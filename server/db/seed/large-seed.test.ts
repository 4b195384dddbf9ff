import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createTestDatabase } from "../../../tests/support/test-database";
import { seedLargeCatalogue } from "./large-seed";

const targets = { toys: 300, posts: 40, breeds: 20, recommendationsPerBreed: 6, quizSubmissions: 2_500 };
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function scalar(query: string): Promise<number> {
  const result = await database.db.execute<{ n: string }>(sql.raw(`select (${query})::text as n`));
  return Number(result.rows[0]?.n);
}

describe("the large benchmark catalogue", () => {
  it("fills every table to its target with valid rows, and a second run adds nothing", async () => {
    await seedLargeCatalogue(database.db, targets);
    expect(await scalar("select count(*) from toys")).toBe(300);
    expect(await scalar("select count(*) from posts")).toBe(40);
    expect(await scalar("select count(*) from breeds")).toBe(20);
    expect(await scalar("select count(*) from quiz_submissions")).toBe(2_500);
    // every breed has exactly its recommendations, every toy a category and parseable numbers
    expect(
      await scalar(
        "select count(*) from breeds b where (select count(*) from breed_recommendations r where r.breed_id = b.id) <> 6",
      ),
    ).toBe(0);
    expect(await scalar("select count(*) from toys where price_value is null or rating_value is null")).toBe(0);
    expect(
      await scalar(
        "select count(*) from toys t where not exists (select 1 from toy_categories c where c.toy_id = t.id)",
      ),
    ).toBe(0);
    expect(await scalar("select count(distinct slug) from posts")).toBe(40);
    // newest submission last, dates rising with ids, within the last two years
    expect(
      await scalar(
        "select count(*) from quiz_submissions where created_at > now() or created_at < now() - interval '731 days'",
      ),
    ).toBe(0);

    const again = await seedLargeCatalogue(database.db, targets);
    expect(again).toEqual({ breeds: 0, toys: 0, posts: 0, recommendations: 0, quizSubmissions: 0 });
  });
});
