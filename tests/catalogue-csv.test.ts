import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "../domain/catalog";
import { CATALOGUE_COLUMNS, CATALOGUE_IMPORT_MAX_BYTES, CATALOGUE_IMPORT_MAX_ROWS } from "../domain/catalogue-csv";
import { parseCsv, readCsvCell, UTF8_BOM, writeCsvLine } from "../domain/csv";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Issue 27, "the whole catalogue as CSV", against the real app and database: the export of the
// demo catalogue reads back as no change at all (export -> import -> export is byte-identical),
// a changed cell changes exactly that product, new rows add products, rows without an id find
// theirs by ASIN, a bad row is reported by its line and nothing is written, and the import is
// refused whole for what is not a readable CSV file of a sensible size.

let server: SeededTestServer;
let cookie: string;

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** the body as sent, its byte order mark kept */
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the answers are JSON checked field by field with expect
  body: any;
}

async function answer(res: Response): Promise<Answer> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  const json = (res.headers.get("content-type") ?? "").includes("json");
  return { status: res.status, headers: res.headers, bytes, text, body: json && text ? JSON.parse(text) : null };
}

async function exportCsv(signedIn = true): Promise<Answer> {
  return answer(await fetch(`${server.url}/api/admin/toys.csv`, { headers: signedIn ? { cookie } : {} }));
}

/** POST /api/admin/toys/import with the text (or bytes) as the file of the field "file". */
async function importCsv(
  content: string | Uint8Array,
  { dryRun = false, signedIn = true, field = "file" }: { dryRun?: boolean; signedIn?: boolean; field?: string } = {},
): Promise<Answer> {
  const form = new FormData();
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  form.append(field, new Blob([new Uint8Array(bytes)], { type: "text/csv" }), "toys.csv");
  const res = await fetch(`${server.url}/api/admin/toys/import${dryRun ? "?dryRun=1" : ""}`, {
    method: "POST",
    headers: signedIn ? { cookie } : {},
    body: form,
  });
  return answer(res);
}

/** The export's records as cells by column (the header dropped). */
function rowsOf(csv: string): Record<string, string>[] {
  const parsed = parseCsv(csv);
  if (!parsed.ok) throw new Error(parsed.message);
  const [header, ...records] = parsed.records;
  return records.map((record) =>
    Object.fromEntries(header?.cells.map((name, i) => [name, readCsvCell(record.cells[i] ?? "")]) ?? []),
  );
}

/** A file of the export's columns with these rows. */
function fileOf(rows: Record<string, string>[], columns: readonly string[] = CATALOGUE_COLUMNS): string {
  return UTF8_BOM + writeCsvLine(columns) + rows.map((row) => writeCsvLine(columns.map((c) => row[c] ?? ""))).join("");
}

/** A digest of every row of the catalogue's tables: proof that a refused import wrote nothing. */
async function catalogueDigest(): Promise<string> {
  const tables = ["toys", "toy_categories", "breed_recommendations", "toy_slug_history", "media"];
  const parts = tables.map(
    (table) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t)`,
  );
  const result = await server.database.db.execute<{ digest: string }>(
    sql.raw(`select ${parts.join(" || ")} as digest`),
  );
  return result.rows[0]?.digest ?? "";
}

async function auditEntries(action: string): Promise<{ item_label: string; details: Record<string, unknown> }[]> {
  const { rows } = await server.database.db.execute<{ item_label: string; details: Record<string, unknown> }>(
    sql`select item_label, details from audit_log where action = ${action} order by id`,
  );
  return rows;
}

async function toy(id: number): Promise<Toy & { priceSource: string; priceConfirmedAt: string }> {
  const res = await fetch(`${server.url}/api/toys/${id}`, { headers: { cookie } });
  return res.json();
}

beforeAll(async () => {
  server = await startSeededTestServer({ readCacheTtlMs: 60_000 });
  cookie = await adminCookie(server);
}, 60_000);
afterAll(() => server?.close());

describe("GET /api/admin/toys.csv", () => {
  it("is the admin's alone", async () => {
    expect((await exportCsv(false)).status).toBe(401);
  });

  it("exports every product outside the trash, drafts too, with all its fields, as a download nobody keeps", async () => {
    const [first, second] = rowsOf((await exportCsv()).text);
    if (!first || !second) throw new Error("the demo catalogue is empty");
    const copy = await fetch(`${server.url}/api/toys/${first.id}/duplicate`, { method: "POST", headers: { cookie } });
    const draft = (await copy.json()) as Toy;
    await fetch(`${server.url}/api/toys/${second.id}`, { method: "DELETE", headers: { cookie } });

    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="toys.csv"');
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.text.startsWith(`${UTF8_BOM}${CATALOGUE_COLUMNS.join(",")}\r\n`)).toBe(true);

    const rows = rowsOf(res.text);
    const { rows: live } = await server.database.db.execute<{ id: number }>(
      sql`select id from toys where deleted_at is null order by id`,
    );
    expect(rows.map((row) => Number(row.id))).toEqual(live.map((row) => Number(row.id)));
    expect(rows.map((row) => row.id)).not.toContain(second.id);
    const copied = rows.find((row) => Number(row.id) === draft.id);
    expect(copied).toMatchObject({ status: "draft", categories: first.categories, features: first.features });
    const demo = rows.find((row) => row.id === first.id);
    expect(demo).toMatchObject({ inStock: expect.stringMatching(/^(true|false)$/), priceSource: expect.any(String) });
    expect(demo?.price).toMatch(/^\$\d/);
    // categories and breeds by name, the lists joined by |
    expect(rows.some((row) => row.categories?.includes("|"))).toBe(true);
    expect(rows.some((row) => row.breeds !== "")).toBe(true);

    const entries = await auditEntries("export");
    expect(entries.at(-1)).toMatchObject({ item_label: "Product catalogue (CSV)", details: { rows: rows.length } });
  });
});

describe("POST /api/admin/toys/import", () => {
  it("reads the demo catalogue's export back as no change: the next export is byte-identical", async () => {
    const exported = await exportCsv();
    const before = exported.text;
    const digest = await catalogueDigest();
    const rows = rowsOf(before).length;

    const preview = await importCsv(exported.bytes, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ create: 0, update: 0, skip: rows, errors: [] });
    expect(preview.body.rows).toHaveLength(rows);
    expect(preview.body.rows[0]).toEqual({ line: 2, action: "skip", id: expect.any(Number), name: expect.any(String) });

    const imports = (await auditEntries("import")).length;
    const applied = await importCsv(exported.bytes);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ create: 0, update: 0, skip: rows, errors: [] });
    expect(await catalogueDigest()).toBe(digest);
    // nothing was written, so nothing is logged
    expect(await auditEntries("import")).toHaveLength(imports);

    expect((await exportCsv()).bytes.equals(exported.bytes)).toBe(true);
  });

  it("updates exactly the toy whose price changed, only when applied, and visitors see it at once", async () => {
    const before = (await exportCsv()).text;
    const rows = rowsOf(before);
    const target = rows[2];
    if (!target) throw new Error("too few demo toys");
    const id = Number(target.id);
    // a visitor's read, in the read cache before the import
    expect(((await (await fetch(`${server.url}/api/toys/${id}`)).json()) as Toy).price).not.toBe("$23.40");

    const changed = fileOf(rows.map((row) => (row === target ? { ...row, price: "23.4" } : row)));
    const preview = await importCsv(changed, { dryRun: true });
    expect(preview.body).toMatchObject({ create: 0, update: 1, skip: rows.length - 1, errors: [] });
    expect(preview.body.rows[2]).toEqual({ line: 4, action: "update", id, name: target.name });
    expect((await exportCsv()).text).toBe(before);

    const applied = await importCsv(changed);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ create: 0, update: 1, skip: rows.length - 1 });
    const visitor = await fetch(`${server.url}/api/toys/${id}`);
    expect(((await visitor.json()) as Toy).price).toBe("$23.40");
    // the owner vouched for the new price: stamped as the owner's, now
    expect(await toy(id)).toMatchObject({ priceSource: "owner" });

    const after = rowsOf((await exportCsv()).text);
    expect(after).toHaveLength(rows.length);
    after.forEach((row, i) => {
      if (row.id === target.id) {
        expect(row).toEqual({ ...target, price: "$23.40", priceSource: "owner", priceConfirmedAt: expect.any(String) });
      } else {
        expect(row).toEqual(rows[i]);
      }
    });

    const [entry] = (await auditEntries("import")).slice(-1);
    expect(entry).toMatchObject({
      item_label: "Product catalogue (CSV)",
      details: { created: 0, updated: 1, unchanged: rows.length - 1 },
    });
  });

  it("adds a product for a new row, and finds a product by ASIN when the id is empty", async () => {
    const rows = rowsOf((await exportCsv()).text);
    // (the first test's duplicate shares its original's ASIN: a row without an id cannot tell them apart)
    const existing = rows.find(
      (row) => row.amazonAsin !== "" && rows.filter((other) => other.amazonAsin === row.amazonAsin).length === 1,
    );
    if (!existing) throw new Error("no demo toy with an ASIN of its own");
    const columns = ["id", "amazonAsin", "name", "description", "details", "price", "categories", "breeds", "features"];
    const text = fileOf(
      [
        {
          amazonAsin: "B0CSVNEW01",
          name: "Imported Snuffle Mat",
          description: "A snuffle mat added by a CSV import.",
          details: "Fleece strips on a rubber base, for\nsniffing out treats:\nthree lines of details.",
          price: "19",
          categories: existing.categories ?? "",
          breeds: existing.breeds ?? "",
          features: "Hide \\| seek|mental",
        },
        { ...existing, id: "", rating: "", price: "$8.75" },
      ],
      columns,
    );
    const preview = await importCsv(text, { dryRun: true });
    expect(preview.body).toMatchObject({ create: 1, update: 1, skip: 0, errors: [] });
    expect(preview.body.rows).toEqual([
      { line: 2, action: "create", name: "Imported Snuffle Mat" },
      // the details' line breaks count: the second row starts on line 5
      { line: 5, action: "update", id: Number(existing.id), name: existing.name },
    ]);

    const applied = await importCsv(text);
    expect(applied.status).toBe(200);
    const created = applied.body.rows[0];
    expect(created).toMatchObject({ action: "create", id: expect.any(Number) });
    const made = await toy(created.id);
    expect(made).toMatchObject({
      name: "Imported Snuffle Mat",
      slug: "imported-snuffle-mat",
      price: "$19.00",
      status: "published",
      features: ["Hide | seek", "mental"],
      amazonAsin: "B0CSVNEW01",
    });
    expect(made.categories.map((c) => c.name).sort()).toEqual(existing.categories?.split("|").sort());
    expect(await toy(Number(existing.id))).toMatchObject({ price: "$8.75" });
  });

  it("reports a bad row by its line and writes nothing, not even the good rows", async () => {
    const rows = rowsOf((await exportCsv()).text);
    const [first, second, third] = rows;
    if (!first || !second || !third) throw new Error("too few demo toys");
    const text = fileOf([
      { ...first, details: `${first.details}\nwith a second line` },
      { ...second, price: "" },
      { ...third, categories: "Squeaky Things", description: "A description that changed." },
    ]);
    const digest = await catalogueDigest();

    const preview = await importCsv(text, { dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      create: 0,
      update: 1,
      skip: 0,
      errors: [
        { line: 4, message: "Price is required" },
        { line: 5, message: 'Unknown category "Squeaky Things"' },
      ],
    });

    const refused = await importCsv(text);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      message: "2 rows have errors: nothing was imported. Correct them and import the file again.",
      create: 0,
      update: 1,
      errors: preview.body.errors,
    });
    expect(await catalogueDigest()).toBe(digest);
  });

  it("is the admin's alone, and refuses what is not a readable CSV file of a sensible size", async () => {
    const header = `${CATALOGUE_COLUMNS.join(",")}\r\n`;
    const digest = await catalogueDigest();
    expect((await importCsv(header, { signedIn: false })).status).toBe(401);

    const json = await fetch(`${server.url}/api/admin/toys/import`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ file: header }),
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({
      message: 'Send the CSV file as multipart/form-data, in the form field "file"',
    });

    const noFile = await importCsv(header, { field: "image" });
    expect(noFile).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^No file received/) } });
    const png = await importCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    expect(png).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^The file is not UTF-8 text/) } });
    const binary = await importCsv("id,name\r\n1,\u0000\u0001\u0002\r\n");
    expect(binary).toMatchObject({ status: 400, body: { message: "This is not a CSV file: it holds binary data" } });
    const noHeader = await importCsv("1,Rope,$5\r\n");
    expect(noHeader).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^Line 1 must name the columns/) },
    });
    const badQuery = await fetch(`${server.url}/api/admin/toys/import?dryRun=maybe`, {
      method: "POST",
      headers: { cookie },
    });
    expect(badQuery.status).toBe(400);

    const tooManyRows = await importCsv(`id,price\r\n${"1,$5\r\n".repeat(CATALOGUE_IMPORT_MAX_ROWS + 1)}`);
    expect(tooManyRows).toMatchObject({
      status: 413,
      body: { message: expect.stringMatching(/more than 20,000 products/) },
    });
    const tooLarge = await importCsv(`id,details\r\n1,"${"x".repeat(CATALOGUE_IMPORT_MAX_BYTES)}"\r\n`);
    expect(tooLarge).toMatchObject({ status: 413, body: { message: "The file is larger than 20 MB" } });

    expect(await catalogueDigest()).toBe(digest);
  });
});
