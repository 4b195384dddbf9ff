import type { Response } from "express";
import { MAX_UPLOAD_BYTES, UPLOAD_FIELD, UPLOAD_TEXT, type UploadAnswer } from "#domain/uploads.ts";
import { adminOnly } from "#server/http/access.ts";
import { discardRest, MULTIPART_OVERHEAD_BYTES, receiveFile } from "#server/http/multipart.ts";
import { createRouter } from "#server/http/router.ts";
import { ImageRejectedError, type MediaService } from "#server/services/media.service.ts";

// POST /api/upload (spec §7): multipart with one file in the field "image". Answers are the
// spec's { success, imageUrl } / { success: false, error }; a refusal repeats its text as the
// API's `message` (domain/uploads.ts). The body is read here (server/http/multipart.ts), not by
// a body parser: it must be mounted before requireJsonBody.

const TEXT = {
  tooLarge: UPLOAD_TEXT.tooLargeDescription,
  notAnImage: UPLOAD_TEXT.invalidTypeDescription,
  missingFile: `No image received: send the file in the form field "${UPLOAD_FIELD}"`,
  oneFile: "Please upload one image at a time",
  tooManyFields: "Too many form fields in the upload",
  malformed: "The upload could not be read (malformed multipart body)",
} as const;

function refuse(res: Response, status: number, error: string) {
  res.status(status).json({ success: false, error, message: error } satisfies UploadAnswer);
}

/** POST /upload: stores an image (see media.service.ts for what is accepted) and returns its URL. */
export function uploadRouter({ media }: { media: MediaService }) {
  const router = createRouter();

  router.post("/upload", adminOnly, async (req, res) => {
    if (!req.is("multipart/form-data")) return refuse(res, 415, TEXT.notAnImage);
    if (Number(req.headers["content-length"]) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      // too big whatever it holds: refused before a byte of it is parsed
      discardRest(req);
      return refuse(res, 413, TEXT.tooLarge);
    }

    const received = await receiveFile(req, { field: UPLOAD_FIELD, maxBytes: MAX_UPLOAD_BYTES, messages: TEXT });
    if (!received.ok) {
      discardRest(req);
      return refuse(res, received.status, received.error);
    }
    try {
      const image = await media.store(received.bytes, { originalName: received.fileName });
      res.json({ success: true, imageUrl: image.url } satisfies UploadAnswer);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      refuse(res, error.reason === "too-many-pixels" ? 413 : 415, error.message);
    }
  });

  return router;
}
