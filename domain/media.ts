import { z } from "zod";
import { wireSchema } from "./wire-schema";

// The media library (issue 18, decision 027): every uploaded image with its smaller copies, its
// alt text and where the site uses it. The addresses of an upload and its copies are in
// upload-urls.ts, which the storefront imports alone (SmartImage's srcset): this module's admin
// texts would otherwise ride along in a chunk every page loads.

export const MAX_ALT_TEXT_LENGTH = 300;
export const MEDIA_PAGE_SIZE = 24;
export const MAX_MEDIA_PAGE_SIZE = 100;
const MAX_SEARCH_LENGTH = 100;

export const MEDIA_TEXT = {
  altTooLong: `Alt text must be at most ${MAX_ALT_TEXT_LENGTH} characters`,
  altSaved: "Alt text saved",
  deleted: "Image deleted",
  notFound: "Image not found",
  untitled: "Untitled image",
} as const;

/** Where an image is used: one field of one post, product, breed, category, testimonial or newsletter. */
export const mediaUsageSchema = wireSchema(() =>
  z.object({
    kind: z.enum(["post", "product", "breed", "category", "testimonial", "newsletter"]),
    id: z.number().int().positive(),
    /** the post's title, the product's, breed's or category's name, the newsletter's subject */
    title: z.string(),
    /** which of its fields holds the image */
    field: z.enum(["image", "social image", "body"]),
    /** true while the post or product is in the trash (a restore would bring the image back) */
    inTrash: z.boolean(),
  }),
);
export type MediaUsage = z.infer<typeof mediaUsageSchema>;

/** One image of GET /api/admin/media. */
export const mediaItemSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    /** /uploads/{hash}.webp */
    url: z.string(),
    /** its 400 px copy (the image itself when it is no wider): lists show this */
    thumbnailUrl: z.string(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** bytes of the stored image */
    size: z.number().int().nonnegative(),
    /** the widths of its smaller copies */
    renditions: z.array(z.number().int().positive()),
    originalName: z.string().nullable(),
    altText: z.string().nullable(),
    /** ISO 8601 */
    createdAt: z.iso.datetime(),
    usage: z.array(mediaUsageSchema),
  }),
);
export type MediaItem = z.infer<typeof mediaItemSchema>;

/** A page of the library and how many images matched (the API's X-Total-Count). */
export interface MediaPage {
  items: MediaItem[];
  total: number;
}

const wholeNumber = (name: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === "" ? undefined : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
    z
      .number(`${name} must be a whole number from ${min} to ${max}`)
      .int(`${name} must be a whole number from ${min} to ${max}`)
      .min(min, `${name} must be a whole number from ${min} to ${max}`)
      .max(max, `${name} must be a whole number from ${min} to ${max}`)
      .optional(),
  );

/** Query of GET /api/admin/media: a search in file names and alt texts, and the page. */
export const mediaQuerySchema = wireSchema(() =>
  z.object({
    search: z
      .string("search must be text")
      .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
      .transform((text) => text.trim() || undefined)
      .optional(),
    page: wholeNumber("page", 1, 1_000_000),
    pageSize: wholeNumber("pageSize", 1, MAX_MEDIA_PAGE_SIZE),
  }),
);
export type MediaQuery = z.output<typeof mediaQuerySchema>;

/**
 * The widest copy of an upload that e-mails use (decision 047): a mail's column is 600 px wide,
 * and a wider image only costs the reader's data.
 */
export const EMAIL_IMAGE_WIDTH = 600;

/** The JPEG (photos) or PNG (images with transparency) copy of an upload that e-mails show. */
export interface EmailImageCopy {
  /** /uploads/{hash}-600.jpg or .png */
  url: string;
  width: number;
  height: number;
  /** the library's description of the image, if any */
  altText: string | null;
}

/** Where an upload's e-mail copy is served. */
export function emailImageUrl(hash: string, format: "jpeg" | "png"): string {
  return `/uploads/${hash}-${EMAIL_IMAGE_WIDTH}.${format === "jpeg" ? "jpg" : "png"}`;
}

/** A human size: "842 B", "12.4 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The sentence a refused delete answers (409) and the library shows: where the image is used. */
export function inUseMessage(usage: readonly MediaUsage[]): string {
  const names = usage.map((use) => {
    const what = use.kind === "product" ? "product" : use.kind;
    const field = use.field === "image" ? "" : ` (${use.field})`;
    return `${what} “${use.title}”${field}${use.inTrash ? " in the trash" : ""}`;
  });
  const shown = names.slice(0, 5).join(", ");
  const more = names.length > 5 ? ` and ${names.length - 5} more` : "";
  return `This image is still in use: ${shown}${more}. Replace or remove it there first.`;
}

const MAX_FILE_NAME_LENGTH = 200;

/**
 * An uploaded file's name as the library keeps it: no folders (some browsers send a path), no
 * control characters, at most 200 characters; null when nothing is left.
 */
export function cleanFileName(name: string | null | undefined): string | null {
  if (!name) return null;
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f\ufffe\uffff]/g, "").trim();
  return clean ? clean.slice(0, MAX_FILE_NAME_LENGTH) : null;
}
