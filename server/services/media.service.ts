import { createHash } from "node:crypto";
import { and, desc, eq, ilike, inArray, or, type SQLWrapper, sql } from "drizzle-orm";
import type { default as Sharp } from "sharp";
import {
  cleanFileName,
  EMAIL_IMAGE_WIDTH,
  type EmailImageCopy,
  emailImageUrl,
  inUseMessage,
  MEDIA_PAGE_SIZE,
  type MediaItem,
  type MediaPage,
  type MediaQuery,
  type MediaUsage,
} from "#domain/media.ts";
import { RENDITION_WIDTHS, renditionUrl } from "#domain/upload-urls.ts";
import { UPLOAD_TEXT } from "#domain/uploads.ts";
import type { Database } from "#server/db/client.ts";
import {
  breeds,
  categories,
  media,
  mediaEmailCopies,
  mediaRenditions,
  posts,
  testimonials,
  toys,
} from "#server/db/schema.ts";
import { ServiceError } from "./service-error";

/** Decoded size limit: 40 megapixels is a 7300x5470 photo, while a decompression bomb claims far more. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Stored images are scaled down so that their longest side is at most this. */
export const MAX_STORED_SIDE = 1600;
const WEBP_QUALITY = 82;
/** A decode that takes longer than this is a crafted file, not a photo. */
const PROCESSING_TIMEOUT_SECONDS = 15;

export type SniffedImageType = "jpeg" | "png" | "gif" | "webp";

/**
 * The image format the bytes start with, or null. Only raster formats are recognised: SVG is
 * refused on purpose, because it is a document that can carry scripts and external references,
 * and sanitising it is not worth it for product photos.
 */
export function sniffImageType(bytes: Uint8Array): SniffedImageType | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || startsWith([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))
    return "gif";
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** Why an upload was refused; the message is safe to show to the admin. */
export class ImageRejectedError extends Error {
  constructor(
    readonly reason: "not-an-image" | "too-many-pixels",
    message: string,
  ) {
    super(message);
  }
}

export interface StoredImage {
  /** the library's row */
  id: number;
  hash: string;
  /** where the site serves it: /uploads/<hash>.webp */
  url: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
  /** the uploaded file's own format, before it was re-encoded */
  uploadedAs: SniffedImageType;
  /** true when the library already had this image (the same pixels, from any file name) */
  existing: boolean;
}

/** A smaller copy of an upload, made at upload time (decision 027). */
interface Rendition {
  width: number;
  height: number;
  data: Buffer;
}

export interface ImageFile {
  contentType: string;
  bytes: Buffer;
  size: number;
}

/** The public path of a stored image. */
export function mediaUrl(hash: string): string {
  return `/uploads/${hash}.webp`;
}

let sharpModule: Promise<typeof Sharp> | undefined;
/** sharp (libvips) costs 20 MB of memory once loaded: only processes that take an upload load it. */
function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import("sharp").then((module) => module.default);
  return sharpModule;
}

/**
 * Decodes an uploaded file and encodes it again as WebP: oriented by its EXIF tag, then every
 * metadata block (EXIF with GPS, XMP, ICC) dropped, the longest side capped. Only the first
 * frame of an animated GIF or WebP is kept: a product photo does not move. The smaller copies
 * (RENDITION_WIDTHS narrower than the stored image) are made from the uploaded file itself, not
 * from the stored WebP, so they are compressed once.
 */
async function reencode(
  bytes: Buffer,
): Promise<{ data: Buffer; width: number; height: number; renditions: Rendition[]; uploadedAs: SniffedImageType }> {
  const uploadedAs = sniffImageType(bytes);
  if (!uploadedAs) throw new ImageRejectedError("not-an-image", UPLOAD_TEXT.invalidTypeDescription);
  const sharp = await loadSharp();
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", autoOrient: true });
    const encode = (pipeline: ReturnType<typeof Sharp>) =>
      pipeline
        .webp({ quality: WEBP_QUALITY })
        .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
        .toBuffer({ resolveWithObject: true });
    const { data, info } = await encode(
      input
        .clone()
        .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true }),
    );
    const renditions: Rendition[] = [];
    for (const width of RENDITION_WIDTHS) {
      if (width >= info.width) continue;
      const copy = await encode(input.clone().resize({ width }));
      renditions.push({ width: copy.info.width, height: copy.info.height, data: copy.data });
    }
    return { data, width: info.width, height: info.height, renditions, uploadedAs };
  } catch (error) {
    // sharp checks the dimensions in the header before decoding anything
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejectedError("too-many-pixels", UPLOAD_TEXT.tooManyPixels);
    }
    // anything else the decoder refuses (truncated data, HTML behind a PNG signature...) is not an image
    throw new ImageRejectedError("not-an-image", UPLOAD_TEXT.invalidTypeDescription);
  }
}

const EMAIL_JPEG_QUALITY = 82;

/**
 * The copy of a stored image that e-mails show: a baseline JPEG on white, or a PNG when the
 * image has transparent pixels (a JPEG would paint them), at most EMAIL_IMAGE_WIDTH wide.
 * Classic Outlook shows no WebP; every mail program shows these two.
 */
async function emailCopyOf(
  stored: Buffer,
): Promise<{ format: "jpeg" | "png"; data: Buffer; width: number; height: number }> {
  const sharp = await loadSharp();
  const input = sharp(stored, { limitInputPixels: MAX_INPUT_PIXELS });
  const { isOpaque } = await input.clone().stats();
  const resized = input.clone().resize({ width: EMAIL_IMAGE_WIDTH, withoutEnlargement: true });
  const format = isOpaque ? "jpeg" : "png";
  const encoded =
    format === "jpeg"
      ? resized.flatten({ background: "#ffffff" }).jpeg({ quality: EMAIL_JPEG_QUALITY, progressive: false })
      : resized.png({ compressionLevel: 9 });
  const { data, info } = await encoded
    .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
    .toBuffer({ resolveWithObject: true });
  return { format, data, width: info.width, height: info.height };
}

/** `%` and `_` typed by the owner are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The content hash an image field names: `/uploads/{hash}.webp` or one of its copies
 * (`/uploads/{hash}-800.webp`), null for any other address. Written out in SQL so each table is
 * read once, whatever the number of images asked about.
 */
const uploadHashOf = (column: SQLWrapper) =>
  sql<string | null>`substring(${column} from '^/uploads/([0-9a-f]{64})(?:-[0-9]+)?\\.webp$')`;

/** A media row as the library lists it (no bytes). */
const itemColumns = {
  id: media.id,
  hash: media.hash,
  width: media.width,
  height: media.height,
  size: media.size,
  originalName: media.originalName,
  altText: media.altText,
  createdAt: media.createdAt,
};
interface ItemRow {
  id: number;
  hash: string;
  width: number;
  height: number;
  size: number;
  originalName: string | null;
  altText: string | null;
  createdAt: Date;
}

/** Uploaded images: checked, re-encoded and stored by content hash in the database, with their copies and library details. */
export function createMediaService(db: Database) {
  /**
   * Every place the site uses one of these images, by hash: the image fields of posts (featured
   * and social image), products, breeds, categories and testimonials, and the markdown of posts
   * and newsletters (a sent newsletter still points at its images). Posts and products in the
   * trash count: a restore would bring them back with the image.
   */
  async function usageByHash(hashes: readonly string[]): Promise<Map<string, MediaUsage[]>> {
    const found = new Map<string, MediaUsage[]>();
    if (hashes.length === 0) return found;
    const wanted = [...new Set(hashes)];
    const add = (hash: string | null, use: MediaUsage) => {
      if (!hash) return;
      const list = found.get(hash) ?? [];
      if (!list.some((u) => u.kind === use.kind && u.id === use.id && u.field === use.field)) list.push(use);
      found.set(hash, list);
    };
    // one hash per markdown body and image: `regexp_matches(..., 'g')` gives a row per match
    const bodyHashes = (table: string, title: string, trash: string) =>
      sql.raw(`select t."id" as id, t.${title} as title, ${trash} as in_trash, m.found[1] as hash
        from "${table}" t, regexp_matches(t."${table === "posts" ? "content" : "body"}", '/uploads/([0-9a-f]{64})', 'g') as m(found)`);
    const [postImages, postBodies, toyImages, breedImages, categoryImages, testimonialImages, newsletterBodies] =
      await Promise.all([
        db
          .select({
            id: posts.id,
            title: posts.title,
            inTrash: sql<boolean>`${posts.deletedAt} is not null`,
            image: uploadHashOf(posts.imageUrl),
            social: uploadHashOf(posts.socialImageUrl),
          })
          .from(posts)
          .where(
            or(inArray(uploadHashOf(posts.imageUrl), wanted), inArray(uploadHashOf(posts.socialImageUrl), wanted)),
          ),
        db.execute<{ id: number; title: string; in_trash: boolean; hash: string }>(
          sql`select * from (${bodyHashes("posts", `"title"`, `t."deleted_at" is not null`)}) found where found.hash in ${wanted}`,
        ),
        db
          .select({
            id: toys.id,
            title: toys.name,
            inTrash: sql<boolean>`${toys.deletedAt} is not null`,
            hash: uploadHashOf(toys.imageUrl),
          })
          .from(toys)
          .where(inArray(uploadHashOf(toys.imageUrl), wanted)),
        db
          .select({ id: breeds.id, title: breeds.name, hash: uploadHashOf(breeds.imageUrl) })
          .from(breeds)
          .where(inArray(uploadHashOf(breeds.imageUrl), wanted)),
        db
          .select({ id: categories.id, title: categories.name, hash: uploadHashOf(categories.imageUrl) })
          .from(categories)
          .where(inArray(uploadHashOf(categories.imageUrl), wanted)),
        db
          .select({ id: testimonials.id, title: testimonials.name, hash: uploadHashOf(testimonials.imageUrl) })
          .from(testimonials)
          .where(inArray(uploadHashOf(testimonials.imageUrl), wanted)),
        db.execute<{ id: number; title: string; in_trash: boolean; hash: string }>(
          sql`select * from (${bodyHashes("newsletters", `"subject"`, "false")}) found where found.hash in ${wanted}`,
        ),
      ]);
    for (const post of postImages) {
      add(post.image, { kind: "post", id: post.id, title: post.title, field: "image", inTrash: post.inTrash });
      add(post.social, { kind: "post", id: post.id, title: post.title, field: "social image", inTrash: post.inTrash });
    }
    for (const row of postBodies.rows) {
      add(row.hash, {
        kind: "post",
        id: Number(row.id),
        title: row.title,
        field: "body",
        inTrash: Boolean(row.in_trash),
      });
    }
    for (const toy of toyImages) add(toy.hash, { kind: "product", ...toy, field: "image" });
    for (const [kind, rows] of [
      ["breed", breedImages],
      ["category", categoryImages],
      ["testimonial", testimonialImages],
    ] as const) {
      for (const row of rows) add(row.hash, { kind, id: row.id, title: row.title, field: "image", inTrash: false });
    }
    for (const row of newsletterBodies.rows) {
      add(row.hash, { kind: "newsletter", id: Number(row.id), title: row.title, field: "body", inTrash: false });
    }
    return found;
  }

  /** Library items for media rows: their copies' widths and where each is used. */
  async function toItems(rows: ItemRow[]): Promise<MediaItem[]> {
    if (rows.length === 0) return [];
    const [copies, usage] = await Promise.all([
      db
        .select({ mediaId: mediaRenditions.mediaId, width: mediaRenditions.width })
        .from(mediaRenditions)
        .where(
          inArray(
            mediaRenditions.mediaId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(mediaRenditions.width),
      usageByHash(rows.map((row) => row.hash)),
    ]);
    return rows.map(({ hash, createdAt, ...row }) => ({
      ...row,
      url: mediaUrl(hash),
      thumbnailUrl: renditionUrl(hash, 400),
      createdAt: createdAt.toISOString(),
      renditions: copies.filter((copy) => copy.mediaId === row.id).map((copy) => copy.width),
      usage: usage.get(hash) ?? [],
    }));
  }

  // Requests that arrive together for a copy not made yet wait for the one making it: a burst
  // of requests for one image costs one encode in this process.
  const makingCopies = new Map<number, Promise<void>>();

  /** Makes and stores the e-mail copy of one stored image (another instance's, made first, stays). */
  function makeEmailCopy(mediaId: number): Promise<void> {
    const making = makingCopies.get(mediaId);
    if (making) return making;
    const made = (async () => {
      const [image] = await db.select({ bytes: media.bytes }).from(media).where(eq(media.id, mediaId));
      if (!image) return;
      const copy = await emailCopyOf(image.bytes);
      await db
        .insert(mediaEmailCopies)
        .values({
          mediaId,
          format: copy.format,
          width: copy.width,
          height: copy.height,
          bytes: copy.data,
          size: copy.data.length,
        })
        .onConflictDoNothing();
    })().finally(() => makingCopies.delete(mediaId));
    makingCopies.set(mediaId, made);
    return made;
  }

  /**
   * The e-mail copies of these images by hash, each made from the stored image the first time
   * it is asked for and kept (two instances making one at once keep the first, and both serve
   * that one). Hashes with no stored image are left out.
   */
  async function emailCopies(hashes: readonly string[]): Promise<Map<string, EmailImageCopy>> {
    const found = new Map<string, EmailImageCopy>();
    const wanted = [...new Set(hashes)];
    if (wanted.length === 0) return found;
    const read = () =>
      db
        .select({
          id: media.id,
          hash: media.hash,
          altText: media.altText,
          format: mediaEmailCopies.format,
          width: mediaEmailCopies.width,
          height: mediaEmailCopies.height,
        })
        .from(media)
        .leftJoin(mediaEmailCopies, eq(mediaEmailCopies.mediaId, media.id))
        .where(inArray(media.hash, wanted));
    let rows = await read();
    const missing = rows.filter((row) => row.format === null);
    if (missing.length > 0) {
      for (const row of missing) await makeEmailCopy(row.id);
      rows = await read();
    }
    for (const row of rows) {
      if (row.format === null || row.width === null || row.height === null) continue;
      found.set(row.hash, {
        url: emailImageUrl(row.hash, row.format),
        width: row.width,
        height: row.height,
        altText: row.altText,
      });
    }
    return found;
  }

  async function getItem(id: number): Promise<MediaItem | null> {
    const rows = await db.select(itemColumns).from(media).where(eq(media.id, id));
    const [item] = await toItems(rows);
    return item ?? null;
  }

  return {
    /**
     * Stores an uploaded file as WebP, with its smaller copies and its file name, and returns
     * its URL and library row; the same image uploaded again gets the same URL and no second row
     * (it keeps the name it was first uploaded with, and gains any copy it lacked), and says it
     * already existed. Throws ImageRejectedError for anything that is not a JPEG, PNG, GIF or
     * WebP image within the pixel limit.
     */
    async store(bytes: Buffer, options: { originalName?: string | null } = {}): Promise<StoredImage> {
      const { data, width, height, renditions, uploadedAs } = await reencode(bytes);
      const hash = createHash("sha256").update(data).digest("hex");
      const image = { hash, contentType: "image/webp", width, height, size: data.length };
      const stored = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(media)
          .values({ ...image, bytes: data, originalName: cleanFileName(options.originalName) })
          .onConflictDoUpdate({
            target: media.hash,
            set: { originalName: sql`coalesce("media"."original_name", excluded."original_name")` },
          })
          // PostgreSQL's own mark of a row this statement inserted (an updated one has a locking xmax):
          // told in the same statement, so two uploads of one image at once cannot both claim it is new
          .returning({ id: media.id, inserted: sql<boolean>`(xmax = 0)` });
        if (!row) throw new Error("image was not stored");
        if (renditions.length > 0) {
          await tx
            .insert(mediaRenditions)
            .values(renditions.map((copy) => ({ mediaId: row.id, ...copy, bytes: copy.data, size: copy.data.length })))
            .onConflictDoNothing();
        }
        return row;
      });
      return { ...image, id: stored.id, url: mediaUrl(hash), uploadedAs, existing: !stored.inserted };
    },

    /** The stored image with this hash, or null. */
    async read(hash: string): Promise<ImageFile | null> {
      const [row] = await db
        .select({ contentType: media.contentType, bytes: media.bytes, size: media.size })
        .from(media)
        .where(eq(media.hash, hash))
        .limit(1);
      return row ?? null;
    },

    /**
     * The copy of this width of an image, or the image itself when it has none (it is no wider,
     * or was stored before copies were made): a page may ask for every width. Null when there is
     * no such image.
     */
    async readRendition(hash: string, width: number): Promise<ImageFile | null> {
      const [copy] = await db
        .select({ bytes: mediaRenditions.bytes, size: mediaRenditions.size })
        .from(mediaRenditions)
        .innerJoin(media, eq(media.id, mediaRenditions.mediaId))
        .where(and(eq(media.hash, hash), eq(mediaRenditions.width, width)))
        .limit(1);
      if (copy) return { contentType: "image/webp", ...copy };
      return this.read(hash);
    },

    emailCopies,

    /**
     * The e-mail copy of an image in this format (made now if it was never asked for), or null:
     * no such image, or its copy is the other format (one image has one e-mail copy).
     */
    async readEmailCopy(hash: string, format: "jpeg" | "png"): Promise<ImageFile | null> {
      const readCopy = () =>
        db
          .select({ format: mediaEmailCopies.format, bytes: mediaEmailCopies.bytes, size: mediaEmailCopies.size })
          .from(mediaEmailCopies)
          .innerJoin(media, eq(media.id, mediaEmailCopies.mediaId))
          .where(eq(media.hash, hash))
          .limit(1);
      let [copy] = await readCopy();
      if (!copy && (await emailCopies([hash])).has(hash)) [copy] = await readCopy();
      if (!copy || copy.format !== format) return null;
      return { contentType: format === "jpeg" ? "image/jpeg" : "image/png", bytes: copy.bytes, size: copy.size };
    },

    /** One page of the library, newest first, searched in file names and alt texts, with the total. */
    async list(query: MediaQuery): Promise<MediaPage> {
      const pageSize = query.pageSize ?? MEDIA_PAGE_SIZE;
      const page = query.page ?? 1;
      const where = query.search
        ? or(ilike(media.originalName, likePattern(query.search)), ilike(media.altText, likePattern(query.search)))
        : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select(itemColumns)
          .from(media)
          .where(where)
          .orderBy(desc(media.createdAt), desc(media.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(media)
          .where(where),
      ]);
      return { items: await toItems(rows), total: counted?.n ?? 0 };
    },

    /** One image of the library, or null. */
    get: getItem,

    /** Sets (or, with null, clears) an image's alt text; the image, or null when there is none. */
    async updateAltText(id: number, altText: string | null): Promise<MediaItem | null> {
      const changed = await db.update(media).set({ altText }).where(eq(media.id, id)).returning({ id: media.id });
      return changed.length > 0 ? getItem(id) : null;
    },

    /**
     * Deletes an image nothing uses, with its copies; false when there is none. An image still
     * in use is refused (a conflict saying where), so no page is left with a broken image.
     */
    async remove(id: number): Promise<boolean> {
      const [row] = await db.select({ hash: media.hash }).from(media).where(eq(media.id, id));
      if (!row) return false;
      const usage = (await usageByHash([row.hash])).get(row.hash) ?? [];
      if (usage.length > 0) throw new ServiceError("conflict", inUseMessage(usage));
      const gone = await db.delete(media).where(eq(media.id, id)).returning({ id: media.id });
      return gone.length > 0;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
