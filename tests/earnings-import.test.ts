import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UTF8_BOM } from "../domain/csv";
import type { Database } from "../server/db/client";
import { createEarningsImportService } from "../server/services/earnings-import.service";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Issue 28's report import (decision 064) against the real app and database: a report's lines
// are stored once however often the file, or an overlapping one, is imported; lines of items no
// toy has are kept and counted, and match once a toy gets the id; unreadable lines are reported
// by line; and an upload that is refused, for whatever reason, stores nothing at all.

/** Small, so that a file over it is quick to send; every report here fits. */
const MAX_BYTES = 256 * 1024;

let server: SeededTestServer;
let cookie: string;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the answers are JSON checked field by field with expect
  body: any;
}

async function answer(res: Response): Promise<Answer> {
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
  };
}

/** POST /api/admin/earnings/import with the content as the file of the field "file". */
async function importReport(
  content: string | Uint8Array,
  {
    signedIn = true,
    field = "file",
    fileName = "Fee-Earnings-2026-10.csv",
  }: { signedIn?: boolean; field?: string; fileName?: string } = {},
): Promise<Answer> {
  const form = new FormData();
  const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
  form.append(field, new Blob([new Uint8Array(bytes)], { type: "text/csv" }), fileName);
  const res = await fetch(`${server.url}/api/admin/earnings/import`, {
    method: "POST",
    headers: signedIn ? { cookie } : {},
    body: form,
  });
  return answer(res);
}

async function get(path: string): Promise<Answer> {
  return answer(await fetch(`${server.url}${path}`, { headers: { cookie } }));
}

type StoredRow = {
  id: number;
  fingerprint: string;
  kind: string;
  day: string;
  item_id: string;
  tracking_id: string;
  items: number;
  returns: number;
  revenue_cents: number;
  earnings_cents: number;
  currency: string;
  import_id: number | null;
};

async function storedRows(): Promise<StoredRow[]> {
  const { rows } = await server.database.db.execute<StoredRow>(
    sql`select id, fingerprint, kind, day::text as day, item_id, tracking_id, items, returns, revenue_cents,
          earnings_cents, currency, import_id
        from earnings_rows order by id`,
  );
  return rows;
}

/** Every row of the earnings tables: proof that a refused upload stored nothing. */
async function earningsDigest(): Promise<string> {
  const { rows } = await server.database.db.execute<{ digest: string }>(
    sql`select (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from earnings_rows t)
            || (select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from earnings_imports t) as digest`,
  );
  return rows[0]?.digest ?? "";
}

/** How many report lines were ever written (a removed one too): the rows' id sequence. */
async function linesEverWritten(): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: string }>(
    sql`select case when is_called then last_value else 0 end as n from earnings_rows_id_seq`,
  );
  return Number(rows[0]?.n ?? 0);
}

const TITLE = "Fee-Earnings reports from 10-01-2026 to 10-31-2026";
const EARNINGS_HEADER =
  "Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group";
const LINE = {
  kong: 'Pet Supplies,"KONG Classic, Large",B0002AR0II,Amazon.com,pawsome-20,2026-10-03,13.99,2,0,27.98,0.84,DESKTOP',
  ball: 'Pet Supplies,"Chuckit! Ball ""2-pack""",B001V9HJ3K,Amazon.com,pawsome-20,10/04/2026,"1,299.00",1,0,"1,299.00",38.97,PHONE',
  refund:
    "Pet Supplies,Nylabone Power Chew,B0010B6ELU,3rd Party,pawsome-post-20,10/05/2026,9.49,1,1,(9.49),(0.28),PHONE",
  squirrel: 'Pet Supplies,Hide-A-Squirrel,B0050DFR5S,Amazon.com,pawsome-20,"Oct 6, 2026",18.99,1,0,18.99,0.57,TABLET',
  rope: "Pet Supplies,Rope Tug,B07ROPE123,Amazon.com,pawsome-20,2026-10-07,9.99,1,0,9.99,0.30,PHONE",
};
const report = (...lines: string[]) => `${UTF8_BOM}${[TITLE, EARNINGS_HEADER, ...lines, ""].join("\r\n")}`;

/** A report of `count` distinct lines, the first on line 3. */
function largeReport(count: number): string {
  const lines = Array.from(
    { length: count },
    (_, i) =>
      `Pet Supplies,Toy ${i},B0LARGE${String(i % 1000).padStart(3, "0")},Amazon.com,bulk-20,2026-09-${String((i % 28) + 1).padStart(2, "0")},1.00,${Math.floor(i / 1000) + 1},0,1.00,0.03,PHONE`,
  );
  return [TITLE, EARNINGS_HEADER, ...lines, ""].join("\n");
}

beforeAll(async () => {
  server = await startSeededTestServer({ earnings: { importMaxBytes: MAX_BYTES } });
  cookie = await adminCookie(server);
}, 60_000);
afterAll(() => server?.close());

describe("POST /api/admin/earnings/import", () => {
  let firstImport: number;

  it("imports an Amazon earnings report: every line stored once, in cents, with the counts", async () => {
    const res = await importReport(report(LINE.kong, LINE.ball, LINE.refund, LINE.squirrel));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ["duplicates", "errorCount", "errors", "format", "importId", "imported", "unmatched"].sort(),
    );
    expect(res.body).toMatchObject({
      format: "amazon-earnings",
      imported: 4,
      duplicates: 0,
      unmatched: 4,
      errors: [],
    });
    firstImport = res.body.importId;
    // stored in the fingerprints' order (see the service): compared by day
    const rows = (await storedRows()).sort((a, b) => a.day.localeCompare(b.day));
    expect(rows.map(({ id: _id, fingerprint: _f, ...row }) => row)).toEqual([
      {
        kind: "earnings",
        day: "2026-10-03",
        item_id: "B0002AR0II",
        tracking_id: "pawsome-20",
        items: 2,
        returns: 0,
        revenue_cents: 2798,
        earnings_cents: 84,
        currency: "USD",
        import_id: firstImport,
      },
      expect.objectContaining({
        day: "2026-10-04",
        item_id: "B001V9HJ3K",
        revenue_cents: 129_900,
        earnings_cents: 3897,
      }),
      expect.objectContaining({ day: "2026-10-05", returns: 1, revenue_cents: -949, earnings_cents: -28 }),
      expect.objectContaining({ day: "2026-10-06", item_id: "B0050DFR5S" }),
    ]);
    expect(rows.every((row) => /^[A-Za-z0-9_-]{43}#1$/.test(row.fingerprint))).toBe(true);

    const listed = await get("/api/admin/earnings/imports");
    expect(listed.status).toBe(200);
    expect(listed.body[0]).toEqual({
      id: firstImport,
      fileName: "Fee-Earnings-2026-10.csv",
      format: "amazon-earnings",
      status: "done",
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      linesRead: 4,
      imported: 4,
      duplicates: 0,
      unmatched: 4,
      errorCount: 0,
    });
  });

  it("adds nothing when the same file comes again: every line is a duplicate", async () => {
    const before = await storedRows();
    const res = await importReport(report(LINE.kong, LINE.ball, LINE.refund, LINE.squirrel));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 0, duplicates: 4, unmatched: 4, errors: [] });
    expect(await storedRows()).toEqual(before);
  });

  it("adds only the new lines of an overlapping report, however its columns are ordered, and both of two identical lines", async () => {
    const before = await storedRows();
    // the last week again, exported as tab-separated with the columns in another order
    const columns = EARNINGS_HEADER.split(",");
    const order = [...columns.keys()].reverse();
    const tsv = (csvLine: string) => {
      const cells = csvLine.match(/("([^"]|"")*"|[^,]*)(,|$)/g)?.map((cell) => cell.replace(/,$/, "")) ?? [];
      return order.map((i) => (cells[i] ?? "").replace(/^"(.*)"$/, "$1").replace(/""/g, '"')).join("\t");
    };
    const text = [
      "Fee-Earnings reports from 10-05-2026 to 10-11-2026",
      order.map((i) => columns[i]).join("\t"),
      tsv(LINE.refund),
      tsv(LINE.squirrel),
      tsv(LINE.rope),
      tsv(LINE.rope),
      "",
    ].join("\n");
    const res = await importReport(text, { fileName: "week.tsv" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: "amazon-earnings", imported: 2, duplicates: 2, errors: [] });
    const after = await storedRows();
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.slice(before.length);
    expect(added.map((row) => [row.item_id, row.fingerprint.slice(-2), row.import_id])).toEqual([
      ["B07ROPE123", "#1", res.body.importId],
      ["B07ROPE123", "#2", res.body.importId],
    ]);
  });

  it("counts lines of items no toy has, keeps them, and matches them once a toy gets the id (a toy in the trash too)", async () => {
    const [first, second] = (
      await server.database.db.execute<{ id: number }>(sql`select id from toys order by id limit 2`)
    ).rows;
    if (!first || !second) throw new Error("the demo catalogue is empty");
    const before = await storedRows();
    // as an owner types it: lower case, a space too many
    await server.database.db.execute(sql`update toys set amazon_asin = ' b0002ar0ii ' where id = ${first.id}`);
    await server.database.db.execute(
      sql`update toys set retailer_item_id = 'B07ROPE123', deleted_at = now() where id = ${second.id}`,
    );
    const res = await importReport(report(LINE.kong, LINE.ball, LINE.refund, LINE.squirrel, LINE.rope, LINE.rope));
    expect(res.body).toMatchObject({ imported: 0, duplicates: 6, unmatched: 3 });
    // the lines are the ones stored before: same rows, same import
    expect(await storedRows()).toEqual(before);

    const generic = [
      "date,item_id,item name,quantity,revenue,commission,currency,tracking_id",
      "2026-10-03,SKU-1,Rope,1,24.00,2.40,EUR,chewy-1",
      "2026-10-03,B07ROPE123,Rope,1,24.00,2.40,EUR,chewy-1",
      "",
    ].join("\r\n");
    const genericRes = await importReport(generic, { fileName: "other-programme.csv" });
    expect(genericRes.body).toMatchObject({ format: "generic", imported: 2, duplicates: 0, unmatched: 1 });
  });

  it("reports unreadable lines by their line number, stores the others, and keeps the errors with the import", async () => {
    const text = report(
      'Pet Supplies,"A name over\ntwo lines",B0ERR00001,Amazon.com,pawsome-20,2026-10-08,1.00,1,0,1.00,0.03,PHONE',
      "Pet Supplies,Bad date,B0ERR00002,Amazon.com,pawsome-20,13/45/2026,1.00,1,0,1.00,0.03,PHONE",
      "Pet Supplies,Bad amount,B0ERR00003,Amazon.com,pawsome-20,2026-10-08,1.00,1,0,lots,0.03,PHONE",
      "Total,,,,,,,2,0,2.00,0.06,",
      "Pet Supplies,Fine,B0ERR00004,Amazon.com,pawsome-20,2026-10-08,1.00,1,0,1.00,0.03,PHONE",
    );
    const res = await importReport(text);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      imported: 2,
      duplicates: 0,
      errors: [
        { line: 5, message: 'Line 5: the date "13/45/2026" is not a date' },
        { line: 6, message: 'Line 6: "lots" in "Revenue($)" is not an amount' },
      ],
    });
    const one = await get(`/api/admin/earnings/imports/${res.body.importId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: res.body.importId,
      status: "done",
      linesRead: 4,
      imported: 2,
      errorCount: 2,
      errors: res.body.errors,
    });
  });

  it('reads a tab-separated orders report saved as UTF-16 (a spreadsheet\'s "Unicode text")', async () => {
    const text = [
      "Fee-Orders reports from 10-01-2026 to 10-31-2026",
      "Category\tName\tASIN\tDate\tQty\tPrice($)\tLink Type\tTag\tDevice Type Group",
      "Pet Supplies\tKONG Classic\tB0002AR0II\t10/03/2026\t3\t13.99\tText\tpawsome-20\tDESKTOP",
      "",
    ].join("\r\n");
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    const res = await importReport(bytes, { fileName: "orders.txt" });
    expect(res.body).toMatchObject({ format: "amazon-orders", imported: 1, unmatched: 0, errors: [] });
    const last = (await storedRows()).at(-1);
    expect(last).toMatchObject({ kind: "orders", items: 3, revenue_cents: 4197, earnings_cents: 0 });
  });

  it("stores each line once when two overlapping reports are imported at the same time", async () => {
    const line = (i: number) =>
      `Pet Supplies,Toy ${i},B0CONC${String(i).padStart(4, "0")},Amazon.com,pawsome-20,2026-08-01,1.00,1,0,1.00,0.03,PHONE`;
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => line(from + k));
    // 1,000 lines in both, the second file holding them in the opposite order
    const one = report(...range(0, 1_500));
    const two = report(...range(500, 1_500).reverse(), ...range(1_500, 2_000));
    const before = (await storedRows()).length;
    const [a, b] = await Promise.all([importReport(one), importReport(two)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.imported + b.body.imported).toBe(2_000);
    expect(a.body.duplicates + b.body.duplicates).toBe(1_000);
    expect((await storedRows()).length - before).toBe(2_000);
  });

  it("records each import in the activity log", async () => {
    const { rows } = await server.database.db.execute<{
      item_kind: string;
      item_id: number;
      item_label: string;
      details: Record<string, unknown>;
    }>(sql`select item_kind, item_id, item_label, details from audit_log where action = 'import' order by id`);
    const earnings = rows.filter((row) => row.item_kind === "earnings");
    expect(earnings[0]).toEqual({
      item_kind: "earnings",
      item_id: firstImport,
      item_label: "Fee-Earnings-2026-10.csv",
      details: { format: "amazon-earnings", imported: 4, duplicates: 0, unmatched: 4, errors: 0 },
    });
    expect(earnings.map((row) => row.item_label)).toContain("week.tsv");
  });
});

describe("a refused import stores nothing", () => {
  it("a file without a recognisable header row: 400 saying what was expected", async () => {
    const before = await earningsDigest();
    const res = await importReport("Name,Price\nRope,12.00\n");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^No header row found: .*Amazon Associates earnings or orders report/);
    const near = await importReport(`${TITLE}\nCategory,Name,ASIN,Date Shipped,Items Shipped,Revenue($)\n`);
    expect(near).toMatchObject({
      status: 400,
      body: {
        message: expect.stringMatching(
          /^Line 2 looks like the header row of an Amazon earnings report, but it has no "Ad Fees\(\$\)" column/,
        ),
      },
    });
    expect(await earningsDigest()).toBe(before);
  });

  it("no file, an empty one, another field, a body that is not multipart: 4xx", async () => {
    const before = await earningsDigest();
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/admin/earnings/import`, { method: "POST", headers: { cookie, ...headers }, body }).then(
        answer,
      );
    const fieldsOnly = new FormData();
    fieldsOnly.append("note", "no file here");
    expect(await post(fieldsOnly)).toMatchObject({
      status: 400,
      body: { message: 'No file received: send the report in the form field "file"' },
    });
    expect((await importReport("")).status).toBe(400);
    expect((await importReport(report(LINE.kong), { field: "report" })).status).toBe(400);
    expect(
      await post(JSON.stringify({ file: report(LINE.kong) }), { "content-type": "application/json" }),
    ).toMatchObject({
      status: 415,
      body: { message: 'Send the report as multipart/form-data, in the form field "file"' },
    });
    expect((await post(report(LINE.kong), { "content-type": "text/csv" })).status).toBe(415);
    expect((await post("--x\r\nbroken", { "content-type": "multipart/form-data" })).status).toBe(400);
    expect(
      (
        await post(`--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${report(LINE.rope)}`, {
          "content-type": "multipart/form-data; boundary=x",
        })
      ).status,
    ).toBe(400);
    expect(await earningsDigest()).toBe(before);
  });

  it("a second file: 400, and what was written of the first is removed", async () => {
    const before = await earningsDigest();
    const written = await linesEverWritten();
    const form = new FormData();
    // short lines, many batches: the first ones are written long before the reading gets near the second file
    const short = Array.from({ length: 8_000 }, (_, i) => `2026-09-01,S${i},1,1.00,0.03`);
    const first = ["date,item id,quantity,revenue,commission", ...short, ""].join("\n");
    expect(first.length).toBeLessThan(MAX_BYTES);
    form.append("file", new Blob([first], { type: "text/csv" }), "one.csv");
    form.append("file", new Blob([report(LINE.kong)], { type: "text/csv" }), "two.csv");
    const res = await answer(
      await fetch(`${server.url}/api/admin/earnings/import`, { method: "POST", headers: { cookie }, body: form }),
    );
    expect(res).toMatchObject({ status: 400, body: { message: "Please import one report at a time" } });
    // a batch of it had been written, and is gone
    expect(await linesEverWritten()).toBeGreaterThanOrEqual(written + 1_000);
    expect(await earningsDigest()).toBe(before);
  });

  it("a file over the limit: 413, before reading it when its size is announced, else once it goes over", async () => {
    const before = await earningsDigest();
    const big = largeReport(4_000);
    expect(big.length).toBeGreaterThan(MAX_BYTES);
    expect(await importReport(big)).toMatchObject({
      status: 413,
      body: { message: "The file is larger than 256.0 KB" },
    });

    // sent in pieces without a length: read, and written in batches, until it goes over
    const written = await linesEverWritten();
    const boundary = "earnings-boundary";
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ...(big.match(/[\s\S]{1,16384}/g) ?? []),
      `\r\n--${boundary}--\r\n`,
    ];
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts.shift();
        if (part === undefined) controller.close();
        else controller.enqueue(encoder.encode(part));
      },
    });
    const res = await answer(
      await fetch(`${server.url}/api/admin/earnings/import`, {
        method: "POST",
        headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(res).toMatchObject({ status: 413, body: { message: "The file is larger than 256.0 KB" } });
    expect(await linesEverWritten()).toBeGreaterThanOrEqual(written + 1_000);
    expect(await earningsDigest()).toBe(before);
  });

  it("without an admin session: 401, for the import and the reads", async () => {
    const before = await earningsDigest();
    expect((await importReport(report(LINE.kong), { signedIn: false })).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/earnings/imports`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/earnings/imports/1`)).status).toBe(401);
    expect(await earningsDigest()).toBe(before);
  });
});

describe("an import that fails on our side", () => {
  it("is marked failed with the reason; its batches stay, and importing the file again adds only the rest", async () => {
    const text = largeReport(2_500).replace(/bulk-20/g, "fail-20");
    // the database fails on the import's second batch
    let batches = 0;
    const failing = new Proxy(server.database.db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (query: Parameters<Database["execute"]>[0]) => {
          batches += 1;
          if (batches === 2) return Promise.reject(new Error("connection lost"));
          return target.execute(query);
        };
      },
    });
    const service = createEarningsImportService(failing, { maxFileBytes: MAX_BYTES });
    await expect(service.importReport(Readable.from([Buffer.from(text)]), { fileName: "fails.csv" })).rejects.toThrow(
      "connection lost",
    );
    const [failed] = await service.listImports();
    expect(failed).toMatchObject({ fileName: "fails.csv", status: "failed", imported: 1_000, linesRead: 2_500 });
    const detail = await service.getImport(failed?.id ?? 0);
    expect(detail?.errors).toEqual([
      {
        line: 0,
        message:
          "The import stopped on a server error after 1,000 lines; the lines stored so far stay, and importing the file again adds only the rest",
      },
    ]);

    const again = await importReport(text);
    expect(again.body).toMatchObject({ imported: 1_500, duplicates: 1_000 });
  });
});

describe("GET /api/admin/earnings/imports/{id}", () => {
  it("answers 404 for an import that is not there and 400 for what is no id", async () => {
    expect((await get("/api/admin/earnings/imports/999999")).status).toBe(404);
    expect((await get("/api/admin/earnings/imports/abc")).status).toBe(400);
  });

  it("is never kept by a cache", async () => {
    const res = await fetch(`${server.url}/api/admin/earnings/imports`, { headers: { cookie } });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("a report from a page's form (a file already in memory)", () => {
  it("is read in pieces: the site answers between batches, and the progress is there to be asked for", async () => {
    const lines = [HEADER_FOR_BLOB];
    for (let i = 0; i < 10_000; i++) {
      lines.push(
        `Pet Supplies,"Blob Item ${i}",B0BLOB${String(i).padStart(4, "0")},Amazon.com,blob-20,10-02-2026,"9.99",1,0,"9.99",0.40,DESKTOP`,
      );
    }
    const blob = new Blob([lines.join("\n")], { type: "text/csv" });
    // a timer stands for every other request: it only runs when the import lets the event loop go
    let ticks = 0;
    const seen: number[] = [];
    const ticker = setInterval(() => {
      ticks++;
    }, 0);
    const watching = (async () => {
      for (;;) {
        const [latest] = await server.services.earningsImport.listImports();
        if (latest?.fileName === "blob.csv") {
          seen.push(latest.linesRead);
          if (latest.status !== "running") return;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const outcome = await server.services.earningsImport.importReport(blob, { fileName: "blob.csv" });
    clearInterval(ticker);
    await watching;
    expect(outcome.ok && outcome.report.imported).toBe(10_000);
    expect(ticks).toBeGreaterThanOrEqual(5);
    // the import was seen part way: fewer lines than the file's
    expect(seen.some((read) => read > 0 && read < 10_000)).toBe(true);
  });
});

const HEADER_FOR_BLOB =
  "Category,Name,ASIN,Seller,Tracking ID,Date Shipped,Price($),Items Shipped,Returns,Revenue($),Ad Fees($),Device Type Group";
