import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "../domain/catalog";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Issue 26: "Duplicate" makes a hidden draft copy, never a live "(copy)". A draft toy is left
// out of every public read (the catalogue and its search, top picks, breed pages, the sitemap,
// the quiz, posts' buy boxes, /go and the public API), shows in the admin, and goes live when
// the owner publishes it from the product editor (PUT with status "published").

let server: SeededTestServer;
let cookie: string;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the answers are JSON checked field by field with expect
  body: any;
  text: string;
  headers: Headers;
}

async function call(method: string, path: string, body?: unknown, signedIn = true): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(signedIn ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}

const visitor = (path: string) => call("GET", path, undefined, false);
const ids = (body: unknown) => (body as { id: number }[]).map((item) => item.id);

beforeAll(async () => {
  server = await startSeededTestServer({ readCacheTtlMs: 60_000 });
  cookie = await adminCookie(server);
});
afterAll(() => server?.close());

describe("a duplicated product", () => {
  it("is a hidden draft until the owner publishes it, and then is everywhere the original is", async () => {
    const [breed] = (await visitor("/api/breeds")).body as { id: number; slug: string }[];
    if (!breed) throw new Error("no demo breed");
    const created = await call("POST", "/api/toys", {
      name: "Draftable Tug Rope",
      description: "A rope toy the draft tests duplicate.",
      details: "Three knots of cotton rope, made for the tests of draft products.",
      price: "$11.00",
      rating: "4.9",
      reviewCount: 5000,
      isTopPick: true,
      amazonUrl: "https://www.amazon.com/dp/B000DRAFT1",
      materialType: "durable",
      features: ["interactive", "tug"],
      breedRecommendations: [{ breedId: breed.id, note: "Strong enough" }],
    });
    expect(created.status).toBe(201);
    const original = created.body as Toy;
    expect(original.status).toBe("published");

    // warm the read cache first: the duplicate must clear it, and still show nowhere
    expect(ids((await visitor("/api/toys?search=Draftable")).body)).toEqual([original.id]);

    const duplicated = await call("POST", `/api/toys/${original.id}/duplicate`);
    expect(duplicated.status).toBe(201);
    const copy = duplicated.body as Toy;
    expect(copy).toMatchObject({ name: "Draftable Tug Rope (copy)", status: "draft", isTopPick: false });

    // the public API: the list and its search, the toy, its categories and breed links
    expect(ids((await visitor("/api/toys")).body)).not.toContain(copy.id);
    expect(ids((await visitor("/api/toys?search=Draftable")).body)).toEqual([original.id]);
    expect((await visitor(`/api/toys/${copy.id}`)).status).toBe(404);
    expect((await visitor(`/api/toys/${copy.id}/categories`)).status).toBe(404);
    expect((await visitor(`/api/toys/${copy.id}/breed-recommendations`)).status).toBe(404);
    // breed pages and their API
    const recommended = (await visitor(`/api/recommendations/${breed.id}`)).body as {
      recommendations: { toyId: number }[];
    };
    expect(recommended.recommendations.map((r) => r.toyId)).toContain(original.id);
    expect(recommended.recommendations.map((r) => r.toyId)).not.toContain(copy.id);
    const cards = await server.services.catalog.listRecommendationCards(breed.id);
    expect(cards.map((card) => card.toyId)).not.toContain(copy.id);
    const summaries = await server.services.catalog.listBreedSummaries();
    const before = summaries.find((summary) => summary.id === breed.id)?.toyCount;
    // the sitemap, the toy page's lookup, /go
    const sitemap = await visitor("/sitemap.xml");
    expect(sitemap.text).toContain(`/toys/${original.slug}<`);
    expect(sitemap.text).not.toContain(`/toys/${copy.slug}<`);
    expect(await server.services.catalog.findToyBySlug(copy.slug)).toBeNull();
    expect((await visitor(`/go/${original.id}`)).status).toBe(302);
    expect((await visitor(`/go/${copy.id}`)).status).toBe(404);
    // the quiz scores published toys only
    expect((await server.services.catalog.listScorableToys()).map((toy) => toy.id)).not.toContain(copy.id);
    // posts' buy boxes and comparison tables: a token naming the draft shows nothing
    const boxes = await server.services.catalog.getBoxToysBySlugs([original.slug, copy.slug]);
    expect([...boxes.keys()]).toEqual([original.slug]);
    expect(await server.services.catalog.getBoxToy(copy.id)).toBeNull();

    // the owner sees it: the admin list (marked draft), the editor's reads, the API with a session
    const admin = await server.services.catalog.listProductsForAdmin({ search: "Draftable", page: 1, pageSize: 10 });
    expect(admin.items.map((row) => [row.name, row.status])).toEqual(
      expect.arrayContaining([
        ["Draftable Tug Rope", "published"],
        ["Draftable Tug Rope (copy)", "draft"],
      ]),
    );
    expect((await call("GET", `/api/toys/${copy.id}`)).body).toMatchObject({ id: copy.id, status: "draft" });
    expect((await call("GET", `/api/toys/${copy.id}/breed-recommendations`)).body).toMatchObject([
      { breedId: breed.id, note: "Strong enough" },
    ]);

    // an ordinary save keeps it a draft
    const { id: _id, slug: _slug, status: _status, categories, categoryName: _name, imageAlt: _alt, ...fields } = copy;
    const saved = await call("PUT", `/api/toys/${copy.id}`, {
      ...fields,
      name: "Draftable Tug Rope, Long",
      selectedCategories: categories.map((c) => c.id),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.status).toBe("draft");
    expect((await visitor(`/api/toys/${copy.id}`)).status).toBe(404);

    // Publish: the same save with status published; it is recorded as a publication
    const published = await call("PUT", `/api/toys/${copy.id}`, {
      ...fields,
      name: "Draftable Tug Rope, Long",
      selectedCategories: categories.map((c) => c.id),
      status: "published",
    });
    expect(published.body.status).toBe("published");
    expect((await visitor(`/api/toys/${copy.id}`)).status).toBe(200);
    expect(ids((await visitor("/api/toys?search=Draftable")).body)).toEqual(
      expect.arrayContaining([original.id, copy.id]),
    );
    expect((await visitor("/sitemap.xml")).text).toContain(`/toys/${copy.slug}<`);
    expect((await visitor(`/go/${copy.id}`)).status).toBe(302);
    const after = (await server.services.catalog.listBreedSummaries()).find((s) => s.id === breed.id)?.toyCount;
    expect(after).toBe((before ?? 0) + 1);
    const log = (await call("GET", "/api/admin/audit-log?kind=product&pageSize=10")).body as {
      action: string;
      itemId: number;
    }[];
    expect(log.filter((entry) => entry.itemId === copy.id).map((entry) => entry.action)).toEqual([
      "publish",
      "update",
      "create",
    ]);
  });

  it("refuses a status that is not draft or published, and keeps the spec's clients' products published", async () => {
    const refused = await call("POST", "/api/toys", {
      name: "Odd Status Toy",
      description: "A toy with a status nobody knows.",
      details: "Sent with a status that is neither draft nor published.",
      price: "$3.00",
      status: "hidden",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.status).toEqual(["Status must be draft or published"]);
  });
});
