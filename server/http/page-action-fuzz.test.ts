import { Agent, request } from "node:http";
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "#server/logger.ts";
import { serverBuildFile } from "#server/paths.ts";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";
import { PAGE_FORM_LIMIT_BYTES } from "./page-submissions";

// Every page whose route module exports an `action` (read from the production build's route
// manifest, so a new action route is covered without touching this test), called the way a
// broken client, a scanner or an attacker would: every method, bodies that are not a form
// (none, JSON, text, bytes, broken multipart, too large), through the page's address and
// React Router's `.data` address, with and without an admin session. Whatever arrives: no 5xx,
// a 405 names what is allowed, a body that is not a form gets 415 (400 when it claims to be one
// and cannot be read, 413 when too large), a refused request leaves the data as it was, and
// nothing reaches the log at error level.
//
// The matrix always runs whole; FUZZ_RUNS random requests follow it (default: a short run inside
// `npm test`; `FUZZ_RUNS=3000 npx vitest run server/http/page-action-fuzz.test.ts` for a long
// one); FUZZ_SEED replays a run. Needs the production build (npm test builds first).
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/** a request not answered by then counts as a hang (a refusal takes milliseconds) */
const REQUEST_TIMEOUT_MS = 10_000;
/** one byte over the largest form a page takes */
const OVERSIZED_BYTES = PAGE_FORM_LIMIT_BYTES + 1;

// What a refused request must not change (the API fuzz's list, server/api/fuzz.test.ts).
const CONTENT_TABLES = [
  "users",
  "breeds",
  "categories",
  "media",
  "posts",
  "post_revisions",
  "toys",
  "toy_categories",
  "breed_recommendations",
  "testimonials",
  "quiz_submissions",
  "contact_messages",
  "newsletter_subscribers",
  "newsletter_consent_events",
  "email_outbox",
  "newsletters",
  "newsletter_deliveries",
  "data_erasures",
  "site_settings",
];

/** The URL path of every route module in the build that exports an action, with its parameters filled. */
function actionPaths(build: ServerBuild): string[] {
  const fullPath = (id: string): string => {
    const route = build.routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const paths = Object.values(build.routes)
    .filter((route) => route?.module.action !== undefined)
    .map((route) => (fullPath(route?.id ?? "").replace(/\/+/g, "/") || "/").replace(/:\w+\??/g, "1"));
  return [...new Set(paths)].sort();
}

/** The addresses a page's action answers at: the page itself and React Router's data request. */
function addressesOf(path: string): string[] {
  return [path, path === "/" ? "/_.data" : `${path}.data`];
}

/** ... and the same with the `?index` React Router adds for an index route's action. */
const withIndexQuery = (address: string) => [address, `${address}${address.includes("?") ? "&" : "?"}index`];

interface Body {
  contentType?: string;
  body?: Buffer;
}

const CRLF = "\r\n";
function multipart(boundary: string, fields: [string, string][]): Buffer {
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`,
  );
  return Buffer.from(`${parts.join("")}--${boundary}--${CRLF}`);
}
const FIELDS: [string, string][] = [
  ["intent", "delete"],
  ["id", "1"],
  ["email", "fuzz@example.com"],
];
const wellFormedMultipart = multipart("pawsome", FIELDS);

/** Bodies that are not a form, and the answer each must get to a POST. */
const NOT_A_FORM: { name: string; body: Body; status: number }[] = [
  { name: "no body", body: {}, status: 415 },
  {
    name: "JSON",
    body: { contentType: "application/json", body: Buffer.from('{"email":"a@b.example"}') },
    status: 415,
  },
  { name: "text", body: { contentType: "text/plain; charset=utf-8", body: Buffer.from("hello") }, status: 415 },
  {
    name: "bytes",
    body: { contentType: "application/octet-stream", body: Buffer.from([0, 1, 2, 255, 254, 0x1f, 0x8b]) },
    status: 415,
  },
  { name: "bytes with no type", body: { body: Buffer.from([0, 159, 146, 150]) }, status: 415 },
  {
    name: "multipart with another boundary",
    body: { contentType: "multipart/form-data; boundary=expected", body: wellFormedMultipart },
    status: 400,
  },
  {
    name: "multipart without a boundary",
    body: { contentType: "multipart/form-data", body: wellFormedMultipart },
    status: 400,
  },
  {
    name: "truncated multipart",
    body: {
      contentType: "multipart/form-data; boundary=pawsome",
      body: wellFormedMultipart.subarray(0, wellFormedMultipart.length - 30),
    },
    status: 400,
  },
  {
    name: "oversized form",
    body: {
      contentType: "application/x-www-form-urlencoded",
      body: Buffer.from(`message=${"a".repeat(OVERSIZED_BYTES - "message=".length)}`),
    },
    status: 413,
  },
];

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const isFormType = (type: string | undefined) =>
  FORM_TYPES.includes((type ?? "").split(";")[0]?.trim().toLowerCase() ?? "");

/** Methods no page has; BREW is one Node's own parser refuses before the app sees it. */
const REFUSED_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "BREW"];
/** requests sent at once (each is answered in milliseconds; this keeps the loopback busy) */
const CONCURRENCY = 4;

interface Answer {
  /** 0: no answer (the connection hung or broke) */
  status: number;
  allow?: string;
  body: string;
}

let server: SeededTestServer;
let cookie: string;
let paths: string[];
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
/** log lines at error level or above, and console.error calls (React's own reports) */
const errorLines: string[] = [];

function send(method: string, path: string, body: Body, signedIn: boolean): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  const headers: Record<string, string> = { accept: "text/html" };
  if (signedIn) headers.cookie = cookie;
  if (body.contentType) headers["content-type"] = body.contentType;
  if (body.body) headers["content-length"] = String(body.body.length);
  return new Promise((resolve) => {
    const req = request({ hostname, port, method, path, headers, agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          allow: res.headers.allow,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    req.on("timeout", () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    req.on("error", (error) => resolve({ status: 0, body: error.message }));
    req.end(body.body);
  });
}

async function contentDigest(): Promise<string> {
  const parts = CONTENT_TABLES.map(
    (table) => `(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${table} t)`,
  );
  const result = await server.database.db.execute<{ digest: string }>(
    sql.raw(`select ${parts.join(" || ")} as digest`),
  );
  return result.rows[0]?.digest ?? "";
}

/** What is wrong with an answer, or nothing. */
function problemsWith(method: string, body: Body, answer: Answer, expected?: number): string[] {
  const problems: string[] = [];
  if (answer.status === 0) problems.push(`no answer: ${answer.body}`);
  if (answer.status >= 500) problems.push(`answered ${answer.status}: ${answer.body.slice(0, 120)}`);
  if (answer.status === 405 && !answer.allow) problems.push("405 without Allow");
  // the answer says what to send instead
  if (answer.status === 415 && !answer.body.includes("application/x-www-form-urlencoded")) {
    problems.push(`415 without naming the form types: ${answer.body.slice(0, 120)}`);
  }
  if (answer.status === 405 && answer.allow && !/^GET, HEAD(, POST)?$/.test(answer.allow)) {
    problems.push(`405 with Allow: ${answer.allow}`);
  }
  if (["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"].includes(method) && answer.status !== 405) {
    problems.push(`${method} answered ${answer.status}, not 405`);
  }
  if (method === "POST") {
    if (expected !== undefined && answer.status !== expected) {
      problems.push(`answered ${answer.status}, not ${expected}`);
    }
    if (expected === undefined && !isFormType(body.contentType) && answer.status !== 415) {
      problems.push(`a ${body.contentType ?? "body without a type"} answered ${answer.status}, not 415`);
    }
  }
  return problems;
}

beforeAll(async () => {
  const logger = createLogger(
    "warn",
    new Writable({
      write(chunk, _encoding, done) {
        const line = String(chunk);
        if ((JSON.parse(line) as { level: number }).level >= 50) errorLines.push(line);
        done();
      },
    }),
  );
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errorLines.push(`console.error: ${args.map(String).join(" ").slice(0, 300)}`);
  });
  server = await startSeededTestServer({
    renderPages: true,
    logger,
    formRateLimit: { max: 1_000_000, windowMs: 60_000 },
  });
  cookie = await adminCookie(server);
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  paths = actionPaths(build);
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  agent.destroy();
  await server?.close();
});

describe("page actions", () => {
  it("are read from the build: the contact, quiz and login pages and the admin screens", () => {
    expect(paths).toEqual(expect.arrayContaining(["/contact", "/quiz", "/admin/login", "/admin/posts/1"]));
    expect(paths.length).toBeGreaterThan(20);
  });

  it("answer every method and every body that is not a form with a 4xx, never a 5xx, and change nothing", async () => {
    const problems: string[] = [];
    let total = 0;
    let failures = 0;
    let hangs = 0;
    const form: Body = { contentType: "application/x-www-form-urlencoded", body: Buffer.from("intent=delete&id=1") };
    for (const signedIn of [false, true]) {
      for (const path of paths) {
        const before = await contentDigest();
        const calls = addressesOf(path).flatMap((address) => [
          ...NOT_A_FORM.map(({ name, body, status }) => ({ method: "POST", address, body, expected: status, name })),
          // signed in, where a method would reach the admin's actions (Node's parser refuses BREW
          // itself: the random run sends it)
          ...(signedIn ? REFUSED_METHODS.filter((method) => method !== "BREW") : []).map((method) => ({
            method,
            address,
            name: "a form",
            body: method === "OPTIONS" ? {} : form,
            expected: undefined,
          })),
        ]);
        for (let i = 0; i < calls.length; i += CONCURRENCY) {
          const batch = calls.slice(i, i + CONCURRENCY);
          const answers = await Promise.all(batch.map((c) => send(c.method, c.address, c.body, signedIn)));
          batch.forEach(({ method, address, body, expected, name }, j) => {
            const answer = answers[j] ?? { status: 0, body: "" };
            total += 1;
            if (answer.status >= 500) failures += 1;
            if (answer.status === 0) hangs += 1;
            for (const problem of problemsWith(method, body, answer, expected)) {
              problems.push(`${signedIn ? "admin" : "anonymous"} ${method} ${address} (${name}): ${problem}`);
            }
          });
        }
        if ((await contentDigest()) !== before) problems.push(`${path}: refused requests changed data`);
      }
    }
    console.info(`page action matrix: ${failures} of ${total} requests answered 5xx, ${hangs} got no answer`);
    expect(problems).toEqual([]);
    expect(errorLines).toEqual([]);
  }, 300_000);

  it("answer random requests below 500, and a refused one leaves the data as it was", async () => {
    const fieldName = fc.oneof(
      fc.constantFrom("intent", "id", "email", "name", "message", "password", "token", "answers", "subject"),
      fc.string({ maxLength: 12 }),
    );
    const fieldValue = fc.oneof(
      fc.constantFrom(
        "",
        "1",
        "0",
        "-1",
        "99999999999",
        "delete",
        "move",
        "up",
        "a@b.example",
        "\u0000",
        "x".repeat(6000),
      ),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "binary", maxLength: 40 }),
    );
    const fields = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 6 });
    const body: fc.Arbitrary<Body> = fc.oneof(
      fields.map((pairs) => ({
        contentType: "application/x-www-form-urlencoded",
        body: Buffer.from(new URLSearchParams(pairs).toString()),
      })),
      fc.tuple(fields, fc.nat()).map(([pairs, cut]) => {
        const whole = multipart("fuzzboundary", pairs);
        // now and then cut short: a client that stopped half way
        return {
          contentType: "multipart/form-data; boundary=fuzzboundary",
          body: cut % 3 === 0 ? whole.subarray(0, cut % whole.length) : whole,
        };
      }),
      fc.record({
        contentType: fc.option(
          fc.oneof(
            fc.constantFrom(
              "application/json",
              "text/plain",
              "application/octet-stream",
              "application/x-www-form-urlencoded; charset=utf-16",
              "multipart/form-data; boundary=",
              "multipart/mixed; boundary=x",
              "image/png",
              "application/x-www-form-urlencoded, application/json",
            ),
            fc.string({ maxLength: 30 }).filter((type) => /^[\x20-\x7e]*$/.test(type)),
          ),
          { nil: undefined },
        ),
        body: fc.option(
          fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
          { nil: undefined },
        ),
      }),
    );
    const call = fc.record({
      path: fc.constantFrom(...paths.flatMap(addressesOf).flatMap(withIndexQuery)),
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant("POST") },
        { weight: 3, arbitrary: fc.constantFrom("GET", "HEAD", ...REFUSED_METHODS) },
      ),
      signedIn: fc.boolean(),
      body,
    });
    let total = 0;
    let failures = 0;
    await fc.assert(
      fc.asyncProperty(call, async ({ path, method, signedIn, body }) => {
        const before = method === "GET" || method === "HEAD" ? undefined : await contentDigest();
        const answer = await send(method, path, body, signedIn);
        total += 1;
        if (answer.status >= 500) failures += 1;
        expect(problemsWith(method, body, answer), `${signedIn ? "admin" : "anonymous"} ${method} ${path}`).toEqual([]);
        if (before !== undefined && answer.status >= 400) {
          expect(await contentDigest(), `${method} ${path} answered ${answer.status} but changed data`).toBe(before);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.info(`page action fuzz: ${failures} of ${total} requests answered 5xx`);
    expect(errorLines).toEqual([]);
  }, 600_000);

  it("the server is still up and healthy", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
  });
});
