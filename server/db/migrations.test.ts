import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "#server/paths.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import type { DatabaseHandle } from "./client";

const EXPECTED_TABLES = [
  "breed_recommendations",
  "breeds",
  "categories",
  "posts",
  "quiz_submissions",
  "testimonials",
  "toy_categories",
  "toys",
  "users",
  "visitor_stats",
];

async function schemaSnapshot(database: DatabaseHandle) {
  const columns = await database.db.execute(sql`
    select table_name, column_name, data_type, is_nullable, column_default, generation_expression
    from information_schema.columns where table_schema = 'public' order by table_name, column_name`);
  const indexes = await database.db.execute(sql`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`);
  const constraints = await database.db.execute(sql`
    select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace order by conname`);
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows };
}

describe("migrations", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(() => database.close());

  it("apply cleanly on an empty database and create every table of the spec", async () => {
    await database.migrate();
    const tables = await database.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
    expect(tables.rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(EXPECTED_TABLES));
  });

  it("change nothing when applied a second time", async () => {
    const before = await schemaSnapshot(database);
    await database.migrate();
    expect(await schemaSnapshot(database)).toEqual(before);
    const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8"));
    const applied = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.count).toBe(journal.entries.length);
  });

  it("index the lookups the pages do", async () => {
    const { indexes } = await schemaSnapshot(database);
    const defs = indexes.map((i) => String((i as { indexdef: string }).indexdef));
    const has = (table: string, column: string) =>
      defs.some((d) => d.includes(`ON public.${table} `) && new RegExp(`\\(${column}[ ,)]`).test(d));
    expect(has("posts", "slug")).toBe(true);
    expect(has("posts", "published_at")).toBe(true);
    expect(has("toys", "is_top_pick")).toBe(true);
    expect(has("toys", "category_id")).toBe(true);
    expect(has("toy_categories", "category_id")).toBe(true);
    expect(has("breed_recommendations", "breed_id")).toBe(true);
    expect(has("breed_recommendations", "toy_id")).toBe(true);
    expect(has("quiz_submissions", "created_at")).toBe(true);
  });

  it("enforce the spec's defaults, uniques and cascades", async () => {
    const { db } = database;
    const toy = await db.execute<{
      id: number;
      rating: string;
      is_top_pick: boolean;
      in_stock: boolean;
      is_prime_eligible: boolean;
      review_count: number;
      features: string[];
      price_value: string;
    }>(sql`
      insert into toys (name, slug, description, details, price) values ('Tug Rope', 'tug-rope', 'A sturdy rope', 'Long enough details here', '$1,234.50')
      returning id, rating, is_top_pick, in_stock, is_prime_eligible, review_count, features, price_value`);
    const row = toy.rows[0];
    expect(row).toMatchObject({
      rating: "4.5",
      is_top_pick: false,
      in_stock: true,
      is_prime_eligible: false,
      review_count: 0,
      features: [],
    });
    expect(Number(row?.price_value)).toBe(1234.5);

    const category = await db.execute<{ id: number }>(
      sql`insert into categories (name) values ('Test Category') returning id`,
    );
    const breed = await db.execute<{ id: number }>(
      sql`insert into breeds (name, slug, size, description) values ('Test Breed', 'test-breed', 'small', 'A test breed') returning id`,
    );
    const toyId = row?.id;
    const categoryId = category.rows[0]?.id;
    const breedId = breed.rows[0]?.id;
    await db.execute(sql`insert into toy_categories (toy_id, category_id) values (${toyId}, ${categoryId})`);
    await expect(
      db.execute(sql`insert into toy_categories (toy_id, category_id) values (${toyId}, ${categoryId})`),
    ).rejects.toThrow();
    await db.execute(
      sql`insert into breed_recommendations (breed_id, toy_id, note) values (${breedId}, ${toyId}, null)`,
    );
    await expect(
      db.execute(
        sql`insert into breeds (name, slug, size, description) values ('Test Breed', 'test-breed-2', 'large', 'again')`,
      ),
    ).rejects.toThrow();

    const submission = await db.execute<{ has_consented: boolean; created_at: unknown }>(sql`
      insert into quiz_submissions (email, dog_size, dog_age, chew_style, play_style, toy_purpose)
      values ('a@example.com', 'small', 'puppy', 'gentle', 'solo', 'mental') returning has_consented, created_at`);
    expect(submission.rows[0]?.has_consented).toBe(false);
    expect(submission.rows[0]?.created_at).toBeTruthy();

    const stats = await db.execute<{
      visits: number;
      page_views: number;
      unique_visitors: number;
      avg_time_on_site: number;
    }>(sql`insert into visitor_stats default values returning visits, page_views, unique_visitors, avg_time_on_site`);
    expect(stats.rows[0]).toEqual({ visits: 0, page_views: 0, unique_visitors: 0, avg_time_on_site: 0 });

    await db.execute(sql`delete from toys where id = ${toyId}`);
    const left = await db.execute<{ links: number; recs: number }>(sql`
      select (select count(*)::int from toy_categories where toy_id = ${toyId}) as links,
             (select count(*)::int from breed_recommendations where toy_id = ${toyId}) as recs`);
    expect(left.rows[0]).toEqual({ links: 0, recs: 0 });
  });
});

describe("the consent history migration (issue 26)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(() => database.close());

  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const files = journal.entries.map((entry) => readFileSync(join(migrationsFolder, `${entry.tag}.sql`), "utf8"));
  const at = files.findIndex((file) => file.includes('CREATE TABLE "newsletter_consent_events"'));

  async function apply(file: string) {
    for (const statement of file.split("--> statement-breakpoint")) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
  }

  it("gives every earlier subscriber its consent, then its withdrawal, as its first events", async () => {
    expect(at).toBeGreaterThan(0);
    for (const file of files.slice(0, at)) await apply(file);
    const { db } = database;
    await db.execute(sql`insert into newsletter_subscribers (email, status, source, consent_text, consented_at, unsubscribed_at, bounced_at) values
      ('kept@example.com', 'subscribed', 'quiz', 'Notice A', '2026-01-01T10:00:00Z', null, null),
      ('left@example.com', 'unsubscribed', 'quiz', 'Notice B', '2026-02-01T10:00:00Z', '2026-03-01T10:00:00Z', null),
      ('gone@example.com', 'bounced', 'quiz', 'Notice C', '2026-04-01T10:00:00Z', null, '2026-04-02T10:00:00Z')`);
    await db.execute(sql`insert into data_erasures (email_hash, counts) values (${"a".repeat(64)}, '{}')`);

    await apply(files[at] ?? "");
    const events = await db.execute(sql`
      select s.email, e.action, e.source, e.consent_text, e.at from newsletter_consent_events e
      join newsletter_subscribers s on s.id = e.subscriber_id order by s.email, e.at`);
    expect(events.rows.map((row) => ({ ...row, at: new Date(String(row.at)).toISOString() }))).toEqual([
      {
        email: "gone@example.com",
        action: "subscribed",
        source: "quiz",
        consent_text: "Notice C",
        at: "2026-04-01T10:00:00.000Z",
      },
      {
        email: "gone@example.com",
        action: "bounced",
        source: "earlier-record",
        consent_text: null,
        at: "2026-04-02T10:00:00.000Z",
      },
      {
        email: "kept@example.com",
        action: "subscribed",
        source: "quiz",
        consent_text: "Notice A",
        at: "2026-01-01T10:00:00.000Z",
      },
      {
        email: "left@example.com",
        action: "subscribed",
        source: "quiz",
        consent_text: "Notice B",
        at: "2026-02-01T10:00:00.000Z",
      },
      {
        email: "left@example.com",
        action: "unsubscribed",
        source: "earlier-record",
        consent_text: null,
        at: "2026-03-01T10:00:00.000Z",
      },
    ]);
    // an erasure recorded before keeps its plain SHA-256, and says so
    expect((await db.execute(sql`select hash_kind from data_erasures`)).rows).toEqual([{ hash_kind: "sha256" }]);
    // the backfill adds nothing when run again
    await db.execute(sql.raw(files[at]?.split("--> statement-breakpoint").at(-1) ?? ""));
    expect((await db.execute(sql`select count(*)::int as n from newsletter_consent_events`)).rows).toEqual([{ n: 5 }]);
  });
});

describe("the click country migration (issue 27, decision 058)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(() => database.close());

  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const files = journal.entries.map((entry) => readFileSync(join(migrationsFolder, `${entry.tag}.sql`), "utf8"));
  const at = files.findIndex((file) => file.includes('ALTER TABLE "affiliate_clicks" ADD COLUMN "country"'));

  async function apply(file: string) {
    for (const statement of file.split("--> statement-breakpoint")) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
  }

  it("keeps every earlier click, as from an unknown country, and then counts per country", async () => {
    expect(at).toBeGreaterThan(0);
    for (const file of files.slice(0, at)) await apply(file);
    const { db } = database;
    await db.execute(sql`insert into affiliate_clicks (toy_id, placement, day, clicks) values
      (1, 'toy-page', '2026-11-01', 5), (1, 'catalogue', '2026-11-01', 2), (2, 'toy-page', '2026-11-02', 1)`);

    for (const file of files.slice(at)) await apply(file);
    const rows = await db.execute(
      sql`select toy_id, placement, day::text, country, clicks from affiliate_clicks order by toy_id, placement`,
    );
    expect(rows.rows).toEqual([
      { toy_id: 1, placement: "catalogue", day: "2026-11-01", country: "", clicks: 2 },
      { toy_id: 1, placement: "toy-page", day: "2026-11-01", country: "", clicks: 5 },
      { toy_id: 2, placement: "toy-page", day: "2026-11-02", country: "", clicks: 1 },
    ]);
    // the same toy, placement and day from a known country is a counter of its own
    await db.execute(
      sql`insert into affiliate_clicks (toy_id, placement, day, country, clicks) values (1, 'toy-page', '2026-11-01', 'GB', 1)`,
    );
    await expect(
      db.execute(
        sql`insert into affiliate_clicks (toy_id, placement, day, country, clicks) values (1, 'toy-page', '2026-11-01', 'gb', 1)`,
      ),
    ).rejects.toThrow();
  });
});

describe("the site search index migration (issue 28, decision 062)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterAll(() => database.close());

  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const files = journal.entries.map((entry) => readFileSync(join(migrationsFolder, `${entry.tag}.sql`), "utf8"));
  const at = files.findIndex((file) => file.includes('CREATE TABLE "search_documents"'));

  async function apply(file: string) {
    for (const statement of file.split("--> statement-breakpoint")) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
  }

  const documents = async () =>
    (
      await database.db.execute<{ kind: string; title: string; summary: string; words: string }>(
        sql`select d.kind, d.title::text, d.summary::text, d.words::text from search_documents d order by d.kind, d.item_id`,
      )
    ).rows;

  it("indexes what visitors may find among the rows stored before it, then keeps up with every write", async () => {
    expect(at).toBeGreaterThan(0);
    for (const file of files.slice(0, at)) await apply(file);
    const { db } = database;
    await db.execute(sql`insert into toys (name, slug, description, details, price, status, deleted_at) values
      ('Rope Tug', 'rope-tug', 'Knotted cotton.', 'Details.', '$5.00', 'published', null),
      ('Draft Ball', 'draft-ball', 'Not yet.', 'Details.', '$5.00', 'draft', null),
      ('Trashed Bone', 'trashed-bone', 'Gone.', 'Details.', '$5.00', 'published', now())`);
    await db.execute(sql`insert into posts (title, slug, excerpt, content, published_at, status) values
      ('Best Rope Toys', 'best-rope-toys', 'Our picks.', 'See [the tug](https://example.com/tug-link) here.', now(), 'published'),
      ('Unfinished', 'unfinished', 'Soon.', 'Words.', now(), 'draft')`);
    await db.execute(
      sql`insert into breeds (name, slug, size, description) values ('Beagle', 'beagle', 'medium', 'A hound.')`,
    );

    for (const file of files.slice(at)) await apply(file);
    expect(await documents()).toEqual([
      { kind: "breed", title: "'beagle'", summary: "'a' 'hound'", words: "'a' 'beagle' 'hound'" },
      {
        kind: "post",
        title: "'best' 'rope' 'toys'",
        summary: "'our' 'picks'",
        // the text's words too, but not the link's address
        words: "'best' 'here' 'our' 'picks' 'rope' 'see' 'the' 'toys' 'tug'",
      },
      { kind: "toy", title: "'rope' 'tug'", summary: "'cotton' 'knotted'", words: "'cotton' 'knotted' 'rope' 'tug'" },
    ]);
    const words = await db.execute<{ word: string }>(sql`select word from search_words order by id`);
    expect(words.rows.map((row) => row.word).sort()).toEqual(
      [
        "a",
        "beagle",
        "best",
        "cotton",
        "here",
        "hound",
        "knotted",
        "our",
        "picks",
        "rope",
        "see",
        "the",
        "toys",
        "tug",
      ].sort(),
    );

    // published, renamed, trashed, deleted: the index follows
    await db.execute(sql`update toys set status = 'published' where slug = 'draft-ball'`);
    await db.execute(sql`update toys set deleted_at = now() where slug = 'rope-tug'`);
    await db.execute(sql`update posts set title = 'Best Chew Toys' where slug = 'best-rope-toys'`);
    await db.execute(sql`delete from breeds where slug = 'beagle'`);
    expect((await documents()).map((d) => [d.kind, d.title])).toEqual([
      ["post", "'best' 'chew' 'toys'"],
      ["toy", "'ball' 'draft'"],
    ]);
    // known words stay (and keep their numbers); new ones are added once
    const after = await db.execute<{ word: string }>(sql`select word from search_words order by id`);
    expect(after.rows.map((row) => row.word).slice(0, words.rows.length)).toEqual(words.rows.map((row) => row.word));
    expect(
      after.rows
        .map((row) => row.word)
        .slice(words.rows.length)
        .sort(),
    ).toEqual(["ball", "chew", "draft", "not", "yet"]);
  });
});
