import type { RequestHandler } from "express";
import { EMAIL_IMAGE_WIDTH } from "#domain/media.ts";
import { RENDITION_WIDTHS } from "#domain/upload-urls.ts";
import type { MediaService } from "#server/services/media.service.ts";

// Uploaded images under /uploads/<sha256>.webp, and their smaller copies under
// /uploads/<sha256>-<width>.webp (decision 027). The name is the hash of the bytes, so a URL
// never changes meaning: browsers and CDNs may keep it for a year without asking again. A copy
// that was never made (the image is no wider) is answered with the image itself, which is just
// as permanent. E-mails show /uploads/<sha256>-600.jpg, or .png for an image with transparency
// (decision 047): one name per image, made the first time it is asked for and then kept, so it
// is as permanent as the rest.

const FILE_NAME = /^\/([0-9a-f]{64})(?:-([1-9][0-9]{0,3}))?\.(webp|jpg|png)$/;
const WIDTHS: ReadonlySet<number> = new Set(RENDITION_WIDTHS);
const EMAIL_FORMATS = { jpg: "jpeg", png: "png" } as const;

/**
 * Serves GET and HEAD /uploads/<hash>.webp, /uploads/<hash>-<width>.webp and the e-mail copy
 * /uploads/<hash>-600.jpg|png from the media tables; JSON 404 for anything else.
 */
export function uploadsHandler({ media }: { media: MediaService }): RequestHandler {
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.status(405).json({ message: `${req.method} is not allowed on uploaded images` });
      return;
    }
    const [, hash, widthText, extension] = FILE_NAME.exec(req.path) ?? [];
    const width = widthText === undefined ? undefined : Number(widthText);
    let image: Awaited<ReturnType<MediaService["read"]>> = null;
    if (hash !== undefined && (extension === "jpg" || extension === "png")) {
      // only the one width e-mails use: any other would be a second name for the same bytes
      if (width === EMAIL_IMAGE_WIDTH) image = await media.readEmailCopy(hash, EMAIL_FORMATS[extension]);
    } else if (hash !== undefined && (width === undefined || WIDTHS.has(width))) {
      // only the widths pages ask for, for the same reason
      image = width === undefined ? await media.read(hash) : await media.readRendition(hash, width);
    }
    if (!hash || !image) {
      res.setHeader("Cache-Control", "no-cache");
      res.status(404).json({ message: "Image not found" });
      return;
    }
    res.set({
      "Content-Type": image.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${hash}${width === undefined ? "" : `-${width}`}${extension === "webp" ? "" : `.${extension}`}"`,
    });
    // send() answers 304 to a matching If-None-Match and leaves the body out of HEAD
    res.send(image.bytes);
  };
}
