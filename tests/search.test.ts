import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { breeds, posts, searchCounts, toys } from "../server/db/schema";
import {
  adminCookie,
  type SeededTestServer,
  startSeededTestServer,
  startTestServer,
  type TestServer,
} from "./support/test-server";

// Issue 28, site search: against the real app on the demo content plus a few rows of its own,
// the page rendered by the built bundle (`npm run build` first).

let server: SeededTestServer;
let cookie: string;

const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers: { "user-agent": BROWSER, ...headers } });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with expect
  return { status: res.status, headers: res.headers, text, body: body as any };
}

async function counts() {
  return server.database.db.select().from(searchCounts).orderBy(searchCounts.term);
}

const toy = (name: string, description: string, extra: Partial<typeof toys.$inferInsert> = {}) => ({
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  description,
  details: "Details for the search tests.",
  price: "$10.00",
  ...extra,
});

beforeAll(async () => {
  server = await startSeededTestServer({ renderPages: true });
  cookie = await adminCookie(server);
  const { db } = server.database;
  await db
    .insert(toys)
    .values([
      toy("Kong Classic Stuffable", "A red rubber toy to fill with treats."),
      toy("Flossy Chew Rope Deluxe", "Knotted cotton for tug games."),
      toy("Squeaky Hedgehog", "A plush hedgehog; some call it a chew rope alternative."),
      toy("Zephyrquark Draft Toy", "Never shown.", { status: "draft" }),
      toy("Zephyrquark Trashed Toy", "Never shown.", { deletedAt: new Date() }),
      ...Array.from({ length: 12 }, (_, i) => toy(`Quibblewump Ball ${i + 1}`, "A ball for paging.")),
    ]);
  const post = (title: string, extra: Partial<typeof posts.$inferInsert> = {}) => ({
    title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    excerpt: "An excerpt.",
    content: "Some words about zephyrquark toys and <script>alert(1)</script> in the text.",
    publishedAt: new Date(Date.now() - 60_000),
    ...extra,
  });
  await db
    .insert(posts)
    .values([
      post("Zephyrquark Published Guide", { postType: "guide" }),
      post("Zephyrquark Draft Review", { status: "draft" }),
      post("Zephyrquark Trashed Review", { deletedAt: new Date() }),
      post("Zephyrquark Scheduled Review", { publishedAt: new Date(Date.now() + 86_400_000) }),
    ]);
}, 120_000);
afterAll(() => server?.close());

describe("GET /api/search", () => {
  it("answers the issue's shape, private and uncached", async () => {
    const res = await get("/api/search?q=kong");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body).toMatchObject({ query: "kong", page: 1, pageSize: 10 });
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    const [first] = res.body.results;
    expect(first).toMatchObject({ type: "toy", title: "Kong Classic Stuffable", url: "/toys/kong-classic-stuffable" });
    expect(first.snippet).toBe("A red rubber toy to fill with treats.");
    const described = await get("/api/search?q=rubber+treats");
    const kong = described.body.results.find((r: { title: string }) => r.title === "Kong Classic Stuffable");
    expect(kong.snippet).toBe("A red <mark>rubber</mark> toy to fill with <mark>treats</mark>.");
  });

  it("finds other forms of a word and typos, and marks what they found", async () => {
    const squeaky = await get("/api/search?q=squeky");
    const hedgehog = squeaky.body.results.find((r: { title: string }) => r.title === "Squeaky Hedgehog");
    expect(hedgehog).toMatchObject({ url: "/toys/squeaky-hedgehog" });
    const page = await get("/search?q=squeky");
    expect(page.text).toMatch(/<mark[^>]*>Squeaky<\/mark> Hedgehog/);
    // a shorter form by its ending ("ropes": "rope"), another ending of the stem ("knotting": "knotted")
    const ropes = await get("/api/search?q=knotting+ropes");
    expect(ropes.body.results.map((r: { title: string }) => r.title)).toContain("Flossy Chew Rope Deluxe");
    // a word the query merely starts with is not one of its forms
    expect((await get("/api/search?q=kongfuzzlewhatever")).body.total).toBe(0);
  });

  it("ranks a name match above a body match and tolerates typos", async () => {
    const res = await get(`/api/search?q=${encodeURIComponent("chewy rop")}`);
    const titles: string[] = res.body.results.map((r: { title: string }) => r.title);
    expect(titles).toContain("Flossy Chew Rope Deluxe");
    expect(titles).toContain("Squeaky Hedgehog");
    expect(titles.indexOf("Flossy Chew Rope Deluxe")).toBeLessThan(titles.indexOf("Squeaky Hedgehog"));
    const hedgehog = res.body.results.find((r: { title: string }) => r.title === "Squeaky Hedgehog");
    expect(hedgehog.snippet).toContain("<mark>chew</mark> <mark>rope</mark>");
  });

  it("finds breeds and published posts only: never drafts, scheduled posts or the trash", async () => {
    const breeds = await get("/api/search?q=beagle");
    expect(breeds.body.results[0]).toMatchObject({ type: "breed", title: "Beagle", url: "/breeds/beagle" });

    const res = await get("/api/search?q=zephyrquark");
    const titles = res.body.results.map((r: { title: string }) => r.title);
    expect(titles).toEqual(["Zephyrquark Published Guide"]);
    expect(res.body.results[0]).toMatchObject({
      type: "post",
      url: "/guides/zephyrquark-published-guide",
      label: "Guide",
    });
    // the post's text is escaped: its <script> is text in the snippet, never markup
    expect(res.body.results[0].snippet).not.toContain("<script>");
  });

  it("pages ten at a time and refuses a page out of bounds", async () => {
    const first = await get("/api/search?q=quibblewump");
    expect(first.body.total).toBe(12);
    expect(first.body.results).toHaveLength(10);
    const second = await get("/api/search?q=quibblewump&page=2");
    expect(second.body).toMatchObject({ total: 12, page: 2 });
    expect(second.body.results).toHaveLength(2);
    const past = await get("/api/search?q=quibblewump&page=3");
    expect(past.body).toMatchObject({ total: 12, page: 3, results: [] });
    expect((await get("/api/search?q=x&page=0")).status).toBe(400);
    expect((await get("/api/search?q=x&page=101")).status).toBe(400);
    expect((await get("/api/search?q=x&count=yes")).status).toBe(400);
  });

  it("trims and cuts a long query, and answers nothing for an empty one", async () => {
    const long = await get(`/api/search?q=${encodeURIComponent(`  kong ${"x".repeat(200)}`)}`);
    expect(long.status).toBe(200);
    expect(long.body.query).toBe(`kong ${"x".repeat(95)}`);
    const empty = await get("/api/search?q=%20%20");
    expect(empty.body).toMatchObject({ query: "", total: 0, results: [] });
  });
});

describe("the /search page", () => {
  it("works without JavaScript: a plain GET answers the results in HTML, highlighted, noindex and private", async () => {
    const res = await get("/search?q=kong");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    expect(res.text).toContain("Kong Classic Stuffable");
    expect(res.text).toMatch(/<mark[^>]*>Kong<\/mark>/);
    expect(res.text).toContain('href="/toys/kong-classic-stuffable"');
  });

  it("every public page's header has the search form", async () => {
    const res = await get("/products");
    expect(res.text).toMatch(/<form[^>]*action="\/search" method="get"/);
    expect(res.text).toMatch(/<input[^>]*name="q"/);
  });

  it("shows a prompt for an empty query and suggestions when nothing is found", async () => {
    const empty = await get("/search");
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('data-testid="search-prompt"');
    expect(empty.text).not.toContain('data-testid="search-results"');

    const none = await get("/search?q=labradorr%20xylophone");
    expect(none.text).toContain('data-testid="search-empty"');
    expect(none.text).toContain("Did you mean");
    expect(none.text).toContain("Labrador Retriever");
    expect(none.text).toContain('href="/products"');
  });

  it("pages with ?page= links", async () => {
    const first = await get("/search?q=quibblewump");
    expect(first.text).toContain("12 results, page 1 of 2");
    expect(first.text).toContain('href="/search?q=quibblewump&amp;page=2"');
    const second = await get("/search?q=quibblewump&page=2");
    expect(second.text).toContain("page 2 of 2");
    expect(second.text).toContain("Quibblewump Ball");
  });
});

describe("search counts", () => {
  it("counts the page's searches and the API's final queries: terms only, not bots, not the owner", async () => {
    await server.database.db.delete(searchCounts);
    await get("/search?q=%20Chew%20%20ROPE%20");
    await get("/search?q=chew+rope&page=2"); // the next page is the same search
    await get("/api/search?q=chew+rope"); // a keystroke's instant results
    await get("/api/search?q=chew+rope&count=1");
    await get("/search?q=nothingmatchesthis");
    await get("/search?q=kong", { "user-agent": BOT });
    await get("/api/search?q=kong&count=1", { "user-agent": BOT });
    await get("/search?q=kong", { cookie });

    const rows = await counts();
    expect(rows.map(({ term, searches, noResults }) => ({ term, searches, noResults }))).toEqual([
      { term: "chew rope", searches: 2, noResults: 0 },
      { term: "nothingmatchesthis", searches: 1, noResults: 1 },
    ]);
    // a day and the words: nothing about who searched
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["day", "noResults", "searches", "term"]);

    const stats = await server.services.search.stats(7, 10);
    expect(stats).toEqual({
      top: [
        { term: "chew rope", searches: 2 },
        { term: "nothingmatchesthis", searches: 1 },
      ],
      noResults: [{ term: "nothingmatchesthis", searches: 1 }],
    });

    const dashboard = await get("/admin/dashboard", { cookie });
    expect(dashboard.text).toContain("Searches");
    expect(dashboard.text).toMatch(/data-testid="search-term-no-results"[\s\S]*nothingmatchesthis/);
  });

  it("keeps a draft toy out after it is published and back out when trashed (no stale index)", async () => {
    const { db } = server.database;
    await db.update(toys).set({ status: "published" }).where(eq(toys.slug, "zephyrquark-draft-toy"));
    const titles = (await get("/api/search?q=zephyrquark")).body.results.map((r: { title: string }) => r.title);
    expect(titles).toContain("Zephyrquark Draft Toy");
    await db.update(toys).set({ deletedAt: new Date() }).where(eq(toys.slug, "zephyrquark-draft-toy"));
    const again = (await get("/api/search?q=zephyrquark")).body.results.map((r: { title: string }) => r.title);
    expect(again).not.toContain("Zephyrquark Draft Toy");
  });
});

describe("the search follows every write (search_documents and search_words, kept by the database)", () => {
  it("finds a word it never saw before at once, and forgets an edited post's old title", async () => {
    const { db } = server.database;
    // the known words are in memory by now: a new one is read on the next search
    expect((await get("/api/search?q=quantumfrisbee")).body.total).toBe(0);
    await db.insert(toys).values(toy("Quantumfrisbee Flyer", "A disc that flies."));
    const found = await get("/api/search?q=quantumfrisbe");
    expect(found.body.results[0]).toMatchObject({ title: "Quantumfrisbee Flyer", type: "toy" });

    await db
      .update(posts)
      .set({ title: "Glimmerbark Published Guide" })
      .where(eq(posts.slug, "zephyrquark-published-guide"));
    const renamed = await get("/api/search?q=glimmerbark");
    expect(renamed.body.results.map((r: { title: string }) => r.title)).toEqual(["Glimmerbark Published Guide"]);
    // its text still says zephyrquark: found there, and the snippet comes from the text
    const byText = await get("/api/search?q=zephyrquark");
    const guide = byText.body.results.find((r: { title: string }) => r.title === "Glimmerbark Published Guide");
    expect(guide.snippet).toContain("<mark>zephyrquark</mark> toys");
  });

  it("drops a deleted breed and a post moved back to draft", async () => {
    const { db } = server.database;
    await db.insert(breeds).values({
      name: "Wobblewhisk Hound",
      slug: "wobblewhisk-hound",
      size: "small",
      description: "A breed for the search tests.",
    });
    expect((await get("/api/search?q=wobblewhisk")).body.total).toBe(1);
    await db.delete(breeds).where(eq(breeds.slug, "wobblewhisk-hound"));
    expect((await get("/api/search?q=wobblewhisk")).body.total).toBe(0);

    await db.update(posts).set({ status: "draft" }).where(eq(posts.slug, "zephyrquark-published-guide"));
    expect((await get("/api/search?q=glimmerbark")).body.total).toBe(0);
  });
});

describe("the per-client search limit, shared by /search and /api/search", () => {
  let limited: TestServer;
  // behind a proxy, so that each test client is its own address (the other tests' searches
  // come from 127.0.0.1 and do not count here)
  const from = (address: string) => ({ "x-forwarded-for": address });
  const at = (path: string, address: string) =>
    fetch(`${limited.url}${path}`, { headers: { "user-agent": BROWSER, ...from(address) } });

  beforeAll(async () => {
    limited = await startTestServer(server.database, {
      renderPages: true,
      trustProxy: 1,
      searchRateLimit: { max: 3, windowMs: 60_000 },
    });
  }, 60_000);
  afterAll(() => limited?.close());

  it("counts every page with a query and every API call; past the share, a 429 page that keeps the box", async () => {
    const client = "203.0.113.7";
    // the empty page is no search
    for (let i = 0; i < 4; i++) expect((await at("/search", client)).status).toBe(200);
    expect((await at("/search?q=kong", client)).status).toBe(200);
    expect((await at("/api/search?q=kong", client)).status).toBe(200);
    expect((await at("/search?q=quibblewump&page=2", client)).status).toBe(200);

    await server.database.db.delete(searchCounts);
    const page = await at("/search?q=rope+toys", client);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const html = await page.text();
    expect(html).toContain('data-testid="search-limited"');
    expect(html).toMatch(/Too many searches from your network\. Please wait \d+ seconds and try again\./);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="rope toys"/);
    expect(html).not.toContain('data-testid="search-results"');
    // a refused search is not run, so not counted either
    expect(await counts()).toEqual([]);

    const api = await at("/api/search?q=kong", client);
    expect(api.status).toBe(429);
    expect(((await api.json()) as { message: string }).message).toMatch(/^Too many searches from your network/);
    // the empty page still answers, with its prompt
    const empty = await at("/search", client);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('data-testid="search-prompt"');
  });

  it("gives each client its own share", async () => {
    expect((await at("/search?q=kong", "203.0.113.8")).status).toBe(200);
    expect((await at("/api/search?q=kong", "203.0.113.9")).status).toBe(200);
  });
});
