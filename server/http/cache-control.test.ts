import type { IncomingMessage } from "node:http";
import { request } from "node:http";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";
import { decidedCacheControl } from "./private-answers";
import { routeTable } from "./route-table";

// One Cache-Control per answer (issue 26): /go for a toy that is gone handed the request on to
// the site's 404 page with its own header already set, and the page added a second. Against
// the real pages (`npm run build` first), since React Router's adapter is what appends; the
// headers are read raw, as fetch() would join two into one.

let server: SeededTestServer;
let cookie: string;

interface RawAnswer {
  status: number;
  location: string | undefined;
  /** every Cache-Control header line of the answer, as sent */
  cacheControl: string[];
}

function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers }, (res: IncomingMessage) => {
      res.resume();
      res.on("end", () => {
        const cacheControl: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (res.rawHeaders[i]?.toLowerCase() === "cache-control") cacheControl.push(res.rawHeaders[i + 1] ?? "");
        }
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, cacheControl });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

async function adminCall(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

let unique = 0;
async function newToy(): Promise<number> {
  unique += 1;
  const toy = await adminCall("POST", "/api/toys", {
    name: `Go Link Rope ${unique}`,
    description: "A braided rope for tug of war.",
    details: "Triple-braided cotton rope with two knots and a handle loop for safe tugging.",
    price: "$14.99",
    rating: "4.6",
    amazonUrl: `https://www.amazon.com/dp/B000GOLNK${unique}`,
  });
  return toy.id as number;
}

beforeAll(async () => {
  server = await startSeededTestServer({ renderPages: true });
  cookie = await adminCookie(server);
}, 60_000);
afterAll(() => server?.close());

describe("the Cache-Control of an answer given several", () => {
  it("is the most cautious of them, the later of two as cautious", () => {
    expect(decidedCacheControl(["no-store", "private, no-cache"])).toBe("no-store");
    expect(decidedCacheControl(["private, no-cache", "no-store"])).toBe("no-store");
    expect(decidedCacheControl(["public, max-age=300", "private, no-cache"])).toBe("private, no-cache");
    expect(decidedCacheControl(["no-cache", "private, max-age=60"])).toBe("private, max-age=60");
    expect(decidedCacheControl(["no-store", "private, no-store"])).toBe("private, no-store");
    expect(decidedCacheControl(["public, max-age=300", "public, max-age=60"])).toBe("public, max-age=60");
    expect(decidedCacheControl(["no-cache"])).toBe("no-cache");
    expect(decidedCacheControl([])).toBeUndefined();
  });
});

describe("/go/{toyId}", () => {
  it("answers with one Cache-Control, no-store, for a toy, a trashed toy, a purged or unknown id and a non-numeric id", async () => {
    const live = await newToy();
    const trashed = await newToy();
    await adminCall("DELETE", `/api/toys/${trashed}`);
    const purged = await newToy();
    await adminCall("DELETE", `/api/toys/${purged}`);
    await adminCall("DELETE", `/api/admin/trash/products/${purged}`);

    const cases: [string, string, number][] = [
      ["a toy", `/go/${live}`, 302],
      ["a trashed toy", `/go/${trashed}`, 404],
      ["a purged toy", `/go/${purged}`, 404],
      ["an unknown id", "/go/999999", 404],
      ["a non-numeric id", "/go/rope", 404],
    ];
    for (const [what, path, status] of cases) {
      // a browser gets the site's 404 page, an API client JSON
      for (const accept of ["text/html,application/xhtml+xml", "application/json"]) {
        const answer = await get(path, { accept, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" });
        expect({ what, accept, status: answer.status, cacheControl: answer.cacheControl }).toEqual({
          what,
          accept,
          status,
          cacheControl: ["no-store"],
        });
      }
    }
  });
});

/** Every page path of the route table (app/routes.ts), e.g. /toys/:slug, /admin/*. */
function pagePatterns(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
    const here = entry.index || entry.path !== undefined ? [own || "/"] : [];
    return [...here, ...pagePatterns(entry.children ?? [], own)];
  });
}

describe("a walk of every route with the pages behind the app's own handlers", () => {
  it("gives every answer at most one Cache-Control, anonymously and signed in", async () => {
    const [toy] = await adminCall("GET", "/api/toys");
    const [breed] = await adminCall("GET", "/api/breeds");
    const posts = (await adminCall("GET", "/api/posts")) as { slug: string; postType: string }[];
    const slugs: Record<string, string> = {
      toys: toy.slug,
      breeds: breed.slug,
      reviews: posts.find((p) => p.postType === "review")?.slug ?? "none",
      guides: posts.find((p) => p.postType === "guide")?.slug ?? "none",
    };
    // each pattern with parameters that name something, and with ones that name nothing: a
    // handler that finds nothing may hand the request on to the pages (/go does)
    const concrete = (pattern: string) => [
      pattern
        .replace(/^\/(\w+)\/:slug$/, (_m, base: string) => `/${base}/${slugs[base] ?? "none"}`)
        .replace(/:\w+/g, "1")
        .replace(/\*\w*$/, "no-such-page"),
      pattern.replace(/:\w+/g, "999999").replace(/\*\w*$/, "no-such-page"),
    ];
    const appRoutes = routeTable(server.app)
      .filter((route) => route.method === "GET" && !route.path.startsWith("/api/"))
      .map((route) => route.path);
    const paths = [...new Set([...appRoutes, ...pagePatterns(routeConfig)].flatMap(concrete))];
    expect(paths).toEqual(
      expect.arrayContaining(["/go/1", "/go/999999", "/products", "/admin/dashboard", "/sitemap.xml"]),
    );

    const doubled: string[] = [];
    for (const path of paths) {
      const sessions: Record<string, string>[] = [{}, { cookie }];
      for (const session of sessions) {
        const answer = await get(path, { accept: "text/html", ...session });
        if (answer.cacheControl.length > 1) {
          doubled.push(`${path}${"cookie" in session ? " (signed in)" : ""}: ${answer.cacheControl.join(" | ")}`);
        }
      }
    }
    expect(doubled).toEqual([]);
  });
});
