import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { default as Sharp } from "sharp";
import { UPLOAD_TEXT } from "#domain/uploads.ts";
import type { Database } from "#server/db/client.ts";
import { media } from "#server/db/schema.ts";

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
  hash: string;
  /** where the site serves it: /uploads/<hash>.webp */
  url: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
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
 * frame of an animated GIF or WebP is kept: a product photo does not move.
 */
async function reencode(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  if (!sniffImageType(bytes)) throw new ImageRejectedError("not-an-image", UPLOAD_TEXT.invalidTypeDescription);
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: "truncated",
      autoOrient: true,
    })
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    // sharp checks the dimensions in the header before decoding anything
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejectedError("too-many-pixels", UPLOAD_TEXT.tooManyPixels);
    }
    // anything else the decoder refuses (truncated data, HTML behind a PNG signature...) is not an image
    throw new ImageRejectedError("not-an-image", UPLOAD_TEXT.invalidTypeDescription);
  }
}

/** Uploaded images: checked, re-encoded and stored by content hash in the database. */
export function createMediaService(db: Database) {
  return {
    /**
     * Stores an uploaded file as WebP and returns its URL; the same image uploaded again gets
     * the same URL and no second row. Throws ImageRejectedError for anything that is not a
     * JPEG, PNG, GIF or WebP image within the pixel limit.
     */
    async store(bytes: Buffer): Promise<StoredImage> {
      const { data, width, height } = await reencode(bytes);
      const hash = createHash("sha256").update(data).digest("hex");
      const image = { hash, contentType: "image/webp", width, height, size: data.length };
      await db
        .insert(media)
        .values({ ...image, bytes: data })
        .onConflictDoNothing({ target: media.hash });
      return { ...image, url: mediaUrl(hash) };
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
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
