import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "../domain/catalog";
import type { Dashboard } from "../domain/insights";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Issue 17 at the API and data level: toy slugs (made once, kept on rename, earlier ones kept
// as redirects), post bodies filled from the live catalogue, where each click came from, and
// the sitemap. The pages themselves are checked in the browser (tests/e2e/product-pages.spec.ts).

let server: SeededTestServer;
let cookie: string;

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const REVIEW = "ironjaw-tread-chew-review-built-for-power-chewers";
const COMPARISON = "rubber-vs-nylon-vs-rope-chew-toys-which-is-best";

beforeAll(async () => {
  // clicks are counted per client: each test click comes from its own forwarded address
  server = await startSeededTestServer({ readCacheTtlMs: 60_000, trustProxy: "loopback" });
  cookie = await adminCookie(server);
});

afterAll(async () => {
  await server?.close();
});

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function toyNamed(name: string): Promise<Toy> {
  const toys = (await (await fetch(`${server.url}/api/toys?search=${encodeURIComponent(name)}`)).json()) as Toy[];
  const toy = toys.find((t) => t.name === name);
  if (!toy) throw new Error(`no demo toy named ${name}`);
  return toy;
}

const product = (name: string) => ({
  name,
  description: "A toy made up for the slug tests.",
  details: "Details long enough to pass the product form's rules.",
  price: "$12.00",
});

describe("toy slugs", () => {
  it("are made from the name, unique, and kept when the name changes", async () => {
    const first = await admin("POST", "/api/toys", product("Slug Test: Rope & Ball!"));
    expect(first.status).toBe(201);
    expect(first.body.slug).toBe("slug-test-rope-ball");
    const second = await admin("POST", "/api/toys", product("Slug test rope ball"));
    expect(second.body.slug).toBe("slug-test-rope-ball-2");

    const renamed = await admin("PUT", `/api/toys/${first.body.id}`, product("A Completely New Name"));
    expect(renamed.body).toMatchObject({ name: "A Completely New Name", slug: "slug-test-rope-ball" });
  });

  it("keep an earlier slug as a redirect when the slug is changed, and refuse one another toy has or had", async () => {
    const made = await admin("POST", "/api/toys", product("Slug Mover"));
    const moved = await admin("PUT", `/api/toys/${made.body.id}`, {
      ...product("Slug Mover"),
      slug: "slug-mover-2026",
    });
    expect(moved.body.slug).toBe("slug-mover-2026");
    expect(await server.services.catalog.findToyBySlug("slug-mover")).toEqual({ movedTo: "slug-mover-2026" });

    const other = await admin("POST", "/api/toys", product("Slug Taker"));
    for (const slug of ["slug-mover-2026", "slug-mover"]) {
      const refused = await admin("PUT", `/api/toys/${other.body.id}`, { ...product("Slug Taker"), slug });
      expect(refused).toMatchObject({ status: 409, body: { message: "A product with this slug already exists" } });
    }
    // a new toy's generated slug avoids an earlier one too
    const fresh = await admin("POST", "/api/toys", product("Slug Mover"));
    expect(fresh.body.slug).toBe("slug-mover-2");
    // moving back makes the old slug current again, and the newer one the redirect
    const back = await admin("PUT", `/api/toys/${made.body.id}`, { ...product("Slug Mover"), slug: "slug-mover" });
    expect(back.body.slug).toBe("slug-mover");
    expect(await server.services.catalog.findToyBySlug("slug-mover-2026")).toEqual({ movedTo: "slug-mover" });
  });

  it("answer 400 for a slug that is not one", async () => {
    const made = await admin("POST", "/api/toys", { ...product("Bad Slug Toy"), slug: "Not A Slug" });
    expect(made).toMatchObject({ status: 400, body: { errors: { slug: [expect.any(String)] } } });
  });
});

describe("posts filled from the live catalogue", () => {
  it("a review names its toy: its box and rating come with the page, and a price change shows at once", async () => {
    const ironjaw = await toyNamed("Ironjaw Tread Chew");
    const before = await server.services.content.getRenderedPostBySlug(REVIEW);
    expect(before?.reviewedToy).toMatchObject({ id: ironjaw.id, slug: "ironjaw-tread-chew" });
    expect(before?.reviewRating).toBe(4.5);

    const { categories: _c, categoryName: _n, id: _id, slug: _s, ...fields } = ironjaw;
    const updated = await admin("PUT", `/api/toys/${ironjaw.id}`, { ...fields, priceDiscount: "$9.99" });
    expect(updated.status).toBe(200);
    const after = await server.services.content.getRenderedPostBySlug(REVIEW);
    expect(after?.reviewedToy?.priceDiscount).toBe("$9.99");
  });

  it("the comparison post carries its table of three toys", async () => {
    const post = await server.services.content.getRenderedPostBySlug(COMPARISON);
    const table = post?.blocks.find((block) => block.kind === "compare");
    expect(table?.kind === "compare" ? table.toys.map((t) => t.slug) : []).toEqual([
      "ironjaw-tread-chew",
      "chewforge-nylon-wishbone",
      "wagworks-triple-knot-cotton-rope",
    ]);
  });

  it("a deleted toy's box disappears for visitors and the preview says why", async () => {
    const made = await admin("POST", "/api/toys", product("Short Lived Toy"));
    const content = "Intro text.\n\n[[toy:short-lived-toy]]";
    const shown = await admin("POST", "/api/admin/post-preview", { content });
    expect(shown.body.blocks.map((b: { kind: string }) => b.kind)).toEqual(["html", "toy"]);
    expect((await admin("DELETE", `/api/toys/${made.body.id}`)).status).toBe(204);
    const gone = await admin("POST", "/api/admin/post-preview", { content });
    expect(gone.body.blocks.map((b: { kind: string }) => b.kind)).toEqual(["html", "missing"]);
  });

  it("the toy page lists the posts that review or place a toy, and a breed page its recommendations and posts", async () => {
    const page = await server.services.productPages.toyPage("ironjaw-tread-chew");
    expect(page && "toy" in page ? page.posts.map((p) => p.slug) : []).toEqual(
      expect.arrayContaining([REVIEW, COMPARISON]),
    );
    const breeds = await server.services.productPages.breedIndex();
    const withToys = breeds.find((b) => b.toyCount > 0);
    expect(withToys).toBeDefined();
    const breed = await server.services.productPages.breedPage(withToys?.slug ?? "");
    expect(breed?.recommendations).toHaveLength(withToys?.toyCount ?? -1);
    // The page's cards are the API's recommendations, in its order, with only what a card shows.
    const api = await server.services.catalog.getBreedRecommendations(breed?.breed.id ?? -1);
    expect(breed?.recommendations.map((rec) => [rec.toyId, rec.note])).toEqual(
      api?.recommendations.map((rec) => [rec.toyId, rec.note]),
    );
    for (const [i, card] of (breed?.recommendations ?? []).entries()) {
      const full = api?.recommendations[i]?.toy as Record<string, unknown> | undefined;
      expect(card.toy).toEqual(Object.fromEntries(Object.keys(card.toy).map((key) => [key, full?.[key]])));
      expect(card.toy).not.toHaveProperty("details");
    }
    expect(await server.services.productPages.breedPage("no-such-breed")).toBeNull();
  });

  it("a toy page finds its posts by the slugs stored at each save, and older rows by their text until filled in", async () => {
    const toy = await admin("POST", "/api/toys", product("Placed Slug Test Toy"));
    const placing = (body: string) => ({
      title: "Placed Slug Test Post",
      slug: "placed-slug-test-post",
      excerpt: "A post that places a toy and then stops placing it.",
      content: `An introduction long enough for the post form's rules.\n\n${body}`,
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
      readingTime: 3,
      postType: "guide",
    });
    const postsOfToy = async () => {
      const page = await server.services.productPages.toyPage("placed-slug-test-toy");
      return page && "toy" in page ? page.posts.map((p) => p.slug) : [];
    };
    const stored = async (slug: string) => {
      const { rows } = await server.database.db.execute<{ placed: string[] | null }>(
        sql`select placed_toy_slugs as placed from posts where slug = ${slug}`,
      );
      return rows[0]?.placed ?? null;
    };

    const post = await admin("POST", "/api/posts", placing("[[toy:placed-slug-test-toy]]"));
    expect(post.status).toBe(201);
    expect(await stored("placed-slug-test-post")).toEqual(["placed-slug-test-toy"]);
    expect(await postsOfToy()).toContain("placed-slug-test-post");

    // an edit that takes the box out takes the post off the toy page
    const edited = await admin("PATCH", `/api/posts/${post.body.id}`, { content: placing("No box any more.").content });
    expect(edited.status).toBe(200);
    expect(await stored("placed-slug-test-post")).toEqual([]);
    expect(await postsOfToy()).not.toContain("placed-slug-test-post");

    // the demo comparison was stored with its table's slugs; a row from before the column is
    // found by its text, then filled in at the next start
    expect(await stored(COMPARISON)).toEqual(expect.arrayContaining(["ironjaw-tread-chew"]));
    await server.database.db.execute(sql`update posts set placed_toy_slugs = null where slug = ${COMPARISON}`);
    server.services.readCache.clear();
    const page = await server.services.productPages.toyPage("ironjaw-tread-chew");
    expect(page && "toy" in page ? page.posts.map((p) => p.slug) : []).toContain(COMPARISON);
    expect(await server.services.content.fillPlacedToySlugs()).toBe(1);
    expect(await stored(COMPARISON)).toEqual(expect.arrayContaining(["ironjaw-tread-chew"]));
    expect(toy.status).toBe(201);
  });

  it("a preview is admin-only and never cached", async () => {
    const anonymous = await fetch(`${server.url}/api/admin/post-preview`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "x" }),
    });
    expect(anonymous.status).toBe(401);
    const res = await fetch(`${server.url}/api/admin/post-preview`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: JSON.stringify({ content: "x" }),
    });
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("where the money comes from", () => {
  const go = (toyId: number, from: string, ip: string) =>
    fetch(`${server.url}/go/${toyId}?from=${encodeURIComponent(from)}`, {
      redirect: "manual",
      headers: { "user-agent": BROWSER, "x-forwarded-for": ip },
    });

  async function placements(toyId: number): Promise<Record<string, number>> {
    const { rows } = await server.database.db.execute<{ placement: string; clicks: number }>(
      sql`select placement, sum(clicks)::int as clicks from affiliate_clicks where toy_id = ${toyId} group by placement`,
    );
    return Object.fromEntries(rows.map((row) => [row.placement, Number(row.clicks)]));
  }

  it("counts each click under its placement; a named post or breed only when it exists", async () => {
    const toy = await toyNamed("Puzzlepaw Treat Maze");
    const breed = (await server.services.productPages.breedIndex())[0];
    let ip = 10;
    for (const from of [
      `post:${REVIEW}`,
      `post:${REVIEW}`,
      "toy-page",
      "catalogue",
      "home",
      `breed:${breed?.slug}`,
      "quiz",
      "email",
      "post:no-such-post",
      "breed:no-such-breed",
      "post:NOT A SLUG",
    ]) {
      expect((await go(toy.id, from, `198.51.100.${ip++}`)).status).toBe(302);
    }
    expect(await placements(toy.id)).toEqual({
      [`post:${REVIEW}`]: 2,
      "toy-page": 1,
      catalogue: 1,
      home: 1,
      [`breed:${breed?.slug}`]: 1,
      quiz: 1,
      email: 1,
      other: 3,
    });
  });

  it("the dashboard shows clicks per placement and per article for the chosen period, and a deleted toy's clicks stay", async () => {
    const made = await admin("POST", "/api/toys", {
      ...product("Clicked Then Deleted"),
      amazonUrl: "https://www.amazon.com/dp/B0DELETED1",
    });
    expect((await go(made.body.id, `post:${COMPARISON}`, "198.51.100.200")).status).toBe(302);
    expect((await admin("DELETE", `/api/toys/${made.body.id}`)).status).toBe(204);

    const dashboard = (await admin("GET", "/api/admin/dashboard?days=7")).body as Dashboard;
    expect(dashboard.clicks.byArticle).toEqual(
      expect.arrayContaining([
        { slug: REVIEW, title: expect.stringContaining("Ironjaw"), path: `/reviews/${REVIEW}`, clicks: 2 },
        { slug: COMPARISON, title: expect.any(String), path: `/reviews/${COMPARISON}`, clicks: 1 },
      ]),
    );
    const groups = Object.fromEntries(dashboard.clicks.byPlacement.map((g) => [g.placement, g.clicks]));
    expect(groups).toMatchObject({ Articles: 3, "Toy pages": 1, Catalogue: 1, "Home page": 1, "Breed pages": 1 });
    expect(dashboard.clicks.total).toBe(dashboard.clicks.byPlacement.reduce((sum, g) => sum + g.clicks, 0));
    // in the trash: named, marked deleted; purged for good: still counted, by its id
    expect(dashboard.topToys).toEqual(
      expect.arrayContaining([{ toyId: made.body.id, name: "Clicked Then Deleted", clicks: 1, deleted: true }]),
    );
    expect((await admin("DELETE", `/api/admin/trash/products/${made.body.id}`)).status).toBe(204);
    const later = (await admin("GET", "/api/admin/dashboard?days=7")).body as Dashboard;
    expect(later.topToys).toEqual(
      expect.arrayContaining([
        { toyId: made.body.id, name: `Deleted product #${made.body.id}`, clicks: 1, deleted: true },
      ]),
    );
  });
});

describe("the sitemap", () => {
  it("lists every toy and breed page with its last change", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(xml).toContain("<loc>https://www.pawsomepicks.test/toys/ironjaw-tread-chew</loc>");
    expect(xml).toContain("<loc>https://www.pawsomepicks.test/breeds</loc>");
    const breed = (await server.services.productPages.breedIndex())[0];
    expect(xml).toMatch(
      new RegExp(
        `<loc>https://www\\.pawsomepicks\\.test/breeds/${breed?.slug}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
      ),
    );
    const toyCount = ((await (await fetch(`${server.url}/api/toys`)).json()) as Toy[]).length;
    expect(xml.match(/\/toys\//g)).toHaveLength(toyCount);
  });
});
