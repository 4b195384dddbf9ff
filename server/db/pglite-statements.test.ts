import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  installedPgliteVersion,
  pgliteStatements,
  preparedStatements,
  preparedStatementsUnavailable,
  type StatementClient,
  VERIFIED_PGLITE_VERSION,
} from "./pglite-statements";

let client: PGlite;
let statements: StatementClient;

const prepared = async () =>
  (
    await client.query<{ statement: string }>("select statement from pg_prepared_statements order by prepare_time")
  ).rows.map((row) => row.statement);

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table items (id serial primary key, name text not null unique, at timestamptz, tags text[], ok boolean, price numeric(6,2));
    insert into items (name, at, tags, ok, price) values ('a', '2026-01-02T03:04:05Z', '{x,y}', true, 1.50), ('b', null, '{}', false, null);
  `);
  statements = preparedStatements(client, { limit: 3 });
});

afterAll(() => client.close());

describe("preparedStatements", () => {
  it("answers as PGlite's own query does, for every kind of value and row mode", async () => {
    const text =
      "select id, name, at, tags, ok, price from items where at <= $1 or at is null or name = any($2) order by id";
    const params = [new Date("2026-06-01T00:00:00Z"), ["a"]];
    for (const rowMode of ["object", "array"] as const) {
      const ours = await statements.query(text, params, { rowMode });
      const theirs = await client.query(text, params, { rowMode });
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const parsers = { 1184: (value: string) => `at ${value}` };
    expect((await statements.query("select at from items where id = $1", [1], { parsers })).rows).toEqual([
      { at: "at 2026-01-02 03:04:05+00" },
    ]);
  });

  it("reports what a write changed, and what it returned", async () => {
    const inserted = await statements.query<{ id: number }>(
      "insert into items (name, ok) values ($1, $2) returning id",
      ["c", true],
    );
    expect(inserted.rows).toEqual([{ id: 3 }]);
    expect(inserted.affectedRows).toBe(1);
    const updated = await statements.query("update items set ok = $1 where ok is distinct from $1", [false]);
    expect(updated.affectedRows).toBe(2);
    expect((await statements.query("select id from items where name = $1", ["nobody"])).rows).toEqual([]);
  });

  it("parses a text once and keeps at most the limit, closing the least recently used", async () => {
    await client.exec("deallocate all");
    const texts = ["select 1 as n", "select 2 as n", "select 3 as n", "select 4 as n"];
    await statements.query(texts[0] ?? "");
    await statements.query(texts[0] ?? "");
    expect(await prepared()).toEqual([texts[0]]);
    for (const text of texts.slice(1)) await statements.query(text);
    // The fourth text took the first one's place; it is closed with the next message sent.
    await statements.query(texts[1] ?? "");
    await statements.query("select 5 as n");
    const kept = await prepared();
    expect(kept).toHaveLength(3);
    expect(kept).not.toContain(texts[0]);
    expect(kept).toContain(texts[1]);
    expect((await statements.query<{ n: number }>(texts[0] ?? "")).rows).toEqual([{ n: 1 }]);
  });

  it("raises PostgreSQL's error with its code and constraint, and goes on working after it", async () => {
    await expect(statements.query("insert into items (name) values ($1)", ["a"])).rejects.toMatchObject({
      code: "23505",
      constraint: "items_name_key",
    });
    await expect(statements.query("selec 1")).rejects.toMatchObject({ code: "42601" });
    expect((await statements.query<{ name: string }>("select name from items where id = $1", [1])).rows).toEqual([
      { name: "a" },
    ]);
  });

  it("does not run inside a transaction someone else has open", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query("insert into items (name) values ('pending')");
      await held;
      await tx.rollback();
    });
    const count = statements.query<{ n: number }>("select count(*)::int as n from items where name = $1", ["pending"]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect((await count).rows).toEqual([{ n: 0 }]);
  });

  it("prepares a statement again when a table it reads changes shape", async () => {
    const text = "select * from items where id = $1";
    expect(Object.keys((await statements.query<object>(text, [1])).rows[0] ?? {})).not.toContain("note");
    await client.exec("alter table items add column note text default 'new'");
    expect((await statements.query<{ note: string }>(text, [1])).rows[0]?.note).toBe("new");
  });

  it("runs transactions through PGlite", async () => {
    await statements.transaction(async (tx) => {
      await tx.query("insert into items (name) values ('in a transaction')");
    });
    expect((await statements.query("select 1 from items where name = $1", ["in a transaction"])).rows).toHaveLength(1);
  });
});

// Issue 29, decision 068: the prepared path borrows PGlite's two private lock methods. These tests
// pin it to the version it was verified on, and check the switch back to PGlite's public query.
describe("the switch between prepared statements and PGlite's public query", () => {
  it("is pinned to the installed PGlite: after an upgrade, re-verify the private locks and move the pin", () => {
    expect(
      installedPgliteVersion(),
      `@electric-sql/pglite is now ${installedPgliteVersion()}, but pglite-statements.ts was verified on ` +
        `${VERIFIED_PGLITE_VERSION}: until it is re-verified, every statement goes through PGlite's public query ` +
        "(slower, decision 068). Read PGlite's query() in its new version: if it still takes " +
        "_runExclusiveTransaction and then _runExclusiveQuery around its protocol messages, set " +
        "VERIFIED_PGLITE_VERSION to the new version; if not, change the module or delete it.",
    ).toBe(VERIFIED_PGLITE_VERSION);
  });

  it("finds PGlite's private lock methods where it expects them, each taking one function", () => {
    const locks = client as unknown as Record<string, unknown>;
    for (const name of ["_runExclusiveTransaction", "_runExclusiveQuery"]) {
      expect(typeof locks[name], name).toBe("function");
      expect((locks[name] as () => unknown).length, name).toBe(1);
    }
    expect(preparedStatementsUnavailable(client)).toBeUndefined();
    expect(pgliteStatements(client).path).toBe("prepared");
  });

  it("falls back to PGlite's public query on another version, without the locks, or when switched off", async () => {
    expect(preparedStatementsUnavailable(client, "0.6.0")).toMatch(/0\.6\.0 is not the verified/);
    const withoutLocks = Object.create(client, { _runExclusiveQuery: { value: undefined } }) as PGlite;
    expect(preparedStatementsUnavailable(withoutLocks)).toMatch(/_runExclusiveQuery is missing/);
    const changed = Object.create(client, { _runExclusiveTransaction: { value: () => {} } }) as PGlite;
    expect(preparedStatementsUnavailable(changed)).toMatch(/_runExclusiveTransaction is missing or changed/);
    expect(pgliteStatements(withoutLocks).client).toBe(withoutLocks);

    const off = pgliteStatements(client, { prepared: false });
    expect(off.client).toBe(client);
    expect(off.path).toMatch(/PGLITE_PREPARED_STATEMENTS=off/);
    // both paths answer the same
    const on = pgliteStatements(client).client;
    const text = "select id, name, at, tags, ok, price from items where id = any($1) order by id";
    for (const rowMode of ["object", "array"] as const) {
      const prepared = await on.query(text, [[1, 2]], { rowMode });
      const plain = await off.client.query(text, [[1, 2]], { rowMode });
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.fields).toEqual(plain.fields);
    }
  });
});
