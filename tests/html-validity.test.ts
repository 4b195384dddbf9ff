import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toys } from "#server/db/schema.ts";
import routeConfig from "../app/routes";
import { type FeedServer, feedItem, rssFeed, startFeedServer } from "./support/feed-server";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// The Nu Html Checker (vnu.jar, what validator.w3.org/nu runs) over the server-rendered HTML of
// every public page kind and every admin screen: what crawlers, screen readers before hydration
// and the validator see. One JVM start checks them all (a few seconds); any error or warning
// fails the test with its page, line and message. Needs the production build (npm test builds
// first) and Java 11+.

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal" | "io" | "schema" | "internal";
  url: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** One page to check: a name for the report, the path, who asks, and the status it answers. */
interface Page {
  name: string;
  path: string;
  signedIn: boolean;
  status: number;
}

let server: SeededTestServer;
let feeds: FeedServer;
let cookie: string;
const scratch = mkdtempSync(join(tmpdir(), "pawsome-nu-"));

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

async function publicPost(path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
}

/** Something on every admin screen that has a list or a detail: a message, a quiz submission and
 * subscriber, an uploaded image, a newsletter and a post in the trash. */
async function fillTheAdminScreens() {
  await publicPost("/api/contact", {
    name: "Jo Smith",
    email: "jo@example.com",
    subject: "Toy question",
    message: "Which toy suits a beagle?",
  });
  await publicPost("/api/quiz-newsletter", {
    dogSize: "small",
    dogAge: "puppy",
    chewStyle: "gentle",
    playStyle: "solo",
    toyPurpose: "mental",
    email: "walker@example.com",
  });
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "blue.png");
  const upload = await fetch(`${server.url}/api/upload`, { method: "POST", headers: { cookie }, body: form });
  if (upload.status !== 200) throw new Error(`upload: ${upload.status}`);
  const posts = (await admin("GET", "/api/posts")) as { id: number; slug: string }[];
  await admin("POST", "/api/admin/newsletters", { postId: posts[0]?.id });
  await admin("DELETE", `/api/posts/${posts.at(-1)?.id}`);
  // a product sync with a changed price (the product form's history) and an unknown id (a run's problems)
  const [toy] = (await admin("GET", "/api/toys")) as { id: number }[];
  await server.database.db
    .update(toys)
    .set({ retailerItemId: "NU-1" })
    .where(eq(toys.id, toy?.id ?? 0));
  feeds.feed.body = rssFeed([
    feedItem("NU-1", { price: "21.50 USD", link: "https://shop.example/nu-1" }),
    feedItem("NU-UNKNOWN"),
  ]);
  await server.services.productSync.run("admin");
}

async function pages(): Promise<Page[]> {
  const toys = (await admin("GET", "/api/toys")) as { id: number; slug: string }[];
  const posts = (await admin("GET", "/api/posts")) as { id: number; slug: string; postType: string }[];
  const breeds = (await admin("GET", "/api/breeds")) as { id: number; slug: string }[];
  const categories = (await admin("GET", "/api/categories")) as { id: number }[];
  const messages = (await admin("GET", "/api/admin/messages")) as { id: number }[];
  const newsletters = (await admin("GET", "/api/admin/newsletters")) as { id: number }[];
  const review = posts.find((p) => p.postType === "review");
  const guide = posts.find((p) => p.postType === "guide");
  const { rows } = await server.database.db.execute<{ id: number; email: string }>(
    sql`select id, email from newsletter_subscribers order by id limit 1`,
  );
  const subscriber = rows[0];
  if (!subscriber) throw new Error("the quiz submission stored no subscriber");
  const signingKey = await server.services.newsletter.signingKey();
  const token = server.services.newsletter.tokenFor(signingKey, subscriber);
  const resubscribeToken = server.services.newsletter.resubscribeTokenFor(signingKey, subscriber, new Date());
  // a sign-in link as if e-mailed (this server sends no e-mail): the database keeps its token's SHA-256
  const signInToken = randomBytes(32).toString("base64url");
  await server.database.db.execute(sql`
    insert into sign_in_links (token_hash, user_id, created_at, expires_at)
    select ${createHash("sha256").update(signInToken).digest("hex")}, id, now(), now() + interval '15 minutes'
    from users where username = 'admin'`);

  const visitor = (name: string, path: string, status = 200): Page => ({ name, path, signedIn: false, status });
  const owner = (name: string, path: string, status = 200): Page => ({ name, path, signedIn: true, status });
  return [
    visitor("home", "/"),
    visitor("products", "/products"),
    visitor("products, filtered", `/products?category=${categories[0]?.id}&maxPrice=40&sort=price-asc`),
    visitor("products, nothing found", "/products?search=zzzz-no-such-toy"),
    visitor("search", "/search?q=chewy+rop"),
    visitor("search, nothing found", "/search?q=zzzz-no-such-toy"),
    visitor("toy", `/toys/${toys[0]?.slug}`),
    visitor("breeds", "/breeds"),
    visitor("breed", `/breeds/${breeds[0]?.slug}`),
    visitor("reviews", "/reviews"),
    visitor("review", `/reviews/${review?.slug}`),
    visitor("guides", "/guides"),
    visitor("guide", `/guides/${guide?.slug}`),
    visitor("resources", "/resources"),
    visitor("contact", "/contact"),
    visitor("quiz", "/quiz"),
    visitor("privacy", "/privacy"),
    visitor("terms", "/terms"),
    visitor("affiliate disclosure", "/affiliate-disclosure"),
    visitor("about", "/about"),
    visitor("unsubscribe, no token", "/unsubscribe", 400),
    visitor("unsubscribe, token", `/unsubscribe?token=${encodeURIComponent(token)}`),
    visitor("newsletter confirm, no token", "/newsletter/confirm", 400),
    visitor("newsletter confirm, token", `/newsletter/confirm?token=${encodeURIComponent(resubscribeToken)}`),
    visitor("not found", "/no-such-page", 404),
    visitor("admin login", "/admin/login"),
    visitor("sign-in link, asking for one", "/admin/sign-in-link"),
    visitor("sign-in link, to use", `/admin/sign-in-link?token=${signInToken}`),
    visitor("sign-in link, not valid", "/admin/sign-in-link?token=nonsense", 400),
    owner("admin home", "/admin"),
    owner("admin dashboard", "/admin/dashboard"),
    owner("admin posts", "/admin/posts"),
    owner("admin new post", "/admin/posts/new"),
    owner("admin edit post", `/admin/posts/${review?.id}`),
    owner("admin post preview", `/admin/posts/${review?.id}/preview`),
    owner("admin products", "/admin/products"),
    owner("admin new product", "/admin/products/new"),
    owner("admin edit product", `/admin/products/${toys[0]?.id}`),
    owner("admin categories", "/admin/categories"),
    owner("admin new category", "/admin/categories/new"),
    owner("admin edit category", `/admin/categories/${categories[0]?.id}`),
    owner("admin breeds", "/admin/breeds"),
    owner("admin new breed", "/admin/breeds/new"),
    owner("admin edit breed", `/admin/breeds/${breeds[0]?.id}`),
    owner("admin media", "/admin/media"),
    owner("admin quiz submissions", "/admin/quiz-submissions"),
    owner("admin messages", "/admin/messages"),
    owner("admin message", `/admin/messages/${messages[0]?.id}`),
    owner("admin subscribers", "/admin/subscribers"),
    owner("admin newsletters", "/admin/newsletters"),
    owner("admin new newsletter", "/admin/newsletters/new"),
    owner("admin newsletter", `/admin/newsletters/${newsletters[0]?.id}`),
    owner("admin data rights", "/admin/data-rights"),
    owner("admin trash", "/admin/trash"),
    owner("admin activity", "/admin/activity"),
    owner("admin password", "/admin/password"),
    owner("admin settings", "/admin/settings"),
    owner("admin product sources", "/admin/product-sources"),
    owner("admin earnings", "/admin/earnings"),
    owner("admin not found", "/admin/no-such-screen", 404),
  ];
}

/**
 * Runs vnu.jar once over the files; its JSON report goes to stderr. A short run: the JIT's first
 * tier only (half the time on a busy machine), whose larger frames need a deeper stack than the
 * checker's schema recursion gets by default.
 */
function nuCheck(files: string[]): Promise<NuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-Xss16m", "-XX:TieredStopAtLevel=1", "-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error) reject(error);
        else resolve((JSON.parse(stderr) as { messages: NuMessage[] }).messages);
      },
    );
  });
}

beforeAll(async () => {
  feeds = await startFeedServer();
  // the page cache would answer later requests from earlier renders: every page is rendered here
  server = await startSeededTestServer({
    renderPages: true,
    readCacheTtlMs: 0,
    retail: { allowHosts: [feeds.host], feedUrls: [feeds.url] },
  });
  cookie = await adminCookie(server);
  await fillTheAdminScreens();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await feeds?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A resource route (a loader and no component, such as the import's progress) answers data, never a page. */
const rendersAPage = (file: string) => /^export default /m.test(readFileSync(join("app", file), "utf8"));

/** Every path pattern of the route table (app/routes.ts) that renders a page, e.g. /toys/:slug, /admin/*. */
function routePatterns(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, "/");
    const here = (entry.index || entry.path !== undefined) && rendersAPage(entry.file) ? [own || "/"] : [];
    return [...here, ...routePatterns(entry.children ?? [], own)];
  });
}

describe("the Nu Html Checker", () => {
  it("checks a page of every route, so a new screen cannot be left out", async () => {
    const checked = (await pages()).map((page) => new URL(page.path, server.url).pathname);
    const unchecked = routePatterns(routeConfig).filter((pattern) => {
      const matches = new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+").replace(/\*$/, ".+")}$`);
      return !checked.some((path) => matches.test(path));
    });
    expect(unchecked).toEqual([]);
  });

  it("finds no error and no warning on any public page kind or admin screen", async () => {
    const checked = await pages();
    const byFile = new Map<string, Page>();
    for (const [index, page] of checked.entries()) {
      const res = await fetch(`${server.url}${page.path}`, {
        headers: page.signedIn ? { cookie } : {},
        redirect: "manual",
      });
      expect({ page: page.name, status: res.status }).toEqual({ page: page.name, status: page.status });
      const file = join(scratch, `${String(index).padStart(2, "0")}.html`);
      writeFileSync(file, await res.text());
      byFile.set(pathToFileURL(file).href, page);
    }

    const messages = await nuCheck([...byFile.keys()].map((href) => new URL(href).pathname));
    // Plain "info" messages are neither errors nor warnings: React writes void elements as
    // `<meta … />`, which the checker notes has no effect in HTML.
    const problems = messages
      .filter((m) => m.type !== "info" || m.subType === "warning")
      .map((m) => {
        const page = byFile.get(m.url.replace(/^file:\/(?!\/)/, "file:///"));
        const kind = m.type === "info" ? "warning" : m.type;
        return `${page?.name ?? m.url} (${page?.path}) ${m.lastLine}:${m.firstColumn} ${kind}: ${m.message} [${m.extract?.trim() ?? ""}]`;
      });
    expect(problems).toEqual([]);
  }, 120_000);
});
