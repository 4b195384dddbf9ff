import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Toy } from "../domain/catalog";
import { type RouteEntry, routeTable } from "../server/http/route-table";
import { type FeedServer, feedItem, rssFeed, startFeedServer } from "./support/feed-server";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// Every write route of the Express app, found by walking its router, must say here what it does
// to the caches (docs/caches.md): an admin write must show at once in every anonymous read it changes,
// so the read cache (services) and the response cache (HTTP) must both have let go of the old
// answer. Each case warms the reads it changes (the second GET is a cache hit), writes with an
// admin session, and expects the next anonymous GET to be no hit and to show the change. A write
// route missing from WRITES fails the first test, so a new one cannot ship without a cache rule.
// Writes that reach the editors another way (route actions) are covered by the last test: every
// editor method must empty the read cache.

let server: SeededTestServer;
let feeds: FeedServer;
let cookie: string;
let routes: RouteEntry[];
/** seeded breeds and categories the cases link toys to */
let breedId: number;
let categoryIds: [number, number];

interface Answer {
  status: number;
  cache: string | null;
  body: unknown;
}

async function anonymousGet(path: string): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`);
  const text = await res.text();
  return { status: res.status, cache: res.headers.get("x-cache"), body: text ? JSON.parse(text) : null };
}

async function adminCall(method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, cache: res.headers.get("x-cache"), body: text ? JSON.parse(text) : null };
}

let unique = 0;
/** A product made for one case (through the API, before the case warms anything). */
async function newToy(links: { categories?: number[]; breeds?: number[]; imageUrl?: string } = {}): Promise<Toy> {
  unique += 1;
  const created = await adminCall("POST", "/api/toys", {
    name: `Cache Rule Rope ${unique}`,
    description: "A rope toy made to check that admin writes empty the caches.",
    details: "Braided cotton rope with two knots, made for the test of what each admin write clears.",
    price: "$12.99",
    rating: "4.5",
    materialType: "durable",
    features: ["interactive"],
    ageRecommendation: "adult",
    suitableFor: "medium",
    imageUrl: links.imageUrl ?? null,
    selectedCategories: links.categories ?? [],
    breedRecommendations: (links.breeds ?? []).map((id) => ({ breedId: id, note: "Loves a tug" })),
  });
  expect(created.status).toBe(201);
  return created.body as Toy;
}

/** A post made for one case, published now so it is the newest (and so featured). */
async function newPost(): Promise<{ id: number; slug: string; title: string }> {
  unique += 1;
  const created = await adminCall("POST", "/api/posts", postInput(unique));
  expect(created.status).toBe(201);
  return created.body as { id: number; slug: string; title: string };
}

function postInput(n: number) {
  return {
    title: `Cache Rule Post ${n}`,
    slug: `cache-rule-post-${n}`,
    excerpt: "A post made to check that admin writes empty the caches.",
    content: "## Why\n\nEvery admin write must show at once on the public pages and in the public API reads.",
    // just past (a date ahead would schedule it), and newer than every earlier case's
    publishedAt: new Date(Date.now() - 600_000 + n * 1000).toISOString(),
    readingTime: 3,
    postType: "guide",
  };
}

const ids = (body: unknown) => (body as { id: number }[]).map((item) => item.id);
const recommendedToyIds = (body: unknown) =>
  (body as { recommendations: { toyId: number }[] }).recommendations.map((r) => r.toyId);
const categoryIdsOf = (body: unknown) => (body as { id: number }[]).map((c) => c.id);
const names = (body: unknown) => (body as { name: string }[]).map((item) => item.name);

let colour = 0;
/** Uploads a small PNG of a colour no other case used (so a new library image); its URL. */
async function uploadPng(name: string): Promise<string> {
  colour += 1;
  const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: colour, g: 80, b: 160 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), name);
  const res = await fetch(`${server.url}/api/upload`, { method: "POST", headers: { cookie }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

/** What one admin write is expected to change: the reads it changes, and what each must show after it. */
interface AdminWrite {
  cache: "clears";
  /** prepares the data, returns the reads to check, the write, and its status */
  arrange(): Promise<{
    reads: Record<string, (after: Answer) => void>;
    write(): Promise<Answer>;
    status: number;
  }>;
}
/** A write that changes nothing any cache holds, and why. */
interface NothingCached {
  cache: "nothing cached";
  why: string;
}

/** Every write route of the Express app: `METHOD /path` as the router walk names it. */
const WRITES: Record<string, AdminWrite | NothingCached> = {
  "POST /api/posts": {
    cache: "clears",
    async arrange() {
      unique += 1;
      const input = postInput(unique);
      return {
        write: () => adminCall("POST", "/api/posts", input),
        status: 201,
        reads: {
          "/api/posts": (after) => expect((after.body as { slug: string }[]).map((p) => p.slug)).toContain(input.slug),
          "/api/posts/featured": (after) =>
            expect((after.body as { slug: string }[]).map((p) => p.slug)).toContain(input.slug),
        },
      };
    },
  },
  "PATCH /api/posts/:id": {
    cache: "clears",
    async arrange() {
      const post = await newPost();
      const title = `${post.title}, revised`;
      const showsTitle = (after: Answer) => expect((after.body as { title: string }).title).toBe(title);
      return {
        write: () => adminCall("PATCH", `/api/posts/${post.id}`, { title }),
        status: 200,
        reads: {
          [`/api/posts/${post.id}`]: showsTitle,
          [`/api/posts/${post.slug}`]: showsTitle,
          "/api/posts": (after) =>
            expect((after.body as { id: number; title: string }[]).find((p) => p.id === post.id)?.title).toBe(title),
        },
      };
    },
  },
  "DELETE /api/posts/:id": {
    cache: "clears",
    async arrange() {
      const post = await newPost();
      return {
        write: () => adminCall("DELETE", `/api/posts/${post.id}`),
        status: 204,
        reads: {
          [`/api/posts/${post.id}`]: (after) => expect(after.status).toBe(404),
          [`/api/posts/${post.slug}`]: (after) => expect(after.status).toBe(404),
          "/api/posts": (after) => expect(ids(after.body)).not.toContain(post.id),
          "/api/posts/featured": (after) => expect(ids(after.body)).not.toContain(post.id),
        },
      };
    },
  },
  "POST /api/posts/bulk": {
    cache: "clears",
    async arrange() {
      const post = await newPost();
      return {
        write: () => adminCall("POST", "/api/posts/bulk", { ids: [post.id], action: "unpublish" }),
        status: 200,
        reads: {
          [`/api/posts/${post.slug}`]: (after) => expect(after.status).toBe(404),
          "/api/posts": (after) => expect(ids(after.body)).not.toContain(post.id),
          "/api/posts/featured": (after) => expect(ids(after.body)).not.toContain(post.id),
        },
      };
    },
  },
  "POST /api/posts/:id/restore": {
    cache: "clears",
    async arrange() {
      const post = await newPost();
      expect((await adminCall("DELETE", `/api/posts/${post.id}`)).status).toBe(204);
      return {
        write: () => adminCall("POST", `/api/posts/${post.id}/restore`),
        status: 200,
        reads: {
          "/api/posts": (after) => expect(ids(after.body)).toContain(post.id),
          "/api/posts/featured": (after) => expect(ids(after.body)).toContain(post.id),
        },
      };
    },
  },
  "POST /api/posts/:id/revisions/:revisionId/restore": {
    cache: "clears",
    async arrange() {
      const post = await newPost();
      expect((await adminCall("PATCH", `/api/posts/${post.id}`, { title: `${post.title}, revised` })).status).toBe(200);
      const [revision] = (await adminCall("GET", `/api/posts/${post.id}/revisions`)).body as { id: number }[];
      const showsTitle = (after: Answer) => expect((after.body as { title: string }).title).toBe(post.title);
      return {
        write: () => adminCall("POST", `/api/posts/${post.id}/revisions/${revision?.id}/restore`),
        status: 200,
        reads: { [`/api/posts/${post.id}`]: showsTitle, [`/api/posts/${post.slug}`]: showsTitle },
      };
    },
  },
  "POST /api/toys": {
    cache: "clears",
    async arrange() {
      const name = `Cache Rule Ball ${++unique}`;
      const names = (body: unknown) => (body as Toy[]).map((t) => t.name);
      const recommendedNames = (body: unknown) =>
        (body as { recommendations: { toy: Toy }[] }).recommendations.map((r) => r.toy.name);
      return {
        write: () =>
          adminCall("POST", "/api/toys", {
            name,
            description: "A ball made to check that a new product shows at once.",
            details: "A bouncy rubber ball, made for the test of what each admin write clears.",
            price: "$9.99",
            rating: "4.0",
            materialType: "rubber",
            features: ["fetch"],
            ageRecommendation: "puppy",
            suitableFor: "small",
            selectedCategories: [categoryIds[0]],
            breedRecommendations: [{ breedId, note: null }],
          }),
        status: 201,
        reads: {
          "/api/toys": (after) => expect(names(after.body)).toContain(name),
          [`/api/toys?category=${categoryIds[0]}&search=Cache%20Rule%20Ball`]: (after) =>
            expect(names(after.body)).toContain(name),
          [`/api/recommendations/${breedId}`]: (after) => expect(recommendedNames(after.body)).toContain(name),
        },
      };
    },
  },
  "PUT /api/toys/:id": {
    cache: "clears",
    async arrange() {
      const toy = await newToy({ categories: [categoryIds[0]], breeds: [breedId] });
      const { id, categories: _c, categoryName: _n, categoryId: _i, ...fields } = toy;
      const name = `${toy.name} Deluxe`;
      return {
        write: () =>
          adminCall("PUT", `/api/toys/${id}`, {
            ...fields,
            name,
            reviewCount: String(toy.reviewCount),
            selectedCategories: [categoryIds[1]],
            breedRecommendations: [],
          }),
        status: 200,
        reads: {
          [`/api/toys/${id}`]: (after) => expect((after.body as Toy).name).toBe(name),
          "/api/toys": (after) => expect((after.body as Toy[]).find((t) => t.id === id)?.name).toBe(name),
          [`/api/toys/${id}/categories`]: (after) => expect(categoryIdsOf(after.body)).toEqual([categoryIds[1]]),
          [`/api/toys/${id}/breed-recommendations`]: (after) => expect(after.body).toEqual([]),
          [`/api/recommendations/${breedId}`]: (after) => expect(recommendedToyIds(after.body)).not.toContain(id),
        },
      };
    },
  },
  "DELETE /api/toys/:id": {
    cache: "clears",
    async arrange() {
      const toy = await newToy({ categories: [categoryIds[0]], breeds: [breedId] });
      return {
        write: () => adminCall("DELETE", `/api/toys/${toy.id}`),
        status: 204,
        reads: {
          [`/api/toys/${toy.id}`]: (after) => expect(after.status).toBe(404),
          "/api/toys": (after) => expect(ids(after.body)).not.toContain(toy.id),
          [`/api/recommendations/${breedId}`]: (after) => expect(recommendedToyIds(after.body)).not.toContain(toy.id),
        },
      };
    },
  },
  "POST /api/toys/:id/restore": {
    cache: "clears",
    async arrange() {
      const toy = await newToy({ categories: [categoryIds[0]], breeds: [breedId] });
      expect((await adminCall("DELETE", `/api/toys/${toy.id}`)).status).toBe(204);
      return {
        write: () => adminCall("POST", `/api/toys/${toy.id}/restore`),
        status: 200,
        reads: {
          "/api/toys": (after) => expect(ids(after.body)).toContain(toy.id),
          [`/api/recommendations/${breedId}`]: (after) => expect(recommendedToyIds(after.body)).toContain(toy.id),
        },
      };
    },
  },
  "POST /api/toys/:id/categories": {
    cache: "clears",
    async arrange() {
      const toy = await newToy({ categories: [categoryIds[0]] });
      const search = encodeURIComponent(toy.name);
      return {
        write: () => adminCall("POST", `/api/toys/${toy.id}/categories`, { categoryId: categoryIds[1] }),
        status: 201,
        reads: {
          [`/api/toys/${toy.id}/categories`]: (after) =>
            expect(categoryIdsOf(after.body).sort()).toEqual([...categoryIds].sort()),
          [`/api/toys/${toy.id}`]: (after) =>
            expect(categoryIdsOf((after.body as Toy).categories).sort()).toEqual([...categoryIds].sort()),
          [`/api/toys?category=${categoryIds[1]}&search=${search}`]: (after) =>
            expect(ids(after.body)).toEqual([toy.id]),
        },
      };
    },
  },
  "DELETE /api/toys/:id/categories": {
    cache: "clears",
    async arrange() {
      const toy = await newToy({ categories: [...categoryIds] });
      return {
        write: () => adminCall("DELETE", `/api/toys/${toy.id}/categories`),
        status: 204,
        reads: {
          [`/api/toys/${toy.id}/categories`]: (after) => expect(after.body).toEqual([]),
          [`/api/toys/${toy.id}`]: (after) => expect((after.body as Toy).categories).toEqual([]),
        },
      };
    },
  },
  "DELETE /api/toys/:id/breed-recommendations": {
    cache: "clears",
    async arrange() {
      const toy = await newToy({ breeds: [breedId] });
      return {
        write: () => adminCall("DELETE", `/api/toys/${toy.id}/breed-recommendations`),
        status: 204,
        reads: {
          [`/api/toys/${toy.id}/breed-recommendations`]: (after) => expect(after.body).toEqual([]),
          [`/api/recommendations/${breedId}`]: (after) => expect(recommendedToyIds(after.body)).not.toContain(toy.id),
        },
      };
    },
  },
  "POST /api/breed-recommendations": {
    cache: "clears",
    async arrange() {
      const toy = await newToy();
      return {
        write: () => adminCall("POST", "/api/breed-recommendations", { toyId: toy.id, breedId, note: "Made for it" }),
        status: 201,
        reads: {
          [`/api/recommendations/${breedId}`]: (after) => expect(recommendedToyIds(after.body)).toContain(toy.id),
          [`/api/toys/${toy.id}/breed-recommendations`]: (after) =>
            expect((after.body as { breedId: number }[]).map((link) => link.breedId)).toEqual([breedId]),
        },
      };
    },
  },
  "DELETE /api/breed-recommendations/:id": {
    cache: "clears",
    async arrange() {
      const toy = await newToy({ breeds: [breedId] });
      const links = await adminCall("GET", `/api/toys/${toy.id}/breed-recommendations`);
      const [link] = links.body as { id: number }[];
      if (!link) throw new Error("the new toy has no breed link");
      return {
        write: () => adminCall("DELETE", `/api/breed-recommendations/${link.id}`),
        status: 204,
        reads: {
          [`/api/recommendations/${breedId}`]: (after) => expect(recommendedToyIds(after.body)).not.toContain(toy.id),
          [`/api/toys/${toy.id}/breed-recommendations`]: (after) => expect(after.body).toEqual([]),
        },
      };
    },
  },
  "POST /api/categories": {
    cache: "clears",
    async arrange() {
      const name = `Cache Rule Category ${++unique}`;
      return {
        write: () => adminCall("POST", "/api/categories", { name, icon: "dog" }),
        status: 201,
        reads: { "/api/categories": (after) => expect(names(after.body)).toContain(name) },
      };
    },
  },
  "POST /api/categories/order": {
    cache: "clears",
    async arrange() {
      const order = ids((await anonymousGet("/api/categories")).body);
      const reversed = [...order].reverse();
      return {
        write: () => adminCall("POST", "/api/categories/order", { ids: reversed }),
        status: 200,
        reads: { "/api/categories": (after) => expect(ids(after.body)).toEqual(reversed) },
      };
    },
  },
  "PATCH /api/categories/:id": {
    cache: "clears",
    async arrange() {
      const category = (await adminCall("POST", "/api/categories", { name: `Cache Rule Renamed ${++unique}` }))
        .body as { id: number; name: string };
      const toy = await newToy({ categories: [category.id] });
      const name = `${category.name} Again`;
      return {
        write: () => adminCall("PATCH", `/api/categories/${category.id}`, { name }),
        status: 200,
        reads: {
          "/api/categories": (after) => expect(names(after.body)).toContain(name),
          [`/api/toys/${toy.id}`]: (after) => expect(names((after.body as Toy).categories)).toEqual([name]),
        },
      };
    },
  },
  "DELETE /api/categories/:id": {
    cache: "clears",
    async arrange() {
      const category = (await adminCall("POST", "/api/categories", { name: `Cache Rule Leaving ${++unique}` }))
        .body as { id: number };
      const toy = await newToy({ categories: [category.id] });
      return {
        write: () => adminCall("DELETE", `/api/categories/${category.id}?moveTo=${categoryIds[1]}`),
        status: 204,
        reads: {
          "/api/categories": (after) => expect(ids(after.body)).not.toContain(category.id),
          [`/api/toys/${toy.id}/categories`]: (after) => expect(categoryIdsOf(after.body)).toEqual([categoryIds[1]]),
        },
      };
    },
  },
  "POST /api/breeds": {
    cache: "clears",
    async arrange() {
      const name = `Cache Rule Breed ${++unique}`;
      return {
        write: () =>
          adminCall("POST", "/api/breeds", { name, size: "small", description: "A breed made for the cache rules." }),
        status: 201,
        reads: { "/api/breeds": (after) => expect(names(after.body)).toContain(name) },
      };
    },
  },
  "PATCH /api/breeds/:id": {
    cache: "clears",
    async arrange() {
      const name = `Cache Rule Renamed Breed ${++unique}`;
      return {
        write: () => adminCall("PATCH", `/api/breeds/${breedId}`, { name }),
        status: 200,
        reads: {
          "/api/breeds": (after) => expect(names(after.body)).toContain(name),
          [`/api/recommendations/${breedId}`]: (after) =>
            expect((after.body as { breed: { name: string } }).breed.name).toBe(name),
        },
      };
    },
  },
  "DELETE /api/breeds/:id": {
    cache: "clears",
    async arrange() {
      const breed = (
        await adminCall("POST", "/api/breeds", {
          name: `Cache Rule Leaving Breed ${++unique}`,
          size: "large",
          description: "A breed made to be deleted by the cache rules.",
        })
      ).body as { id: number };
      const toy = await newToy({ breeds: [breed.id] });
      return {
        write: () => adminCall("DELETE", `/api/breeds/${breed.id}?removeRecommendations=true`),
        status: 204,
        reads: {
          "/api/breeds": (after) => expect(ids(after.body)).not.toContain(breed.id),
          [`/api/toys/${toy.id}/breed-recommendations`]: (after) => expect(after.body).toEqual([]),
        },
      };
    },
  },
  "POST /api/toys/bulk": {
    cache: "clears",
    async arrange() {
      const toy = await newToy();
      return {
        write: () => adminCall("POST", "/api/toys/bulk", { ids: [toy.id], action: "top-pick-on" }),
        status: 200,
        reads: {
          "/api/toys/top-picks": (after) => expect(ids(after.body)).toContain(toy.id),
          [`/api/toys/${toy.id}`]: (after) => expect((after.body as Toy).isTopPick).toBe(true),
        },
      };
    },
  },
  "POST /api/admin/toys/import": {
    cache: "clears",
    async arrange() {
      const toy = await newToy();
      const form = new FormData();
      const csv = `id,price,isTopPick\r\n${toy.id},$27.15,true\r\n`;
      form.append("file", new Blob([csv], { type: "text/csv" }), "toys.csv");
      return {
        write: async () => {
          const res = await fetch(`${server.url}/api/admin/toys/import`, {
            method: "POST",
            headers: { cookie },
            body: form,
          });
          return { status: res.status, cache: null, body: await res.json() };
        },
        status: 200,
        reads: {
          [`/api/toys/${toy.id}`]: (after) => expect((after.body as Toy).price).toBe("$27.15"),
          "/api/toys/top-picks": (after) => expect(ids(after.body)).toContain(toy.id),
        },
      };
    },
  },
  "POST /api/toys/:id/duplicate": {
    cache: "nothing cached",
    why: "the copy is a draft, which no public read shows (publishing it is a PUT, which clears)",
  },
  "PATCH /api/admin/media/:id": {
    cache: "clears",
    async arrange() {
      const imageUrl = await uploadPng(`cache-rule-alt-${++unique}.png`);
      const toy = await newToy({ imageUrl });
      const [image] = (await adminCall("GET", "/api/admin/media?pageSize=1")).body as { id: number }[];
      const altText = `A rope toy, picture ${unique}`;
      return {
        write: () => adminCall("PATCH", `/api/admin/media/${image?.id}`, { altText }),
        status: 200,
        reads: { [`/api/toys/${toy.id}`]: (after) => expect((after.body as Toy).imageAlt).toBe(altText) },
      };
    },
  },
  "DELETE /api/admin/media/:id": {
    cache: "nothing cached",
    why: "only an image nothing uses can be deleted, so no cached read names it; /uploads is never in the response cache",
  },
  "POST /api/upload": {
    cache: "nothing cached",
    why: "a new image gets a new content-addressed URL (/uploads/{sha256}.webp); no cached read lists images (checked below)",
  },
  "POST /api/admin/login": { cache: "nothing cached", why: "sessions are never cached; answers are private" },
  "POST /api/admin/logout": { cache: "nothing cached", why: "sessions are never cached; answers are private" },
  "POST /api/admin/password": { cache: "nothing cached", why: "the account is never cached; answers are private" },
  "POST /api/admin/post-preview": { cache: "nothing cached", why: "a preview writes nothing; it only reads" },
  "DELETE /api/admin/trash": { cache: "nothing cached", why: "only trashed items go, which no public read shows" },
  "DELETE /api/admin/trash/posts/:id": { cache: "nothing cached", why: "a trashed post is in no public read" },
  "DELETE /api/admin/trash/products/:id": { cache: "nothing cached", why: "a trashed product is in no public read" },
  "POST /api/contact": { cache: "nothing cached", why: "contact messages appear in no public read" },
  "POST /api/quiz-newsletter": {
    cache: "nothing cached",
    why: "quiz submissions and subscribers appear only in admin reads, which are never cached",
  },
  "POST /api/track-visit": { cache: "nothing cached", why: "statistics appear only in the admin dashboard" },
  "POST /api/track-pageview": { cache: "nothing cached", why: "statistics appear only in the admin dashboard" },
  "POST /api/track-quiz": { cache: "nothing cached", why: "the quiz funnel appears only in the admin dashboard" },
  // issue 19: the inbox, subscribers, newsletters and data rights are admin reads only, never cached
  "PATCH /api/admin/messages/:id": { cache: "nothing cached", why: "contact messages appear in no public read" },
  "DELETE /api/admin/messages/:id": { cache: "nothing cached", why: "contact messages appear in no public read" },
  "POST /api/admin/messages/:id/restore": { cache: "nothing cached", why: "contact messages appear in no public read" },
  "POST /api/admin/messages/:id/reply": {
    cache: "nothing cached",
    why: "a reply only queues an e-mail and marks the message; no public read shows either",
  },
  "DELETE /api/admin/trash/messages/:id": { cache: "nothing cached", why: "a trashed message is in no public read" },
  "PATCH /api/admin/subscribers/:id": { cache: "nothing cached", why: "subscribers appear in no public read" },
  "DELETE /api/admin/subscribers/:id": { cache: "nothing cached", why: "subscribers appear in no public read" },
  "POST /api/admin/newsletters": { cache: "nothing cached", why: "newsletters appear in no public read" },
  "PATCH /api/admin/newsletters/:id": { cache: "nothing cached", why: "newsletters appear in no public read" },
  "DELETE /api/admin/newsletters/:id": { cache: "nothing cached", why: "newsletters appear in no public read" },
  "POST /api/admin/newsletters/:id/test": { cache: "nothing cached", why: "a test send only queues an e-mail" },
  "POST /api/admin/newsletters/:id/send": {
    cache: "nothing cached",
    why: "a send only queues e-mails and records deliveries; no public read shows either",
  },
  "DELETE /api/admin/personal-data": {
    cache: "nothing cached",
    why: "quiz submissions, subscribers, contact messages and e-mails appear in no public read",
  },
  "DELETE /api/admin/quiz-submissions/:id": {
    cache: "nothing cached",
    why: "quiz submissions appear in no public read",
  },
  "POST /api/admin/product-sync": {
    cache: "clears",
    async arrange() {
      const toy = await newToy();
      const itemId = `CACHE-SYNC-${toy.id}`;
      await server.database.db.execute(sql`update toys set retailer_item_id = ${itemId} where id = ${toy.id}`);
      feeds.feed.body = rssFeed([feedItem(itemId, { price: "31.17 USD" })]);
      return {
        write: () => adminCall("POST", "/api/admin/product-sync"),
        status: 200,
        reads: {
          [`/api/toys/${toy.id}`]: (after) => expect((after.body as Toy).price).toBe("$31.17"),
        },
      };
    },
  },
  "POST /api/admin/link-check": {
    cache: "nothing cached",
    why: "a check stores each link's state, which only the admin reads; replacing a link goes through the product editor, which clears",
  },
  "POST /api/admin/earnings/import": {
    cache: "nothing cached",
    why: "report lines, which only the admin's earnings report reads",
  },
  "PUT /api/admin/earnings/tracking-ids/:trackingId": {
    cache: "nothing cached",
    why: "how report lines are shared out, which only the admin's earnings report reads",
  },
  "DELETE /api/admin/earnings/tracking-ids/:trackingId": {
    cache: "nothing cached",
    why: "how report lines are shared out, which only the admin's earnings report reads",
  },
  "PUT /api/admin/settings": {
    cache: "clears",
    async arrange() {
      // confirmed 30 hours ago: hidden at the default price age of 24 hours, shown at 48
      const toy = await newToy();
      await server.database.db.execute(
        sql`update toys set price_confirmed_at = now() - interval '30 hours' where id = ${toy.id}`,
      );
      return {
        write: () => adminCall("PUT", "/api/admin/settings", { priceMaxAgeHours: 48 }),
        status: 200,
        reads: {
          [`/api/toys/${toy.id}`]: (after) => expect(after.body).toMatchObject({ price: "$12.99", priceHidden: false }),
        },
      };
    },
  },
};

beforeAll(async () => {
  // a lifetime no case outlasts: an entry that merely expired would pass for one the write cleared
  feeds = await startFeedServer();
  feeds.feed.body = rssFeed([]);
  server = await startSeededTestServer({
    readCacheTtlMs: 60_000,
    retail: { allowHosts: [feeds.host], feedUrls: [feeds.url] },
  });
  cookie = await adminCookie(server);
  routes = routeTable(server.app);
  const breeds = (await anonymousGet("/api/breeds")).body as { id: number }[];
  const categories = (await anonymousGet("/api/categories")).body as { id: number }[];
  const [first, second] = categories;
  const lastBreed = breeds.at(-1);
  if (!first || !second || !lastBreed) throw new Error("the demo content has no breeds or categories");
  breedId = lastBreed.id;
  categoryIds = [first.id, second.id];
});
afterAll(async () => {
  await server?.close();
  await feeds?.close();
});

describe("what each write route does to the caches", () => {
  it("has a cache rule for every write route the router has, and none for a route that is gone", () => {
    const writeRoutes = routes
      .filter((route) => route.method !== "GET" && route.method !== "HEAD")
      .map((route) => `${route.method} ${route.path}`);
    expect(writeRoutes.length).toBeGreaterThan(10);
    const missing = writeRoutes.filter((route) => !(route in WRITES));
    expect(missing, "write routes without an entry in WRITES: say what each must clear").toEqual([]);
    expect(Object.keys(WRITES).filter((route) => !writeRoutes.includes(route))).toEqual([]);
  });

  const adminWrites = Object.entries(WRITES).filter(
    (entry): entry is [string, AdminWrite] => entry[1].cache === "clears",
  );
  it.each(adminWrites)("%s: the next anonymous read is no stale hit and shows the change", async (_route, rule) => {
    const { reads, write, status } = await rule.arrange();
    for (const path of Object.keys(reads)) {
      const first = await anonymousGet(path);
      expect(first.status, path).toBe(200);
      const second = await anonymousGet(path);
      expect(second.cache, `${path} is served from the cache before the write`).toBe("hit");
    }

    expect((await write()).status).toBe(status);

    for (const [path, shows] of Object.entries(reads)) {
      const after = await anonymousGet(path);
      expect(after.cache, `${path} after the write`).not.toBe("hit");
      expect(after.cache, `${path} after the write`).not.toBe("stale");
      shows(after);
    }
  });

  it("POST /api/upload: the new image is served at once at its own URL, and a missing one is never kept", async () => {
    const missing = await fetch(`${server.url}/uploads/${"0".repeat(64)}.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-cache");

    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: "#cc6633" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "cache-rule.png");
    const uploaded = await fetch(`${server.url}/api/upload`, { method: "POST", headers: { cookie }, body: form });
    expect(uploaded.status).toBe(200);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);

    const image = await fetch(`${server.url}${imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // served from the media table every time: the response cache never holds images
    expect(image.headers.get("x-cache")).toBeNull();
  });

  it("every method of the post and product editors empties the read cache, even when it fails", async () => {
    const { readCache, postEditor, productEditor } = server.services;
    const clear = readCache.clear;
    let clears = 0;
    readCache.clear = () => {
      clears += 1;
      clear.call(readCache);
    };
    // ids that do not exist, so every call fails or finds nothing and no row changes
    const NO_ID = 2_000_000_000;
    const noSuchRow = { toyId: NO_ID, breedId: NO_ID, categoryId: NO_ID, note: null };
    const rows = async () =>
      (
        await server.database.db.execute(
          sql`select (select count(*) from posts) + (select count(*) from toys) + (select count(*) from toy_categories)
            + (select count(*) from breed_recommendations) as n`,
        )
      ).rows;
    const rowsBefore = await rows();
    try {
      for (const [name, editor] of Object.entries({ postEditor, productEditor })) {
        for (const [method, call] of Object.entries(editor)) {
          if (typeof call !== "function") continue;
          const before = clears;
          await Promise.resolve(call(NO_ID, noSuchRow)).catch(() => {});
          expect(clears, `${name}.${method} must be in create-services.ts's clearingReadCache list`).toBe(before + 1);
        }
      }
    } finally {
      readCache.clear = clear;
    }
    expect(await rows()).toEqual(rowsBefore);
  });
});
