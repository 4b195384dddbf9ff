import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "../domain/catalog";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Categories and breeds the owner edits, and the products list's bulk actions, duplicate, sort
// and filters (issue 18, decision 027), against a real server and database.

let server: SeededTestServer;
let cookie: string;

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the answers are JSON checked field by field with expect
  body: any;
}

async function call(method: string, path: string, body?: unknown, signedIn = true): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(signedIn ? { cookie } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

let unique = 0;
async function newToy(fields: Record<string, unknown> = {}): Promise<Toy> {
  unique += 1;
  const created = await call("POST", "/api/toys", {
    name: `Structure Test Toy ${unique}`,
    description: "A toy made for the catalogue structure tests.",
    details: "A toy that exists only so that the tests have something to move around.",
    price: "$10.00",
    rating: "4.0",
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as Toy;
}

const names = (body: unknown) => (body as { name: string }[]).map((item) => item.name);

beforeAll(async () => {
  server = await startSeededTestServer({ readCacheTtlMs: 60_000 });
  cookie = await adminCookie(server);
});
afterAll(() => server?.close());

describe("categories", () => {
  it("are created, changed and listed in the owner's order, which the public reads follow at once", async () => {
    const before = (await call("GET", "/api/categories", undefined, false)).body as { id: number; name: string }[];
    const created = await call("POST", "/api/categories", {
      name: "Snuffle Toys",
      description: "Mats and balls that hide treats.",
      icon: "brain",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Snuffle Toys", icon: "brain", imageUrl: null });
    // new categories go last
    expect(names((await call("GET", "/api/categories", undefined, false)).body).at(-1)).toBe("Snuffle Toys");

    expect((await call("POST", "/api/categories", { name: "snuffle toys" })).status).toBe(409);
    expect((await call("POST", "/api/categories", { name: "X" })).status).toBe(400);
    expect((await call("POST", "/api/categories", { name: "Odd Icon", icon: "rocket" })).status).toBe(400);

    const changed = await call("PATCH", `/api/categories/${created.body.id}`, { description: "Sniff, find, eat." });
    expect(changed.body).toMatchObject({ name: "Snuffle Toys", description: "Sniff, find, eat.", icon: "brain" });
    expect((await call("PATCH", "/api/categories/999999", { name: "Nobody" })).status).toBe(404);
    const other = before[0];
    expect((await call("PATCH", `/api/categories/${created.body.id}`, { name: other?.name })).status).toBe(409);

    // reorder: the new one first, then the rest as they were; the home page shows the first six
    const ids = [created.body.id, ...before.map((c) => c.id)];
    const reordered = await call("POST", "/api/categories/order", { ids });
    expect(reordered.status).toBe(200);
    expect((reordered.body as { id: number }[]).map((c) => c.id)).toEqual(ids);
    const publicOrder = (await call("GET", "/api/categories", undefined, false)).body as { id: number }[];
    expect(publicOrder.map((c) => c.id)).toEqual(ids);
    const home = await server.services.catalog.listCategories();
    expect(home.slice(0, 6).map((c) => c.id)).toEqual(ids.slice(0, 6));

    // a position in PATCH moves it too
    const last = await call("PATCH", `/api/categories/${created.body.id}`, { position: 1000 });
    expect(last.status).toBe(200);
    expect(((await call("GET", "/api/categories", undefined, false)).body as { id: number }[]).at(-1)?.id).toBe(
      created.body.id,
    );

    expect((await call("POST", "/api/categories/order", { ids: ids.slice(1) })).status).toBe(400);
    expect((await call("POST", "/api/categories/order", { ids: [...ids, ids[0]] })).status).toBe(400);
    expect((await call("POST", "/api/categories/order", { ids: [...ids.slice(1), 999999] })).status).toBe(400);
  });

  it("moves one place up or down (the list's buttons), staying put at either end", async () => {
    const { categoryEditor, catalog } = server.services;
    const order = async () => (await catalog.listCategories()).map((c) => c.id);
    const start = await order();
    const [first, second] = start;
    if (first === undefined || second === undefined) throw new Error("too few categories");
    expect(await categoryEditor.move(second, "up")).toBe(true);
    expect((await order()).slice(0, 2)).toEqual([second, first]);
    expect(await categoryEditor.move(second, "up")).toBe(true);
    expect((await order())[0]).toBe(second);
    expect(await categoryEditor.move(second, "down")).toBe(true);
    expect(await order()).toEqual(start);
    expect(await categoryEditor.move(999_999, "down")).toBe(false);
  });

  it("refuse a delete while products use them, unless the products move to another category", async () => {
    const source = (await call("POST", "/api/categories", { name: "Leaving Soon" })).body as { id: number };
    const target = (await call("POST", "/api/categories", { name: "Staying Here" })).body as { id: number };
    const linked = await newToy({ selectedCategories: [source.id] });
    const legacy = await newToy({ categoryId: source.id, selectedCategories: [] });
    const both = await newToy({ selectedCategories: [source.id, target.id] });

    const refused = await call("DELETE", `/api/categories/${source.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("“Leaving Soon” can't be deleted: it still has 3 products");

    expect((await call("DELETE", `/api/categories/${source.id}?moveTo=${source.id}`)).status).toBe(400);
    expect((await call("DELETE", `/api/categories/${source.id}?moveTo=999999`)).status).toBe(400);
    expect((await call("DELETE", `/api/categories/${source.id}?moveTo=abc`)).status).toBe(400);
    // warm a public read the move changes
    await call("GET", `/api/toys/${linked.id}`, undefined, false);

    expect((await call("DELETE", `/api/categories/${source.id}?moveTo=${target.id}`)).status).toBe(204);
    const stored = async (id: number) => (await call("GET", `/api/toys/${id}`, undefined, false)).body as Toy;
    expect((await stored(linked.id)).categories.map((c) => c.id)).toEqual([target.id]);
    expect((await stored(legacy.id)).categoryId).toBe(target.id);
    expect((await stored(both.id)).categories.map((c) => c.id)).toEqual([target.id]);
    expect(names((await call("GET", "/api/categories", undefined, false)).body)).not.toContain("Leaving Soon");
    expect((await call("DELETE", `/api/categories/${source.id}`)).status).toBe(404);

    // a category only trashed products use is refused too: a restore would bring their links back
    const trashedOnly = (await call("POST", "/api/categories", { name: "Trash Only" })).body as { id: number };
    const trashed = await newToy({ selectedCategories: [trashedOnly.id] });
    expect((await call("DELETE", `/api/toys/${trashed.id}`)).status).toBe(204);
    const refusedTrash = await call("DELETE", `/api/categories/${trashedOnly.id}`);
    expect(refusedTrash.status).toBe(409);
    expect(refusedTrash.body.message).toContain("in the trash");

    // one nothing uses goes at once
    const unused = (await call("POST", "/api/categories", { name: "Nothing Here" })).body as { id: number };
    expect((await call("DELETE", `/api/categories/${unused.id}`)).status).toBe(204);
  });

  it("are the admin's to change", async () => {
    expect((await call("POST", "/api/categories", { name: "Anonymous" }, false)).status).toBe(401);
    expect((await call("DELETE", "/api/categories/1", undefined, false)).status).toBe(401);
  });
});

describe("breeds", () => {
  it("are created with a slug from the name, which a rename keeps", async () => {
    const created = await call("POST", "/api/breeds", {
      name: "Nova Scotia Duck Tolling Retriever",
      size: "medium",
      description: "A clever, energetic retriever that loves water and fetch.",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: "nova-scotia-duck-tolling-retriever", size: "medium", imageAlt: null });
    const renamed = await call("PATCH", `/api/breeds/${created.body.id}`, { name: "Toller" });
    expect(renamed.body).toMatchObject({ name: "Toller", slug: "nova-scotia-duck-tolling-retriever" });
    expect(names((await call("GET", "/api/breeds", undefined, false)).body)).toContain("Toller");

    // a second breed whose name makes the same slug gets -2
    const twin = await call("POST", "/api/breeds", {
      name: "Nova Scotia Duck-Tolling Retriever!",
      size: "medium",
      description: "Another spelling of the same breed, for the slug test.",
    });
    expect(twin.body.slug).toBe("nova-scotia-duck-tolling-retriever-2");

    expect(
      (await call("POST", "/api/breeds", { name: "toller", size: "small", description: "Same name again." })).status,
    ).toBe(409);
    const invalid = await call("POST", "/api/breeds", { name: "Huge Dog", size: "giant", description: "short" });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["description", "size"]);
    expect((await call("PATCH", "/api/breeds/999999", { name: "Nobody Here" })).status).toBe(404);
  });

  it("refuse a delete while products are recommended for them, unless the recommendations go too", async () => {
    const breed = (
      await call("POST", "/api/breeds", {
        name: "Short-Lived Breed",
        size: "small",
        description: "A breed made to be deleted by the test.",
      })
    ).body as { id: number };
    const toy = await newToy({ breedRecommendations: [{ breedId: breed.id, note: "Made for it" }] });

    const refused = await call("DELETE", `/api/breeds/${breed.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("1 product is recommended for it");
    expect((await call("DELETE", `/api/breeds/${breed.id}?removeRecommendations=false`)).status).toBe(409);
    expect((await call("DELETE", `/api/breeds/${breed.id}?removeRecommendations=yes`)).status).toBe(400);

    expect((await call("DELETE", `/api/breeds/${breed.id}?removeRecommendations=true`)).status).toBe(204);
    expect((await call("GET", `/api/toys/${toy.id}/breed-recommendations`, undefined, false)).body).toEqual([]);
    expect((await call("GET", `/api/recommendations/${breed.id}`, undefined, false)).status).toBe(404);
    expect((await call("DELETE", `/api/breeds/${breed.id}`)).status).toBe(404);
  });
});

describe("the products list", () => {
  it("bulk-changes top pick and stock, and moves products to the trash, all or nothing", async () => {
    const [a, b] = [await newToy(), await newToy()];
    const both = [a.id, b.id];
    const on = await call("POST", "/api/toys/bulk", { ids: both, action: "top-pick-on" });
    expect(on.body).toEqual({ action: "top-pick-on", count: 2 });
    expect((await call("GET", `/api/toys/${a.id}`, undefined, false)).body.isTopPick).toBe(true);
    expect((await call("POST", "/api/toys/bulk", { ids: both, action: "out-of-stock" })).body.count).toBe(2);
    expect((await call("GET", `/api/toys/${b.id}`, undefined, false)).body.inStock).toBe(false);
    expect((await call("POST", "/api/toys/bulk", { ids: [a.id], action: "in-stock" })).body.count).toBe(1);
    expect((await call("POST", "/api/toys/bulk", { ids: [a.id], action: "top-pick-off" })).body.count).toBe(1);

    const unknown = await call("POST", "/api/toys/bulk", { ids: [a.id, 999_999], action: "delete" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unknown product: 999999");
    expect((await call("GET", `/api/toys/${a.id}`, undefined, false)).status).toBe(200);
    expect((await call("POST", "/api/toys/bulk", { ids: both, action: "explode" })).status).toBe(400);
    expect((await call("POST", "/api/toys/bulk", { ids: [], action: "delete" })).status).toBe(400);

    expect((await call("POST", "/api/toys/bulk", { ids: both, action: "delete" })).body).toEqual({
      action: "delete",
      count: 2,
    });
    expect((await call("GET", `/api/toys/${a.id}`, undefined, false)).status).toBe(404);
    const trash = (await call("GET", "/api/admin/trash")).body as { kind: string; id: number }[];
    expect(trash.filter((item) => item.kind === "product").map((item) => item.id)).toEqual(
      expect.arrayContaining(both),
    );
    // trashed ids are not products to act on
    expect((await call("POST", "/api/toys/bulk", { ids: [a.id], action: "in-stock" })).status).toBe(400);
  });

  it("duplicates a product with its categories and breed notes, named (copy), not as a top pick", async () => {
    const [category] = (await call("GET", "/api/categories", undefined, false)).body as { id: number }[];
    const [breed] = (await call("GET", "/api/breeds", undefined, false)).body as { id: number }[];
    const original = await newToy({
      name: "Duplicated Rope Toy",
      isTopPick: true,
      features: ["tug", "interactive"],
      selectedCategories: [category?.id],
      breedRecommendations: [{ breedId: breed?.id, note: "Strong enough" }],
    });
    const copy = await call("POST", `/api/toys/${original.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      name: "Duplicated Rope Toy (copy)",
      slug: "duplicated-rope-toy-copy",
      isTopPick: false,
      price: original.price,
      features: ["tug", "interactive"],
      categories: [{ id: category?.id }],
    });
    expect(copy.body.id).not.toBe(original.id);
    // a draft (issue 26): the owner's session reads its links, a visitor finds no such toy
    expect(copy.body.status).toBe("draft");
    expect((await call("GET", `/api/toys/${copy.body.id}/breed-recommendations`, undefined, false)).status).toBe(404);
    const links = (await call("GET", `/api/toys/${copy.body.id}/breed-recommendations`)).body;
    expect(links).toMatchObject([{ breedId: breed?.id, note: "Strong enough" }]);
    const again = await call("POST", `/api/toys/${original.id}/duplicate`);
    expect(again.body.slug).toBe("duplicated-rope-toy-copy-2");
    expect((await call("POST", "/api/toys/999999/duplicate")).status).toBe(404);
  });

  it("sorts by name, price, rating and date, filters by category, top pick and stock, and lists every category", async () => {
    const { catalog } = server.services;
    const category = (await call("POST", "/api/categories", { name: "Sort Test Toys" })).body as { id: number };
    const second = (await call("POST", "/api/categories", { name: "Second Sort Toys" })).body as { id: number };
    const cheap = await newToy({
      name: "Sortable Alpha",
      price: "$5.00",
      rating: "3.0",
      selectedCategories: [category.id],
    });
    const pricey = await newToy({
      name: "Sortable Bravo",
      price: "$50.00",
      rating: "4.8",
      isTopPick: true,
      selectedCategories: [category.id, second.id],
    });
    const middle = await newToy({
      name: "Sortable Charlie",
      price: "$20.00",
      rating: "4.1",
      inStock: false,
      categoryId: category.id,
      selectedCategories: [],
    });
    const list = async (query: Record<string, unknown>) =>
      (await catalog.listProductsForAdmin({ category: category.id, page: 1, pageSize: 50, ...query })).items.map(
        (row) => row.name,
      );
    expect(await list({})).toEqual(["Sortable Bravo", "Sortable Charlie", "Sortable Alpha"]);
    expect(await list({ sort: "name-asc" })).toEqual(["Sortable Alpha", "Sortable Bravo", "Sortable Charlie"]);
    expect(await list({ sort: "name-desc" })).toEqual(["Sortable Charlie", "Sortable Bravo", "Sortable Alpha"]);
    expect(await list({ sort: "price-asc" })).toEqual(["Sortable Alpha", "Sortable Charlie", "Sortable Bravo"]);
    expect(await list({ sort: "price-desc" })).toEqual(["Sortable Bravo", "Sortable Charlie", "Sortable Alpha"]);
    expect(await list({ sort: "rating-asc" })).toEqual(["Sortable Alpha", "Sortable Charlie", "Sortable Bravo"]);
    expect(await list({ sort: "rating-desc" })).toEqual(["Sortable Bravo", "Sortable Charlie", "Sortable Alpha"]);
    expect(await list({ sort: "newest" })).toEqual(["Sortable Charlie", "Sortable Bravo", "Sortable Alpha"]);
    expect(await list({ sort: "oldest" })).toEqual(["Sortable Alpha", "Sortable Bravo", "Sortable Charlie"]);
    expect(await list({ topPick: "yes" })).toEqual(["Sortable Bravo"]);
    expect(await list({ topPick: "no", sort: "name-asc" })).toEqual(["Sortable Alpha", "Sortable Charlie"]);
    expect(await list({ stock: "out" })).toEqual(["Sortable Charlie"]);
    expect(await list({ stock: "in", search: "bravo" })).toEqual(["Sortable Bravo"]);
    expect(await list({ category: second.id })).toEqual(["Sortable Bravo"]);

    const page = await catalog.listProductsForAdmin({ category: category.id, sort: "name-asc", page: 1, pageSize: 2 });
    expect(page.total).toBe(3);
    expect(page.items.map((row) => row.id)).toEqual([cheap.id, pricey.id]);
    const bravo = page.items[1];
    expect(bravo?.categories.map((c) => c.id).sort((x, y) => x - y)).toEqual([category.id, second.id]);
    expect(bravo).toMatchObject({ inStock: true, isTopPick: true });
    expect((await catalog.listProductsForAdmin({ search: "Sortable Charlie", page: 1, pageSize: 5 })).items).toEqual([
      expect.objectContaining({ id: middle.id, inStock: false, categories: [] }),
    ]);
  });
});
