import { request } from "node:http";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import {
  adminCookie,
  type SeededTestServer,
  startSeededTestServer,
  TEST_SITE_URL,
} from "../../tests/support/test-server";
import { loggableError } from "./errors";
import { loggableUrl } from "./request-log";

// Input an attacker or a broken client sends: control characters in every kind of text, methods
// a path does not have, ids past the database's range, foreign Host names. Each gets a clear
// 4xx, leaves the data as it was, and nothing personal reaches the log.

let server: SeededTestServer;
let cookie: string;

beforeAll(async () => {
  server = await startSeededTestServer({
    allowedHosts: { extra: ["pawsomepicks.example:8443"] },
    trustProxy: "loopback",
    formRateLimit: { max: 10_000, windowMs: 60_000 },
  });
  cookie = await adminCookie(server);
});
afterAll(() => server.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the path and headers exactly as written (fetch() would normalise them). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.url);
  const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers: { ...headers, ...length } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const json = (value: unknown) => JSON.stringify(value);
async function count(table: string): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return Number(rows[0]?.n ?? 0);
}

describe("control characters", () => {
  it("in a query string: 400 naming the parameter, for the API and pages alike", async () => {
    for (const path of [
      "/api/toys?search=%00",
      "/api/toys?search=a%00b",
      "/api/toys?search=%0B",
      "/api/quiz-recommendations?dogSize=small%00",
      "/products?search=%00",
      "/api/admin/quiz-submissions?search=%00",
    ]) {
      const res = await raw("GET", path, { cookie, accept: "application/json" });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(JSON.parse(res.body).errors).toBeDefined();
    }
  });

  it("in a path: 400, never a 5xx", async () => {
    for (const path of ["/reviews/%00", "/guides/%00", "/api/posts/%00", "/api/toys/1%00", "/guides/a%1fb", "/x%7f"]) {
      const res = await raw("GET", path);
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
  });

  it("in any contact field: 400 under that field, nothing stored, and the visitor's text not in the log", async () => {
    const valid = {
      name: "Jo Smith",
      email: "jo@example.com",
      subject: "Hello there",
      message: "A message long enough.",
    };
    const before = await count("contact_messages");
    for (const field of Object.keys(valid) as (keyof typeof valid)[]) {
      const res = await raw(
        "POST",
        "/api/contact",
        { "content-type": "application/json" },
        json({ ...valid, [field]: `${valid[field]}\u0000` }),
      );
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(Object.keys(JSON.parse(res.body).errors)).toEqual([field]);
    }
    expect(await count("contact_messages")).toBe(before);
  });

  it("in the login user name or password, and in every admin post and product text: 400", async () => {
    for (const body of [{ username: "ad\u0000min", password: "whatever-password" }, { password: "pass\u0000word" }]) {
      const res = await raw("POST", "/api/admin/login", { "content-type": "application/json" }, json(body));
      expect(res.status).toBe(400);
    }
    const posts = await count("posts");
    const post = {
      title: "A post title",
      slug: "a-post-slug",
      excerpt: "An excerpt.",
      content: "Some content.",
      category: "Toys",
      type: "guide",
      publishedAt: "2026-11-01T12:00:00.000Z",
    };
    for (const field of ["title", "excerpt", "content", "category"] as const) {
      for (const control of ["\u0000", "\u000b"]) {
        const res = await raw(
          "POST",
          "/api/posts",
          { "content-type": "application/json", cookie },
          json({ ...post, [field]: `${post[field]}${control}` }),
        );
        expect({ field, status: res.status }).toEqual({ field, status: 400 });
        expect(JSON.parse(res.body).errors[field]).toEqual(["Remove the invisible control character from this text"]);
      }
    }
    expect(await count("posts")).toBe(posts);
    const toys = await count("toys");
    for (const field of ["name", "description", "details", "price", "amazonUrl", "material"]) {
      const res = await raw(
        "POST",
        "/api/toys",
        { "content-type": "application/json", cookie },
        json({ [field]: "x\u0000" }),
      );
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
    }
    const nested = await raw(
      "PUT",
      "/api/toys/1",
      { "content-type": "application/json", cookie },
      json({ name: "Toy", breedRecommendations: [{ breedId: 1, note: "good\u0000" }] }),
    );
    expect(nested.status).toBe(400);
    expect(JSON.parse(nested.body).errors).toHaveProperty(["breedRecommendations.0.note"]);
    expect(await count("toys")).toBe(toys);
  });
});

describe("methods", () => {
  it("TRACE and other unknown methods get 405 with Allow, never a 5xx", async () => {
    for (const path of ["/", "/products", "/api/toys", "/api/admin/dashboard", "/healthz", "/go/1"]) {
      for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
        const res = await raw(method, path);
        expect({ call: `${method} ${path}`, status: res.status }).toEqual({ call: `${method} ${path}`, status: 405 });
        expect(res.headers.allow).toMatch(/^GET, HEAD/);
      }
    }
  });

  it("a method an existing path does not have gets 405 with the methods it has", async () => {
    const cases: [string, string, string][] = [
      ["DELETE", "/api/breeds", "GET, HEAD, POST"],
      ["POST", "/api/testimonials", "GET, HEAD"],
      ["PUT", "/api/posts", "GET, HEAD, POST"],
      ["GET", "/api/admin/login", "POST"],
      ["DELETE", "/api/contact", "POST"],
      ["POST", "/healthz", "GET, HEAD"],
      ["POST", "/sitemap.xml", "GET, HEAD"],
      ["DELETE", "/robots.txt", "GET, HEAD"],
      ["PUT", "/go/1", "GET, HEAD"],
      ["POST", "/uploads/abc.webp", "GET, HEAD"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await raw(method, path, { cookie, "content-type": "application/json" }, "{}");
      expect({ call: `${method} ${path}`, status: res.status, allow: res.headers.allow }).toEqual({
        call: `${method} ${path}`,
        status: 405,
        allow,
      });
    }
  });
});

describe("ids", () => {
  it("past the integer range or malformed: 400 (API) or 404, never a 5xx", async () => {
    const cases: [string, string, number][] = [
      ["GET", "/api/toys/2147483648", 400],
      ["GET", "/api/toys/99999999999999999999", 400],
      ["GET", "/api/toys/0", 400],
      ["GET", "/api/toys/01", 400],
      ["GET", "/api/toys/2147483648/categories", 400],
      ["GET", "/api/recommendations/99999999999", 400],
      ["GET", "/api/posts/99999999999", 404],
      ["PATCH", "/api/posts/99999999999", 400],
      ["DELETE", "/api/posts/2147483648", 400],
      ["PUT", "/api/toys/2147483648", 400],
      ["DELETE", "/api/breed-recommendations/2147483648", 400],
      ["GET", "/go/99999999999", 404],
      ["GET", "/go/2147483648", 404],
    ];
    for (const [method, path, status] of cases) {
      const res = await raw(
        method,
        path,
        { cookie, "content-type": "application/json", accept: "application/json" },
        "{}",
      );
      expect({ call: `${method} ${path}`, status: res.status }).toEqual({ call: `${method} ${path}`, status });
    }
  });
});

describe("Host names", () => {
  it("with SITE_URL set, another Host is refused (DNS rebinding); the site's own, extra and loopback names pass", async () => {
    const own = new URL(TEST_SITE_URL).host;
    for (const host of [
      own,
      own.toUpperCase(),
      `${own}:443`,
      "pawsomepicks.example:8443",
      "localhost:3000",
      "127.0.0.1",
    ]) {
      const res = await raw("GET", "/api/breeds", { host });
      expect({ host, status: res.status }).toEqual({ host, status: 200 });
    }
    for (const host of ["evil.example", "evil.example:3000", `${own}.evil.example`, "pawsomepicks.example"]) {
      const res = await raw("GET", "/api/breeds", { host });
      expect({ host, status: res.status }).toEqual({ host, status: 421 });
      const write = await raw("POST", "/api/contact", { host, "content-type": "application/json" }, "{}");
      expect(write.status).toBe(421);
    }
    // from a trusted proxy, the forwarded host must pass the same test
    const forwarded = await raw("GET", "/api/breeds", { host: own, "x-forwarded-host": "evil.example" });
    expect(forwarded.status).toBe(421);
    // health checks from a load balancer use whatever name it has
    expect((await raw("GET", "/healthz", { host: "10.0.0.7:3000" })).status).toBe(200);
  });
});

describe("logs", () => {
  it("leave out search terms, tokens and every other query value that may be personal", () => {
    expect(loggableUrl("/api/admin/quiz-submissions?search=jo%40example.com&page=2")).toBe(
      "/api/admin/quiz-submissions?search=_&page=2",
    );
    expect(loggableUrl("/unsubscribe?token=abc.def")).toBe("/unsubscribe?token=_");
    expect(loggableUrl("/products?category=3&sort=price-asc&search=rope")).toBe(
      "/products?category=3&sort=price-asc&search=_",
    );
    expect(loggableUrl("/go/4?from=home")).toBe("/go/4?from=home");
  });

  it("carry an error's kind and code but never a failed query's parameters or a row's values", async () => {
    const lines: string[] = [];
    const logger = createLogger(
      "info",
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: "23505",
      detail: "Key (email)=(jo@example.com) already exists.",
    });
    const failure = Object.assign(
      new Error("Failed query: insert into contact_messages values ($1, $2)\nparams: Jo Smith,jo@example.com"),
      { cause, params: ["Jo Smith", "jo@example.com"] },
    );
    logger.error({ err: failure }, "unhandled error");
    logger.error({ err: loggableError(failure) }, "unhandled error");
    const text = lines.join("");
    expect(lines).toHaveLength(2);
    expect(text).toContain("Failed query: insert into contact_messages");
    expect(text).toContain("23505");
    expect(text).not.toContain("jo@example.com");
    expect(text).not.toContain("Jo Smith");
  });
});
