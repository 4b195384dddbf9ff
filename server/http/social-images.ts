import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join, normalize, sep } from "node:path";
import type { RequestHandler } from "express";
import type Sharp from "sharp";
import { SLUG_PATTERN } from "#domain/slug.ts";
import { DEFAULT_SOCIAL_IMAGE, SOCIAL_IMAGE } from "#domain/social-images.ts";
import { clientBuildFolder, projectRoot } from "#server/paths.ts";
import type { Services } from "#server/services/create-services.ts";
import { setCacheControl } from "./private-answers";
import { createRouter } from "./router";

// Open Graph images for shared links (issue 17): Facebook, X and LinkedIn show no SVG, and the
// demo content's images are SVG. /og/{posts|toys|breeds}/{slug}.jpg renders the item's own
// image into a 1200 × 630 JPEG on first request and keeps it in memory; the answer may be
// cached by browsers and CDNs for a day (a changed image gets a new ETag).

const MAX_CACHED = 200;
const FILE = /^([a-z0-9-]+)\.jpg$/;
const UPLOAD = /^\/uploads\/([0-9a-f]{64})\.webp$/;
/** The card's background where a product image does not fill it (the site's primary-soft). */
const BACKGROUND = { r: 255, g: 247, b: 237, alpha: 1 };

let sharpModule: Promise<typeof Sharp> | undefined;
function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import("sharp").then((module) => module.default);
  return sharpModule;
}

interface Card {
  body: Buffer;
  etag: string;
}

/** The image's bytes when it is one this site serves (an upload or a file of the build); null otherwise. */
async function readSiteImage(url: string, media: Services["media"]): Promise<Buffer | null> {
  const upload = UPLOAD.exec(url);
  if (upload?.[1]) return (await media.read(upload[1]))?.bytes ?? null;
  if (!url.startsWith("/") || url.startsWith("//")) return null;
  const relative = normalize(decodeURIComponent(url.split(/[?#]/)[0] ?? "")).replace(/^[/\\]+/, "");
  if (relative.startsWith("..") || relative.includes(`${sep}..`)) return null;
  // the build's copy in production; the source folder when running from source
  for (const folder of [clientBuildFolder, join(projectRoot, "public")]) {
    try {
      return await readFile(join(folder, relative));
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** Renders a 1200 × 630 JPEG: a photo fills the card, a product picture sits whole on the site's colour. */
async function render(source: Buffer, fit: "cover" | "contain"): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(source, { density: 144, limitInputPixels: 50_000_000 })
    .resize({ ...SOCIAL_IMAGE, fit, background: BACKGROUND, position: "centre" })
    .flatten({ background: BACKGROUND })
    .jpeg({ quality: 82, mozjpeg: true })
    .timeout({ seconds: 10 })
    .toBuffer();
}

/** GET /og/{posts|toys|breeds}/{slug}.jpg: the item's social card, or the site's default card. */
export function socialImages({ content, catalog, media }: Services): ReturnType<typeof createRouter> {
  const router = createRouter();
  const cards = new Map<string, Card>();

  /** The image URL an item shows, and how it fills a card; undefined when there is no such item. */
  async function sourceOf(
    kind: string,
    slug: string,
  ): Promise<{ url: string | null; fit: "cover" | "contain" } | undefined> {
    if (kind === "posts") {
      const post = await content.getPostBySlug(slug);
      return post ? { url: post.socialImageUrl || post.imageUrl, fit: "cover" } : undefined;
    }
    if (kind === "toys") {
      const found = await catalog.findToyBySlug(slug);
      return found && "toy" in found ? { url: found.toy.imageUrl, fit: "contain" } : undefined;
    }
    if (kind === "breeds") {
      const breed = await catalog.findBreedBySlug(slug);
      return breed ? { url: breed.imageUrl, fit: "cover" } : undefined;
    }
    return undefined;
  }

  const handler: RequestHandler<{ kind: string; file: string }> = async (req, res, next) => {
    const slug = FILE.exec(req.params.file)?.[1];
    const source = slug && SLUG_PATTERN.test(slug) ? await sourceOf(req.params.kind, slug) : undefined;
    if (!source) return next();
    const key = `${req.params.kind}:${slug}:${source.url ?? ""}`;
    let card = cards.get(key);
    if (!card) {
      const bytes = source.url ? await readSiteImage(source.url, media) : null;
      const body = bytes ? await render(bytes, source.fit).catch(() => null) : null;
      if (!body) {
        // an image hosted elsewhere, or one that would not decode: the site's own card
        setCacheControl(res, "public, max-age=3600");
        return res.redirect(302, DEFAULT_SOCIAL_IMAGE.path);
      }
      card = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
      if (cards.size >= MAX_CACHED) cards.delete(cards.keys().next().value ?? "");
      cards.set(key, card);
    }
    setCacheControl(res, "public, max-age=86400");
    res.set({ "Content-Type": "image/jpeg", ETag: card.etag });
    res.send(card.body);
  };
  router.get("/og/:kind/:file", handler);
  return router;
}
