import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";
import { openApiDocument } from "./openapi";

// Property-based fuzzing of every operation in the OpenAPI document: invalid and boundary
// inputs, with and without an admin session. Whatever arrives, the server answers below 500,
// within a few seconds, stays up, and a refused request leaves the data as it was.
//
// FUZZ_RUNS inputs per operation and session state (default: a short run inside `npm test`;
// `npm run fuzz` runs thousands); FUZZ_SEED replays a run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const REQUEST_TIMEOUT_MS = 5_000;

// What a refused request must not change. Left out, because any request may legitimately
// touch them: sessions (last seen), rate_limits (every call to a limited endpoint counts,
// failed logins too), visitor_stats / visitor_daily_hashes / affiliate_clicks (counters) and
// app_secrets (created on first use).
const CONTENT_TABLES = [
  "users",
  "breeds",
  "categories",
  "media",
  "posts",
  "toys",
  "toy_categories",
  "breed_recommendations",
  "testimonials",
  "quiz_submissions",
  "contact_messages",
  "newsletter_subscribers",
  "email_outbox",
  "newsletters",
  "newsletter_deliveries",
  "data_erasures",
  "earnings_imports",
  "earnings_rows",
];

interface OperationDoc {
  parameters?: { name: string; in: "path" | "query" }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

interface FuzzOperation {
  method: string;
  path: string;
  pathParams: string[];
  queryNames: string[];
  bodyFields: string[];
  multipart: boolean;
}

function operations(): FuzzOperation[] {
  const doc = openApiDocument() as { paths: Record<string, Record<string, OperationDoc>> };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const params = op.parameters ?? [];
      const json = op.requestBody?.content["application/json"]?.schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryNames: params.filter((p) => p.in === "query").map((p) => p.name),
        bodyFields: Object.keys(json?.properties ?? {}),
        multipart: Boolean(op.requestBody?.content["multipart/form-data"]),
      };
    }),
  );
}

/** the characters no text may hold (domain/text.ts), alone and inside ordinary text */
const CONTROL_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u001f",
  "\ufffe",
  "\uffff",
];
const controlStrings = fc
  .tuple(fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }))
  .map(([control, before, after]) => `${before}${control}${after}`);

const oddStrings = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u000b",
  "x\u001fy",
  "\u007f",
  "\ufffe",
  "tab\there\r\nnewline",
  "\ud800",
  "\udfff\ud800",
  "😀".repeat(300),
  "\u202eevil",
  "<script>alert(1)</script>",
  "' or 1=1 --",
  "%",
  "_",
  "\\",
  "../../etc/passwd",
  "x".repeat(10_000),
  "NaN",
  "Infinity",
  "-0",
  "1e309",
  "0x1F",
  "true",
  "null",
  "[]",
  "{}",
);
const oddNumbers = fc.constantFrom(
  0,
  -1,
  1.5,
  -0,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53 + 1,
  -(2 ** 53),
  1e308,
  Number.MIN_VALUE,
);
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddStrings,
  controlStrings,
  oddNumbers,
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
);
const pathValue = fc.oneof(
  fc.constantFrom(
    "0",
    "-1",
    "1",
    "2",
    "99999999999",
    "2147483648",
    "1.5",
    "1e3",
    "abc",
    "%00",
    "a%00b",
    "%0b",
    "%1F",
    "%7f",
    "%EF%BF%BE",
    "..%2f",
    "%2e%2e",
    "%ZZ",
    "%F0%9F%98%80",
    "x".repeat(3000),
  ),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.nat().map(String),
);
const queryValue = fc.oneof(
  oddStrings,
  controlStrings,
  fc.string({ maxLength: 40 }),
  oddNumbers.map(String),
  fc.nat().map(String),
);

interface Body {
  contentType?: string;
  raw?: string;
}

function bodyFor(op: FuzzOperation): fc.Arbitrary<Body> {
  const fields = op.bodyFields.length > 0 ? op.bodyFields : ["x"];
  const jsonBodies = fc.oneof(
    // the documented fields (some missing) with wrong, boundary or odd values, plus extras
    fc
      .record(Object.fromEntries(fields.map((f) => [f, oddValue])), { requiredKeys: [] })
      .chain((known) =>
        fc.dictionary(fc.string({ maxLength: 12 }), oddValue, { maxKeys: 3 }).map((extra) => ({ ...extra, ...known })),
      ),
    fc.jsonValue({ maxDepth: 3 }),
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: jsonBodies.map((value) => ({ contentType: "application/json", raw: JSON.stringify(value) })),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          "application/json",
          "application/json; charset=utf-16",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=xyz",
          "multipart/form-data",
          "image/png",
        ),
        raw: fc.oneof(
          fc.constantFrom(
            "{",
            '{"a":',
            "[1,2",
            "nul",
            '{"__proto__":{"x":1}}',
            "\u0000",
            '"\\ud800"',
            "x".repeat(120_000),
          ),
          fc.string({ maxLength: 200 }),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

function requestFor(op: FuzzOperation) {
  return fc.record({
    path: fc
      .tuple(...op.pathParams.map(() => pathValue))
      .map((values) => op.pathParams.reduce((path, name, i) => path.replace(`{${name}}`, values[i] ?? "1"), op.path)),
    query: fc.array(
      fc.tuple(fc.oneof(fc.constantFrom(...op.queryNames, "x"), fc.string({ maxLength: 8 })), queryValue),
      {
        maxLength: op.queryNames.length + 2,
      },
    ),
    body: op.method === "GET" ? fc.constant<Body>({}) : bodyFor(op),
  });
}

let server: SeededTestServer;
let cookie: string;

async function contentDigest(): Promise<string> {
  const parts = CONTENT_TABLES.map(
    (table) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t)`,
  );
  const result = await server.database.db.execute<{ digest: string }>(
    sql.raw(`select ${parts.join(" || ")} as digest`),
  );
  return result.rows[0]?.digest ?? "";
}

beforeAll(async () => {
  server = await startSeededTestServer({
    formRateLimit: { max: 1_000_000, windowMs: 60_000 },
    trackRateLimit: { max: 1_000_000, windowMs: 60_000 },
  });
  cookie = await adminCookie(server);
}, 60_000);
afterAll(() => server?.close());

describe("API fuzzing", () => {
  const ops = operations();

  it("the document lists every operation to fuzz", () => {
    expect(ops.length).toBeGreaterThan(30);
  });

  for (const signedIn of [false, true]) {
    for (const op of ops) {
      // Signing out would end the session the other signed-in runs use.
      const sessionCookie = signedIn && op.path !== "/api/admin/logout" ? cookie : undefined;
      it(`${op.method} ${op.path} ${signedIn ? "as the admin" : "anonymously"}: no 5xx, no hang, refused leaves data`, {
        timeout: 120_000 + RUNS * 2 * REQUEST_TIMEOUT_MS,
      }, async () => {
        await fc.assert(
          fc.asyncProperty(requestFor(op), async ({ path, query, body }) => {
            const url = new URL(`${server.url}${path}`);
            for (const [name, value] of query) url.searchParams.append(name, value);
            const before = op.method === "GET" ? undefined : await contentDigest();
            const headers: Record<string, string> = {};
            if (sessionCookie) headers.cookie = sessionCookie;
            if (body.contentType) headers["content-type"] = body.contentType;
            const res = await fetch(url, {
              method: op.method,
              headers,
              body: body.raw,
              signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            });
            const text = await res.text();
            expect(res.status, `${op.method} ${url.pathname}${url.search} -> ${text.slice(0, 300)}`).toBeLessThan(500);
            if (before !== undefined && res.status >= 400) {
              expect(
                await contentDigest(),
                `${op.method} ${url.pathname} answered ${res.status} but changed data`,
              ).toBe(before);
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      });
    }
  }

  // Every documented query parameter and body field holding a control character, one at a time,
  // with and without a session: refused with 400 naming the field, never a 5xx.
  it("refuses a control character in any parameter or field with a 4xx", async () => {
    for (const op of ops) {
      for (const control of CONTROL_CHARACTERS) {
        const text = `text${control}more`;
        const headers: Record<string, string> = { cookie };
        const calls: { url: URL; body?: string }[] = op.queryNames.map((name) => {
          const url = new URL(`${server.url}${op.path.replace(/\{\w+\}/g, "1")}`);
          url.searchParams.set(name, text);
          return { url };
        });
        if (op.method !== "GET" && !op.multipart) {
          for (const field of op.bodyFields) {
            calls.push({
              url: new URL(`${server.url}${op.path.replace(/\{\w+\}/g, "1")}`),
              body: JSON.stringify({ [field]: text }),
            });
          }
        }
        for (const { url, body } of calls) {
          if (body) headers["content-type"] = "application/json";
          const res = await fetch(url, { method: op.method, headers, body });
          const answer = await res.text();
          const call = `${op.method} ${url.pathname}${url.search} ${body ?? ""}`;
          expect({ call, status: res.status < 500 && res.status >= 400 }).toEqual({ call, status: true });
          if (res.status === 400 && answer.includes("control character")) expect(answer).toMatch(/"errors":\{/);
        }
      }
    }
  }, 300_000);

  it("the server is still up and healthy", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
  });
});
