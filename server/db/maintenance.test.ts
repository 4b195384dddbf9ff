import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDue, maintainPglite } from "./maintenance";

describe("isDue (autovacuum's thresholds)", () => {
  const healthy = {
    name: "toys",
    reltuples: 10_000,
    relpages: 850,
    relallvisible: 850,
    n_dead_tup: 0,
    n_ins_since_vacuum: 0,
    n_mod_since_analyze: 0,
  };

  it("leaves a vacuumed, analyzed, quiet table alone", () => {
    expect(isDue(healthy)).toBe(false);
  });

  it("takes a table never analyzed, or one whose pages are mostly not all-visible", () => {
    expect(isDue({ ...healthy, reltuples: -1 })).toBe(true);
    expect(isDue({ ...healthy, relallvisible: 600 })).toBe(true);
    // a table of a few pages is not worth a pass for its visibility map alone
    expect(isDue({ ...healthy, relpages: 4, relallvisible: 0 })).toBe(false);
  });

  it("takes a table with enough dead, inserted or changed rows", () => {
    expect(isDue({ ...healthy, n_dead_tup: 2_050 })).toBe(false);
    expect(isDue({ ...healthy, n_dead_tup: 2_051 })).toBe(true);
    expect(isDue({ ...healthy, n_ins_since_vacuum: 3_001 })).toBe(true);
    expect(isDue({ ...healthy, n_mod_since_analyze: 1_051 })).toBe(true);
  });
});

describe("maintainPglite", () => {
  let client: PGlite;

  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table "toys" (id serial primary key, name text not null, details text, deleted_at timestamptz);
      create index on "toys" (deleted_at);
      insert into "toys" (name, details) select 'toy ' || n, repeat('d', 400) from generate_series(1, 5000) n;
      create table "quiet" (id int primary key);
    `);
  });

  afterAll(async () => {
    await client.close();
  });

  async function state(table: string) {
    const { rows } = await client.query<{ reltuples: number; relpages: number; relallvisible: number }>(
      "select reltuples::float8 as reltuples, relpages, relallvisible from pg_class where relname = $1",
      [table],
    );
    return rows[0];
  }

  it("vacuums and analyzes the tables that need it, once", async () => {
    expect((await state("toys"))?.reltuples).toBe(-1);
    const first = await maintainPglite(client);
    expect(first.tables).toEqual(expect.arrayContaining(["toys", "quiet"]));
    const after = await state("toys");
    expect(after?.reltuples).toBe(5000);
    expect(after?.relallvisible).toBe(after?.relpages);
    // the count now reads the index only
    const plan = await client.query<{ "QUERY PLAN": string }>(
      "explain select count(*) from toys where deleted_at is null",
    );
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("Index Only Scan");

    expect((await maintainPglite(client)).tables).toEqual([]);
  });

  it("comes back to a table once enough of it changed", async () => {
    await client.exec("update toys set name = name || '!' where id <= 2000");
    // PostgreSQL publishes a transaction's counts to the statistics after it ends, at most once a second
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await client.query("select 1");
    expect((await maintainPglite(client)).tables).toEqual(["toys"]);
  });
});
