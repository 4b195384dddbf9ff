import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";
import { adminOnly, isPublicApiCall } from "./access";
import { type RouteEntry, routeTable } from "./route-table";

// Every API route the app registers, found by walking its Express router (so a route added
// later is covered without touching this test), called anonymously under its own path and
// under every other spelling an attacker might try: everything outside the public list must
// answer 401 (or 404 for a spelling the site does not know), never 2xx, and never be cached.
// Every answer the walk meets carries at most one Cache-Control header (read raw: Node's
// client would join two into one).

/** A concrete URL for a route pattern: every parameter becomes 1. */
const concrete = (path: string) => path.replace(/:\w+/g, "1").replace(/\*\w*/g, "anything");

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** every Cache-Control header line, as sent */
  cacheControl: string[];
}

/**
 * An HTTP request with the path exactly as written: fetch() would resolve dot segments first.
 * Fails for an answer with more than one Cache-Control header.
 */
async function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const answer = await new Promise<RawAnswer>((resolve, reject) => {
    const length = body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };
    const req = request({ hostname, port, method, path, headers: { ...headers, ...length } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => {
        const cacheControl = res.rawHeaders.filter(
          (_, i, all) => i % 2 === 1 && /^cache-control$/i.test(all[i - 1] ?? ""),
        );
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, cacheControl });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
  expect({ call: `${method} ${path}`, cacheControl: answer.cacheControl.slice(0, 1) }).toEqual({
    call: `${method} ${path}`,
    cacheControl: answer.cacheControl,
  });
  return answer;
}

/** Other spellings of one API path: letter case, slashes, escapes and dot segments. */
function spellings(path: string): string[] {
  const rest = path.slice("/api/".length);
  const [first = "", ...others] = rest.split("/");
  const tail = others.length > 0 ? `/${others.join("/")}` : "";
  const escapeFirst = (s: string) => `%${s.charCodeAt(0).toString(16)}${s.slice(1)}`;
  const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return [
    `/api/${upperFirst(first)}${tail}`,
    `/API/${rest}`,
    `/Api/${rest}`,
    `/api/${rest.toUpperCase()}`,
    `/api/${rest}/`,
    `/api/${rest}//`,
    `/api//${rest}`,
    `//api/${rest}`,
    `/api/${first}/${tail}`,
    `/api/${escapeFirst(first)}${tail}`,
    `/%61pi/${rest}`,
    `/api/${first}${tail.replace(/\/(\w)/, (_m, c: string) => `/%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    `/api/./${rest}`,
    `/api/%2e/${rest}`,
    `/api/x/../${rest}`,
    `/api/x/%2e%2e/${rest}`,
    `/api/x/%2E%2E/${rest}`,
    `/api/${rest}/.`,
    `/api/${rest};`,
    `/api/${rest}%2f`,
    `/api%2f${rest}`,
    `/api/${rest.replace(/-/g, "%2d")}`,
  ].filter((spelling, i, all) => spelling !== path && all.indexOf(spelling) === i);
}

let server: SeededTestServer;
let routes: RouteEntry[];
let privateRoutes: RouteEntry[];

beforeAll(async () => {
  server = await startSeededTestServer();
  routes = routeTable(server.app);
  privateRoutes = routes.filter(
    (r) => r.path.startsWith("/api/") && !isPublicApiCall(r.method, concrete(r.path).slice("/api".length)),
  );
});
afterAll(() => server.close());

const bodyFor = (method: string) => (method === "GET" || method === "HEAD" ? undefined : "{}");

describe("the API route table", () => {
  it("is recorded as the app registers its routes", () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain("GET /api/toys");
    expect(names).toContain("POST /api/admin/login");
    expect(names).toContain("GET /api/admin/session");
    expect(names).toContain("GET /api/admin/quiz-submissions.csv");
    expect(routes.filter((r) => r.path.startsWith("/api/")).length).toBeGreaterThan(15);
  });

  it("puts the admin guard on every private route itself, and on no public one", () => {
    expect(privateRoutes.length).toBeGreaterThan(15);
    for (const route of routes.filter((r) => r.path.startsWith("/api/"))) {
      const guarded = route.handlers.includes(adminOnly);
      const isPrivate = privateRoutes.includes(route);
      expect({ route: `${route.method} ${route.path}`, guarded }).toEqual({
        route: `${route.method} ${route.path}`,
        guarded: isPrivate,
      });
    }
  });

  it("answers 401 to every admin-only call made anonymously, privately", async () => {
    expect(privateRoutes.map((r) => `${r.method} ${r.path}`)).toContain("GET /api/admin/session");
    for (const route of privateRoutes) {
      const res = await raw(
        server.url,
        route.method,
        concrete(route.path),
        { "content-type": "application/json" },
        bodyFor(route.method),
      );
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("never lets another spelling of an admin path through, for reads and writes", async () => {
    let tried = 0;
    for (const route of privateRoutes) {
      for (const spelling of spellings(concrete(route.path))) {
        // twice: the second answer would be the cached first one if anything stored it
        for (let attempt = 0; attempt < 2; attempt++) {
          const res = await raw(
            server.url,
            route.method,
            spelling,
            { "content-type": "application/json" },
            bodyFor(route.method),
          );
          tried += 1;
          const verdict = {
            call: `${route.method} ${spelling}`,
            // 405: a misspelt literal path (/categories/order;) reads as its sibling's id
            // (/categories/:id), which has other methods; refused before any handler runs
            refused: [400, 401, 404, 405].includes(res.status),
            cached: res.headers["x-cache"] === "hit" || res.headers["x-cache"] === "stale",
            shareable: /public|s-maxage/.test(String(res.headers["cache-control"] ?? "")),
          };
          expect(verdict).toEqual({ call: verdict.call, refused: true, cached: false, shareable: false });
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
  });

  it("answers an admin with a session under the real path only, and privately", async () => {
    const cookie = await adminCookie(server);
    const ok = await raw(server.url, "GET", "/api/admin/dashboard", { cookie });
    expect(ok.status).toBe(200);
    expect(ok.headers["cache-control"]).toBe("private, no-store");
    for (const spelling of spellings("/api/admin/dashboard")) {
      const res = await raw(server.url, "GET", spelling, { cookie });
      if (res.status === 200) {
        // only a harmless spelling (a trailing slash) may reach the handler, and privately
        expect({ spelling, cacheControl: res.headers["cache-control"] }).toEqual({
          spelling,
          cacheControl: "private, no-store",
        });
      }
    }
    // the admin's answer was not stored: anonymously the same URL is still refused
    const after = await raw(server.url, "GET", "/api/admin/dashboard");
    expect(after.status).toBe(401);
  });

  it("answers every read of the table, anonymously and signed in, with at most one Cache-Control", async () => {
    const cookie = await adminCookie(server);
    const reads = routes.filter((r) => r.method === "GET");
    expect(reads.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/toys", "/go/:toyId", "/healthz"]));
    for (const route of reads) {
      // parameters that name something, and ones that name nothing (a handler may then hand on)
      for (const path of [concrete(route.path), route.path.replace(/:\w+/g, "999999")]) {
        const asked: Record<string, string>[] = [{ accept: "text/html" }, { accept: "application/json", cookie }];
        for (const headers of asked) {
          // raw() fails for a second header
          await raw(server.url, "GET", path, headers);
        }
      }
    }
  });

  it("keeps writes admin-only by default, also for paths no router knows yet; other methods get 405 with Allow", async () => {
    const expected: Record<string, Record<string, number>> = {
      "/api/posts": { POST: 401, PUT: 405, PATCH: 405, DELETE: 405 },
      "/api/toys/1": { POST: 405, PUT: 401, PATCH: 405, DELETE: 401 },
      "/api/breed-recommendations": { POST: 401, PUT: 405, PATCH: 405, DELETE: 405 },
      "/api/upload": { POST: 401, PUT: 405, PATCH: 405, DELETE: 405 },
      "/api/whatever": { POST: 401, PUT: 401, PATCH: 401, DELETE: 401 },
    };
    for (const [path, byMethod] of Object.entries(expected)) {
      for (const [method, status] of Object.entries(byMethod)) {
        const res = await raw(server.url, method, path, { "content-type": "application/json" }, "{}");
        expect({ call: `${method} ${path}`, status: res.status }).toEqual({ call: `${method} ${path}`, status });
        if (status === 405) expect(res.headers.allow).toMatch(/^(GET, HEAD|POST)/);
      }
    }
    const read = await fetch(`${server.url}/api/admin/quiz-submissions`);
    expect(read.status).toBe(401);
    expect(await read.json()).toEqual({ message: "Please sign in as an administrator" });
  });

  it("leaves the public reads and forms open", () => {
    expect(isPublicApiCall("GET", "/toys")).toBe(true);
    expect(isPublicApiCall("GET", "/posts/featured")).toBe(true);
    expect(isPublicApiCall("POST", "/contact")).toBe(true);
    expect(isPublicApiCall("POST", "/quiz-newsletter/")).toBe(true);
    expect(isPublicApiCall("GET", "/admin")).toBe(false);
    expect(isPublicApiCall("GET", "/admin/stats")).toBe(false);
    expect(isPublicApiCall("POST", "/posts")).toBe(false);
    expect(isPublicApiCall("DELETE", "/contact")).toBe(false);
  });

  it("reads a path as strictly as the routers do or stricter", () => {
    for (const path of [
      "/Admin/dashboard",
      "/ADMIN",
      "//admin/x",
      "/%61dmin/x",
      "/x/../admin/x",
      "/./admin",
      "/admin/",
    ]) {
      expect({ path, public: isPublicApiCall("GET", path) }).toEqual({ path, public: false });
    }
    expect(isPublicApiCall("POST", "/Contact")).toBe(true);
    expect(isPublicApiCall("post", "/contact")).toBe(true);
  });
});

describe("cross-site writes", () => {
  const contact = {
    name: "Jo Smith",
    email: "jo@example.com",
    subject: "CSRF check",
    message: "Is this refused or not?",
  };
  const post = (headers: Record<string, string>) =>
    fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(contact),
    });

  it("refuses Sec-Fetch-Site: cross-site and a foreign Origin with 403", async () => {
    const refused: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
    ];
    for (const headers of refused) {
      const res = await post(headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: "Cross-site requests are not allowed" });
    }
  });

  it("lets same-origin browsers and header-less clients through", async () => {
    expect((await post({ origin: "https://www.pawsomepicks.test", "sec-fetch-site": "same-origin" })).status).toBe(202);
    expect((await post({ origin: server.url })).status).toBe(202);
    expect((await post({})).status).toBe(202);
  });
});

describe("security headers", () => {
  it("are on every API answer, with a nonce-based script policy", async () => {
    for (const path of ["/api/toys", "/api/nowhere", "/healthz"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("x-powered-by")).toBeNull();
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
        expect(csp).toContain(directive);
      }
    }
  });
});
