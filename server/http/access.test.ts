import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";
import { isPublicApiCall } from "./access";

// Every API route the app registers, found by walking its Express router (so a route added
// later is covered without touching this test), called anonymously: everything outside the
// public list must answer 401 and leave the data alone.

interface RouteEntry {
  method: string;
  path: string;
}

interface RouterLayer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
}

function walk(stack: RouterLayer[], prefix: string, out: RouteEntry[]): RouteEntry[] {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all") out.push({ method: method.toUpperCase(), path: `${prefix}${path}` });
        }
      }
    } else if (layer.handle.stack) {
      const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
      walk(layer.handle.stack, `${prefix}${mount}`, out);
    }
  }
  return out;
}

/** A concrete URL for a route pattern: every parameter becomes 1. */
const concrete = (path: string) => path.replace(/:\w+/g, "1").replace(/\*\w*/g, "anything");

let server: SeededTestServer;
let routes: RouteEntry[];

beforeAll(async () => {
  server = await startSeededTestServer();
  const router = (server.app as unknown as { router: { stack: RouterLayer[] } }).router;
  routes = walk(router.stack, "", []);
});
afterAll(() => server.close());

describe("the API route table", () => {
  it("is found by walking the app's router", () => {
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toContain("GET /api/toys");
    expect(names).toContain("POST /api/admin/login");
    expect(names).toContain("GET /api/admin/session");
    expect(routes.filter((r) => r.path.startsWith("/api/")).length).toBeGreaterThan(15);
  });

  it("answers 401 to every admin-only call made anonymously", async () => {
    const privateRoutes = routes.filter(
      (r) => r.path.startsWith("/api/") && !isPublicApiCall(r.method, concrete(r.path).slice("/api".length)),
    );
    expect(privateRoutes.map((r) => `${r.method} ${r.path}`)).toContain("GET /api/admin/session");
    for (const route of privateRoutes) {
      const res = await fetch(`${server.url}${concrete(route.path)}`, {
        method: route.method,
        headers: { "content-type": "application/json" },
        body: route.method === "GET" || route.method === "HEAD" ? undefined : "{}",
      });
      expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
    }
  });

  it("keeps writes admin-only by default, also for paths no router knows yet", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/posts", "/api/toys/1", "/api/breed-recommendations", "/api/upload", "/api/whatever"]) {
        const res = await fetch(`${server.url}${path}`, {
          method,
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        expect({ call: `${method} ${path}`, status: res.status }).toEqual({ call: `${method} ${path}`, status: 401 });
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
