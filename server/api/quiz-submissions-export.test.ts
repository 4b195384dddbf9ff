import { get as httpGet } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { adminCookie, startTestServer, type TestServer } from "../../tests/support/test-server";

// The owner's quiz submissions: paged list and the streamed CSV export (RFC 4180, safe to open
// in a spreadsheet), including an export of a very large table with flat memory.

let database: DatabaseHandle;
let server: TestServer;
let cookie: string;

const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database);
  cookie = await adminCookie(server);
});
afterAll(async () => {
  await server.close();
  await database.close();
});

describe("quiz submissions export", () => {
  it("writes the spec's columns, Yes/No, '-' for empty values, quoting and formula neutralising, byte for byte", async () => {
    await database.db.execute(sql`insert into quiz_submissions
      (email, dog_size, dog_age, chew_style, play_style, toy_purpose, has_consented, created_at) values
      ('plain@example.com', 'small', 'puppy', 'gentle', 'solo', 'mental', true, '2026-03-01T23:30:00Z'),
      ('comma,quote"@example.com', 'large', 'adult', 'aggressive', 'both', 'physical', false, '2026-03-02T10:00:00Z'),
      ('=HYPERLINK("http://evil")@x.com', '+1', '-', '@sum', ${"\tx"}, ${"line\nbreak"}, true, '2026-03-03T10:00:00Z'),
      ('empty@example.com', '', '', '', '', '', false, '2026-03-04T10:00:00Z')`);

    const res = await get("/api/admin/quiz-submissions.csv?locale=en-US&timeZone=America/New_York");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="quiz_submissions.csv"');
    expect(await res.text()).toBe(
      [
        "Date,Email,Dog Size,Dog Age,Chew Style,Play Style,Toy Purpose,Email Consent",
        "3/4/2026,empty@example.com,-,-,-,-,-,No",
        `3/3/2026,"'=HYPERLINK(""http://evil"")@x.com",'+1,-,'@sum,'\tx,"line\nbreak",Yes`,
        `3/2/2026,"comma,quote""@example.com",large,adult,aggressive,both,physical,No`,
        "3/1/2026,plain@example.com,small,puppy,gentle,solo,mental,Yes",
        "",
      ].join("\r\n"),
    );

    // the browser's locale and time zone decide the date text
    const german = await (await get("/api/admin/quiz-submissions.csv?locale=de-DE&timeZone=Europe/Berlin")).text();
    expect(german.split("\r\n")[4]).toMatch(/^2\.3\.2026,plain@example\.com/);
    // an unknown time zone falls back to UTC instead of failing
    expect((await get("/api/admin/quiz-submissions.csv?timeZone=Mars/Olympus")).status).toBe(200);
    expect((await fetch(`${server.url}/api/admin/quiz-submissions.csv`)).status).toBe(401);
  });

  it("lists submissions newest first, 50 a page, searchable by e-mail, with the spec's fields", async () => {
    const res = await get("/api/admin/quiz-submissions?search=EXAMPLE.com");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("3");
    const items = await res.json();
    expect(Object.keys(items[0]).sort()).toEqual(
      ["chewStyle", "createdAt", "dogAge", "dogSize", "email", "hasConsented", "id", "playStyle", "toyPurpose"].sort(),
    );
    expect(items.map((i: { email: string }) => i.email)).toEqual([
      "empty@example.com",
      'comma,quote"@example.com',
      "plain@example.com",
    ]);
    expect((await get("/api/admin/quiz-submissions?page=0")).status).toBe(400);
    expect((await get("/api/admin/quiz-submissions?search=%25")).headers.get("x-total-count")).toBe("0");
  });

  it("keeps rows whose times differ only in microseconds across a batch boundary", async () => {
    // 2,010 rows a microsecond apart: the batch of 2,000 ends inside a millisecond, and a keyset that went
    // through a JavaScript Date (milliseconds) would skip the rest of that millisecond.
    await database.db.execute(sql`insert into quiz_submissions
      (email, dog_size, dog_age, chew_style, play_style, toy_purpose, has_consented, created_at)
      select 'micro' || i || '@example.com', 'small', 'adult', 'gentle', 'solo', 'mental', false,
             timestamptz '2030-01-01 00:00:00.123' + i * interval '1 microsecond'
      from generate_series(1, 2010) as i`);
    const csv = await (await get("/api/admin/quiz-submissions.csv")).text();
    const micro = csv.split("\r\n").filter((line) => /,micro\d+@example\.com,/.test(line));
    expect(micro).toHaveLength(2010);
    await database.db.execute(sql`delete from quiz_submissions where email like 'micro%@example.com'`);
  });

  it("is sent gzip-compressed when the browser accepts it, plain otherwise, with the same rows", async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        httpGet(
          `${server.url}/api/admin/quiz-submissions.csv`,
          { headers: { cookie, "accept-encoding": encoding } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (chunk: Buffer) => chunks.push(chunk));
            res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
          },
        ).on("error", reject);
      });
    const zipped = await raw("gzip, deflate, br");
    const plain = await raw("identity");
    expect(zipped.encoding).toBe("gzip");
    expect(plain.encoding).toBeUndefined();
    expect(gunzipSync(zipped.body).toString("utf8")).toBe(plain.body.toString("utf8"));
    expect(plain.body.toString("utf8")).toMatch(/^Date,Email,/);
  });

  it("streams a very large export with flat memory", { timeout: 300_000 }, async () => {
    const rows = process.env.TEST_DATABASE_URL ? 1_000_000 : 100_000;
    await database.db.execute(sql`insert into quiz_submissions
      (email, dog_size, dog_age, chew_style, play_style, toy_purpose, has_consented, created_at)
      select 'owner' || n || '@example.com', 'medium', 'adult', 'moderate', 'both', 'both', n % 2 = 0,
             timestamptz '2026-01-01' + n * interval '1 second'
      from generate_series(1, ${rows}) as n`);
    // What the export keeps, not RSS: RSS follows when the collector happens to run (the same
    // streaming export grew this process's RSS by 70 MB on one machine and 121 MB on another).
    // A full collection every few megabytes leaves only what is really held: a batch of rows,
    // a chunk of CSV and any response data written without waiting for the socket to drain.
    // Reading slowly here also tests that back-pressure: an export that kept writing would pile up.
    const collect = fullCollector();
    const retained = () => {
      collect();
      const { heapUsed, external } = process.memoryUsage();
      return heapUsed + external;
    };
    const baseline = retained();
    let peak = baseline;
    const started = Date.now();
    const res = await get("/api/admin/quiz-submissions.csv");
    let lines = 0;
    let bytes = 0;
    let nextSample = 0;
    // Counted on the bytes (a UTF-8 newline is always the byte 0x0A), so that decoding 70 MB
    // into strings makes no garbage of its own.
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) lines++;
      if (bytes >= nextSample) {
        peak = Math.max(peak, retained());
        nextSample = bytes + SAMPLE_EVERY_BYTES;
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const growthMb = (peak - baseline) / 1024 / 1024;
    console.log(
      `export of ${rows} rows: ${seconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(0)} MB, most retained ${growthMb.toFixed(1)} MB above the start`,
    );
    // the header, the four fixture rows (one holds a quoted line break) and the generated rows
    expect(lines).toBe(1 + 4 + 1 + rows);
    // The whole answer is 7 MB (PGlite run) or 70 MB (PostgreSQL run); an export that held the
    // rows or its output would keep far more than this.
    expect(growthMb).toBeLessThan(25);
  });
});

const SAMPLE_EVERY_BYTES = 2 * 1024 * 1024;

/** V8's full garbage collection, exposed at run time (Vitest's workers start without --expose-gc). */
function fullCollector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}
