import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { RequestHandler } from "express";
import { clientBuildFolder, projectRoot } from "#server/paths.ts";
import { createRouter } from "./router";

// /favicon.ico: browsers, feed readers and crawlers ask for it whatever the page links, and a 404
// there is an error in every log and audit. It is drawn from the site's own icon
// (public/favicon.svg) at 16, 32 and 48 px on first request and kept in memory, so the two
// cannot drift apart. Its address has no hash: a month of caching, revalidated by ETag.

const SIZES = [16, 32, 48] as const;
const CACHE = "public, max-age=2592000, stale-while-revalidate=86400";

/** An ICO file holding PNG images (every browser since IE 11 and Windows Vista reads these). */
export function icoFromPngs(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

async function readIcon(): Promise<Buffer> {
  // the build's copy in production; the source folder when running from source
  for (const folder of [clientBuildFolder, join(projectRoot, "public")]) {
    try {
      return await readFile(join(folder, "favicon.svg"));
    } catch {
      // not in this folder
    }
  }
  throw new Error("favicon.svg is missing from the build and from public/");
}

async function drawFavicon(): Promise<{ body: Buffer; etag: string }> {
  const { default: sharp } = await import("sharp");
  const svg = await readIcon();
  const images = await Promise.all(
    SIZES.map(async (size) => ({ size, png: await sharp(svg, { density: 300 }).resize(size, size).png().toBuffer() })),
  );
  const body = icoFromPngs(images);
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

/** GET /favicon.ico: the site's icon as an ICO file. */
export function favicon(): ReturnType<typeof createRouter> {
  const router = createRouter();
  let drawn: Promise<{ body: Buffer; etag: string }> | undefined;
  const handler: RequestHandler = async (_req, res) => {
    drawn ??= drawFavicon().catch((error) => {
      drawn = undefined;
      throw error;
    });
    const { body, etag } = await drawn;
    // res.send answers 304 when the browser already holds this ETag
    res.set({ "Content-Type": "image/x-icon", "Cache-Control": CACHE, ETag: etag }).send(body);
  };
  router.get("/favicon.ico", handler);
  return router;
}
