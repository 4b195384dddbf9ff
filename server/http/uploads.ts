import type { RequestHandler } from "express";
import type { MediaService } from "#server/services/media.service.ts";

// Uploaded images under /uploads/<sha256>.webp. The name is the hash of the bytes, so a URL
// never changes meaning: browsers and CDNs may keep it for a year without asking again.

const FILE_NAME = /^\/([0-9a-f]{64})\.webp$/;

/** Serves GET and HEAD /uploads/<hash>.webp from the media table; JSON 404 for anything else. */
export function uploadsHandler({ media }: { media: MediaService }): RequestHandler {
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).json({ message: `${req.method} is not allowed on uploaded images` });
      return;
    }
    const hash = FILE_NAME.exec(req.path)?.[1];
    const image = hash ? await media.read(hash) : null;
    if (!hash || !image) {
      res.setHeader("Cache-Control", "no-cache");
      res.status(404).json({ message: "Image not found" });
      return;
    }
    res.set({
      "Content-Type": image.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${hash}"`,
    });
    // send() answers 304 to a matching If-None-Match and leaves the body out of HEAD
    res.send(image.bytes);
  };
}
