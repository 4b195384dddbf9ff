// Where an uploaded image and its smaller copies are served (decision 027). The storefront's
// SmartImage imports this module alone, so it stays a few hundred bytes on every page.

/**
 * The widths of the WebP copies stored with each upload (only those narrower than the image).
 * `/uploads/{hash}-{width}.webp` answers with the image itself for a width it has no copy of,
 * so a page can list every width without knowing the image's size.
 */
export const RENDITION_WIDTHS = [400, 800, 1600] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];

const UPLOAD_URL = /^\/uploads\/([0-9a-f]{64})\.webp$/;

/** The content hash of an uploaded image's address (`/uploads/{hash}.webp`), or null for any other. */
export function uploadedImageHash(src: string | null | undefined): string | null {
  return src ? (UPLOAD_URL.exec(src)?.[1] ?? null) : null;
}

/** Where an upload's copy of one width is served. */
export function renditionUrl(hash: string, width: RenditionWidth): string {
  return `/uploads/${hash}-${width}.webp`;
}

/** The `srcset` of an uploaded image (its copies by width), or undefined for any other address. */
export function uploadSrcSet(src: string | null | undefined): string | undefined {
  const hash = uploadedImageHash(src);
  return hash ? RENDITION_WIDTHS.map((width) => `${renditionUrl(hash, width)} ${width}w`).join(", ") : undefined;
}
