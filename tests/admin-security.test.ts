import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../app/routes";
import { freePort, type Run, startProductionServer, waitForHealthy } from "./support/production-server";

// The production server's pages: every admin page of the route table (read from
// app/routes.ts, so a new admin page is covered without touching this test) sends anonymous
// visitors to the login page, and every page carries the security headers.

const PASSWORD = "correct-horse-battery";
let run: Run;
let url: string;
const scratch = mkdtempSync(join(tmpdir(), "pawsome-security-"));

function paths(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
    const here = entry.index || entry.path !== undefined ? [own || "/"] : [];
    return [...here, ...paths(entry.children ?? [], own)];
  });
}

// the pages that let the owner in: the login page and the e-mailed sign-in link's
const SIGN_IN_PAGES = ["/admin/login", "/admin/sign-in-link"];

const adminPages = paths(routeConfig)
  .filter((path) => path.startsWith("/admin") && !SIGN_IN_PAGES.includes(path))
  .map((path) => path.replace(/:\w+/g, "1").replace(/\*$/, "no-such-page"));

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  run = startProductionServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: join(scratch, "data"),
    SITE_URL: "https://www.pawsomepicks.test",
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: "warn",
  });
  await waitForHealthy(url, run);
}, 300_000);

afterAll(async () => {
  run?.child.kill("SIGTERM");
  await run?.exited;
  rmSync(scratch, { recursive: true, force: true });
});

async function signIn(): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-pawsome_session="));
  return cookie?.split(";")[0] ?? "";
}

describe("admin pages", () => {
  it("are all in the route table", () => {
    expect(adminPages).toEqual(expect.arrayContaining(["/admin", "/admin/dashboard"]));
  });

  it("redirect anonymous visitors to /admin/login before anything is rendered", async () => {
    for (const path of [...adminPages, "/admin/posts", "/admin/products/new", "/admin/quiz-submissions"]) {
      const res = await fetch(`${url}${path}`, { redirect: "manual" });
      expect({ path, status: res.status, location: res.headers.get("location") }).toEqual({
        path,
        status: 302,
        location: "/admin/login",
      });
      // the client-side navigation data request is refused the same way
      const data = await (await fetch(`${url}${path.replace(/\/$/, "")}.data`, { redirect: "manual" })).text();
      expect(data).toMatch(/^\[\["SingleFetchRedirect",1\].*"redirect","\/admin\/login"/);
    }
  });

  it("turn anonymous form posts away before any admin action runs (the layout's middleware)", async () => {
    let guarded = 0;
    for (const path of adminPages) {
      for (const target of [path, `${path.replace(/\/$/, "")}.data`]) {
        // a form no action would accept: an action that ran would answer 400, not the redirect
        const res = await fetch(`${url}${target}`, {
          method: "POST",
          // this server's own origin (React Router refuses an action whose Origin is not the request's)
          headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
          body: "intent=no-such-intent",
          redirect: "manual",
        });
        // a page without an action has no POST at all (method rules, 405 with Allow)
        if (res.status === 405) continue;
        guarded += 1;
        const body = await res.text();
        if (target.endsWith(".data")) {
          expect({ target, body }).toEqual({ target, body: expect.stringMatching(/"redirect","\/admin\/login"/) });
        } else {
          expect({ target, status: res.status, location: res.headers.get("location") }).toEqual({
            target,
            status: 302,
            location: "/admin/login",
          });
        }
      }
    }
    // the editors, the lists with bulk actions, the inbox, settings...: most admin pages have an action
    expect(guarded).toBeGreaterThanOrEqual(20);
  });

  it("open for a signed-in admin, never cached, and the login page then sends to the dashboard", async () => {
    const cookie = await signIn();
    const res = await fetch(`${url}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const login = await fetch(`${url}/admin/login`, { headers: { cookie }, redirect: "manual" });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/admin/dashboard");
    const missing = await fetch(`${url}/admin/no-such-page`, { headers: { cookie }, redirect: "manual" });
    expect(missing.status).toBe(404);
  });
});

describe("page security", () => {
  it("sends a nonce CSP that every script of the page carries, HSTS and the other headers", async () => {
    for (const path of ["/", "/products", "/quiz", "/admin/login"]) {
      const res = await fetch(`${url}${path}`);
      expect(res.status).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) {
        if (tag.includes('type="application/ld+json"')) continue;
        expect(tag).toContain(`nonce="${nonce}"`);
      }
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(res.headers.get("x-powered-by")).toBeNull();
    }
    // a fresh nonce per response
    const [a, b] = await Promise.all([fetch(url), fetch(url)]);
    expect(a.headers.get("content-security-policy")).not.toBe(b.headers.get("content-security-policy"));
  });

  it("refuses cross-site form posts to pages with 403", async () => {
    const res = await fetch(`${url}/unsubscribe?token=1.x`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(403);
  });

  it("never shows a stack trace for a broken request", async () => {
    const res = await fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{broken",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(/at \w+ \(|node_modules/);
  });
});

describe("the page cache", () => {
  /** The page's nonce, from its header and from its body: they must be the same one. */
  async function nonces(res: Response): Promise<{ header?: string; body?: string }> {
    const header = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    const body = /<script nonce="([^"]+)"/.exec(await res.text())?.[1];
    return { header, body };
  }

  it("answers an anonymous page from the cache, with a nonce of its own", async () => {
    for (const path of ["/products?page=2", "/guides?from=cache-check"]) {
      const first = await fetch(`${url}${path}`, { headers: { "accept-encoding": "gzip" } });
      expect(first.headers.get("x-cache")).toBe("miss");
      const firstNonce = await nonces(first);
      const second = await fetch(`${url}${path}`, { headers: { "accept-encoding": "gzip" } });
      expect({ path, cache: second.headers.get("x-cache") }).toEqual({ path, cache: "hit" });
      // no shared cache may keep one visitor's nonce; the server's own copies each get a new one
      expect(second.headers.get("cache-control")).toBe("private, no-cache");
      const secondNonce = await nonces(second);
      expect(secondNonce.header).toBeTruthy();
      expect(secondNonce.body).toBe(secondNonce.header);
      expect(secondNonce.header).not.toBe(firstNonce.header);
    }
  });

  it("never serves or keeps a page for the signed-in owner", async () => {
    const cookie = await signIn();
    await fetch(`${url}/guides`);
    const signedIn = await fetch(`${url}/guides`, { headers: { cookie } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const admin = await fetch(`${url}/admin/dashboard`, { headers: { cookie } });
    expect(admin.headers.get("x-cache")).toBeNull();
    expect((await fetch(`${url}/admin/dashboard`, { headers: { cookie } })).headers.get("x-cache")).toBeNull();
  });
});
