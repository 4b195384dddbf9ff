import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmartImage } from "../app/components/smart-image";
import { uploadSrcSet } from "../domain/upload-urls";
import { adminCookie, type SeededTestServer, startSeededTestServer } from "./support/test-server";

// The media library (issue 18, decision 027) against a real server and database: uploads get
// smaller WebP copies served at their own URLs, pages list them in srcset, and the library lists
// every image with where it is used, edits alt text and refuses to delete an image in use.

let server: SeededTestServer;
let cookie: string;

interface MediaItem {
  id: number;
  url: string;
  width: number;
  height: number;
  size: number;
  renditions: number[];
  originalName: string | null;
  altText: string | null;
  createdAt: string;
  usage: { kind: string; id: number; title: string; field: string; inTrash: boolean }[];
}

async function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function upload(bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  const res = await fetch(`${server.url}/api/upload`, { method: "POST", headers: { cookie }, body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { imageUrl: string }).imageUrl;
}

async function admin(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function library(query = ""): Promise<{ items: MediaItem[]; total: number }> {
  const res = await admin("GET", `/api/admin/media${query}`);
  expect(res.status).toBe(200);
  return { items: res.body as MediaItem[], total: Number(res.headers.get("x-total-count")) };
}

async function itemFor(url: string): Promise<MediaItem> {
  const item = (await library("?pageSize=100")).items.find((i) => i.url === url);
  if (!item) throw new Error(`${url} is not in the library`);
  return item;
}

const TOY = {
  description: "A ball made for the media library test.",
  details: "A bouncy rubber ball, made up for the test of the media library and its usage.",
  price: "$9.99",
};

beforeAll(async () => {
  server = await startSeededTestServer({ readCacheTtlMs: 60_000 });
  cookie = await adminCookie(server);
});
afterAll(() => server?.close());

describe("renditions", () => {
  it("are stored for each width narrower than the image, and served at /uploads/{hash}-{width}.webp", async () => {
    const url = await upload(await png(1200, 900, "#3366cc"), "wide-photo.png");
    const hash = url.slice("/uploads/".length, -".webp".length);
    const item = await itemFor(url);
    expect(item).toMatchObject({
      width: 1200,
      height: 900,
      renditions: [400, 800],
      originalName: "wide-photo.png",
      thumbnailUrl: `/uploads/${hash}-400.webp`,
    });

    for (const width of [400, 800]) {
      const res = await fetch(`${server.url}/uploads/${hash}-${width}.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(Math.round((900 * width) / 1200));
    }
    // no copy as wide as the image itself: the image answers for it
    const widest = await fetch(`${server.url}/uploads/${hash}-1600.webp`);
    expect(widest.status).toBe(200);
    expect((await sharp(Buffer.from(await widest.arrayBuffer())).metadata()).width).toBe(1200);
    // each copy has its own ETag (revalidating one never answers for another)
    expect(widest.headers.get("etag")).toBe(`"${hash}-1600"`);
  });

  it("are not made for a small image, whose every width is the image itself", async () => {
    const url = await upload(await png(300, 200, "#cc6633"), "C:\\Users\\owner\\tiny.png");
    const item = await itemFor(url);
    expect(item).toMatchObject({ width: 300, renditions: [], originalName: "tiny.png" });
    const hash = url.slice("/uploads/".length, -".webp".length);
    const res = await fetch(`${server.url}/uploads/${hash}-400.webp`);
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(300);
  });

  it("answer 404 for widths pages never ask for and for images that do not exist", async () => {
    const url = await upload(await png(900, 600, "#118844"), "odd-width.png");
    const hash = url.slice("/uploads/".length, -".webp".length);
    expect((await fetch(`${server.url}/uploads/${hash}-500.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/${hash}-0400.webp`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/${"0".repeat(64)}-400.webp`)).status).toBe(404);
  });
});

describe("srcset", () => {
  it("lists every copy of an upload and leaves other images alone", () => {
    const hash = "a".repeat(64);
    expect(uploadSrcSet(`/uploads/${hash}.webp`)).toBe(
      `/uploads/${hash}-400.webp 400w, /uploads/${hash}-800.webp 800w, /uploads/${hash}-1600.webp 1600w`,
    );
    expect(uploadSrcSet("/images/demo/toys/ball.svg")).toBeUndefined();
    expect(uploadSrcSet(`/uploads/${hash}-400.webp`)).toBeUndefined();
    expect(uploadSrcSet(null)).toBeUndefined();
  });

  it("is what SmartImage renders for an upload, with the caller's sizes and explicit dimensions", () => {
    const hash = "b".repeat(64);
    const html = renderToStaticMarkup(
      createElement(SmartImage, {
        src: `/uploads/${hash}.webp`,
        alt: "A ball",
        width: 800,
        height: 600,
        sizes: "100vw",
      }),
    );
    // React writes the attribute as srcSet (HTML attribute names are case-insensitive)
    expect(html.toLowerCase()).toContain(`<img`);
    expect(html).toMatch(new RegExp(`<img[^>]* srcset="${uploadSrcSet(`/uploads/${hash}.webp`)}"`, "i"));
    expect(html).toContain('sizes="100vw"');
    expect(html).toContain('width="800"');
    expect(html).toContain('height="600"');
    const other = renderToStaticMarkup(
      createElement(SmartImage, { src: "/images/a.svg", alt: "", width: 10, height: 10 }),
    );
    expect(other).not.toContain("srcset");
  });
});

describe("the library", () => {
  it("lists images newest first, paged with X-Total-Count, searchable by file name and alt text", async () => {
    const first = await upload(await png(64, 48, "#aa0000"), "library-search-apple.png");
    const second = await upload(await png(64, 48, "#00aa00"), "library-search-banana.png");
    const all = await library("?pageSize=2&page=1");
    expect(all.items).toHaveLength(2);
    expect(all.items[0]?.url).toBe(second);
    expect(all.items[1]?.url).toBe(first);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const found = await library("?search=BANANA");
    expect(found.items.map((i) => i.url)).toEqual([second]);
    expect(found.total).toBe(1);
    // % and _ are letters, not wildcards
    expect((await library("?search=%25")).total).toBe(0);
    expect((await admin("GET", "/api/admin/media?page=0")).status).toBe(400);
    expect((await admin("GET", "/api/admin/media?pageSize=101")).status).toBe(400);
  });

  it("says where each image is used: posts (image, social image, body), products, breeds, categories", async () => {
    const url = await upload(await png(640, 480, "#663399"), "used-everywhere.png");
    const hash = url.slice("/uploads/".length, -".webp".length);
    const toy = await admin("POST", "/api/toys", { ...TOY, name: "Library Usage Ball", imageUrl: url });
    expect(toy.status).toBe(201);
    const post = await admin("POST", "/api/posts", {
      title: "Library Usage Guide",
      excerpt: "A guide that shows one image three times.",
      content: `An image in the body:\n\n![A ball](/uploads/${hash}-800.webp)\n\nAnd more text to pass fifty characters.`,
      imageUrl: url,
      socialImageUrl: url,
      postType: "guide",
    });
    expect(post.status).toBe(201);
    const [breed] = (await admin("GET", "/api/breeds")).body as { id: number; name: string }[];
    expect((await admin("PATCH", `/api/breeds/${breed?.id}`, { imageUrl: url })).status).toBe(200);
    const category = await admin("POST", "/api/categories", { name: "Library Usage Toys", imageUrl: url });
    expect(category.status).toBe(201);

    const item = await itemFor(url);
    const uses = item.usage.map((use) => `${use.kind}:${use.field}`).sort();
    expect(uses).toEqual([
      "breed:image",
      "category:image",
      "post:body",
      "post:image",
      "post:social image",
      "product:image",
    ]);
    expect(item.usage.find((use) => use.kind === "product")).toMatchObject({
      id: toy.body.id,
      title: "Library Usage Ball",
      inTrash: false,
    });

    // in use: refused with 409 and a message saying where
    const refused = await admin("DELETE", `/api/admin/media/${item.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/still in use/);
    expect(refused.body.message).toContain("Library Usage Ball");
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);

    // a product in the trash still counts: a restore would bring the image back
    expect((await admin("DELETE", `/api/toys/${toy.body.id}`)).status).toBe(204);
    expect((await itemFor(url)).usage.find((use) => use.kind === "product")?.inTrash).toBe(true);
  });

  it("edits alt text, which toy and breed reads then carry, and clears it", async () => {
    const url = await upload(await png(500, 400, "#0088aa"), "alt-text.png");
    const item = await itemFor(url);
    const toy = await admin("POST", "/api/toys", { ...TOY, name: "Alt Text Ball", imageUrl: url });
    expect(toy.body.imageAlt).toBeNull();
    // warm the public read, so the alt text edit must clear it
    await fetch(`${server.url}/api/toys/${toy.body.id}`);

    const saved = await admin("PATCH", `/api/admin/media/${item.id}`, { altText: "  A blue ball on grass  " });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: item.id, altText: "A blue ball on grass" });
    const read = await fetch(`${server.url}/api/toys/${toy.body.id}`);
    expect(((await read.json()) as { imageAlt: string }).imageAlt).toBe("A blue ball on grass");

    expect((await admin("PATCH", `/api/admin/media/${item.id}`, { altText: "x".repeat(301) })).status).toBe(400);
    expect((await admin("PATCH", "/api/admin/media/999999", { altText: "gone" })).status).toBe(404);
    expect((await admin("PATCH", `/api/admin/media/${item.id}`, { altText: "" })).body.altText).toBeNull();
  });

  it("keeps the alt text written beside a product's or a post's image with the image, in the form's own save (issue 26)", async () => {
    const url = await upload(await png(480, 360, "#aa2288"), "form-alt.png");
    // a product: the alt text is the library's, which every read of the toy names
    const toy = await admin("POST", "/api/toys", {
      ...TOY,
      name: "Form Alt Ball",
      imageUrl: url,
      imageAlt: "A pink ball in a dog's mouth",
    });
    expect(toy.status).toBe(201);
    expect(toy.body.imageAlt).toBe("A pink ball in a dog's mouth");
    expect((await itemFor(url)).altText).toBe("A pink ball in a dog's mouth");
    // warm the public read: the product's save must clear it
    await fetch(`${server.url}/api/toys/${toy.body.id}`);
    const { id: _id, slug: _slug, status: _status, categoryName: _name, categories, ...fields } = toy.body;
    const edited = await admin("PUT", `/api/toys/${toy.body.id}`, {
      ...fields,
      imageAlt: "A pink ball on a lawn",
      selectedCategories: categories.map((c: { id: number }) => c.id),
    });
    expect(edited.body.imageAlt).toBe("A pink ball on a lawn");
    const read = await fetch(`${server.url}/api/toys/${toy.body.id}`);
    expect(((await read.json()) as { imageAlt: string }).imageAlt).toBe("A pink ball on a lawn");
    // a client that sends no alt text (the spec's) keeps it; an empty one clears it
    const { imageAlt: _alt, ...without } = fields;
    expect((await admin("PUT", `/api/toys/${toy.body.id}`, without)).body.imageAlt).toBe("A pink ball on a lawn");
    expect((await admin("PUT", `/api/toys/${toy.body.id}`, { ...without, imageAlt: "" })).body.imageAlt).toBeNull();

    // a post: its own alt text, and the library's in the same save
    const post = await admin("POST", "/api/posts", {
      title: "Form Alt Text Post",
      excerpt: "A post with a described featured image.",
      content: "A body long enough for the post rules, with a featured image that has a description.",
      imageUrl: url,
      imageAlt: "A pink ball by a garden hose",
    });
    expect(post.status).toBe(201);
    expect(post.body.imageAlt).toBe("A pink ball by a garden hose");
    expect((await itemFor(url)).altText).toBe("A pink ball by a garden hose");

    // an image at another address has no library entry: nothing is written anywhere else
    const before = (await library("?pageSize=100")).items.map((i) => [i.id, i.altText]);
    const outside = await admin("POST", "/api/toys", {
      ...TOY,
      name: "Form Alt Outside",
      imageUrl: "https://images.example.com/ball.jpg",
      imageAlt: "Not kept anywhere",
    });
    expect(outside.body.imageAlt).toBeNull();
    expect((await library("?pageSize=100")).items.map((i) => [i.id, i.altText])).toEqual(before);
  });

  it("deletes an unused image with its copies, then answers 404 for it", async () => {
    const url = await upload(await png(1000, 700, "#884400"), "unused.png");
    const hash = url.slice("/uploads/".length, -".webp".length);
    const item = await itemFor(url);
    expect(item.usage).toEqual([]);
    expect((await admin("DELETE", `/api/admin/media/${item.id}`)).status).toBe(204);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/${hash}-400.webp`)).status).toBe(404);
    expect((await admin("DELETE", `/api/admin/media/${item.id}`)).status).toBe(404);
  });

  it("is for the admin only", async () => {
    expect((await fetch(`${server.url}/api/admin/media`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/admin/media/1`, { method: "DELETE" })).status).toBe(401);
  });
});
