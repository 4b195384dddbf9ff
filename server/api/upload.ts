import busboy from "busboy";
import type { Request, Response } from "express";
import { MAX_UPLOAD_BYTES, UPLOAD_FIELD, UPLOAD_TEXT, type UploadAnswer } from "#domain/uploads.ts";
import { adminOnly } from "#server/http/access.ts";
import { createRouter } from "#server/http/router.ts";
import { ImageRejectedError, type MediaService } from "#server/services/media.service.ts";

// POST /api/upload (spec §7): multipart with one file in the field "image". Answers are the
// spec's { success, imageUrl } / { success: false, error }; a refusal repeats its text as the
// API's `message` (domain/uploads.ts). The body is read here, not by a body parser: it must be
// mounted before requireJsonBody.

const FIELD = UPLOAD_FIELD;
/** room for the multipart boundaries, part headers and the few small fields allowed */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/**
 * After an early refusal, up to this much more of the body is read and thrown away, so that a
 * client still sending has time to read the answer: a connection closed on unread data is
 * reset, and the reset can overtake the answer.
 */
const MAX_DISCARDED_BYTES = 10 * 1024 * 1024;

const TEXT = {
  tooLarge: UPLOAD_TEXT.tooLargeDescription,
  notAnImage: UPLOAD_TEXT.invalidTypeDescription,
  missingFile: `No image received: send the file in the form field "${FIELD}"`,
  oneFile: "Please upload one image at a time",
  tooManyFields: "Too many form fields in the upload",
  malformed: "The upload could not be read (malformed multipart body)",
} as const;

type Received = { ok: true; bytes: Buffer; fileName: string | null } | { ok: false; status: number; error: string };

function refuse(res: Response, status: number, error: string) {
  res.status(status).json({ success: false, error, message: error } satisfies UploadAnswer);
}

/** Throws away the rest of a refused request body, cutting the connection past MAX_DISCARDED_BYTES. */
function discardRest(req: Request) {
  if (req.complete) return;
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) req.socket.destroy();
  });
  req.resume();
}

/**
 * Reads the "image" file into memory, at most MAX_UPLOAD_BYTES of it: the moment it goes over,
 * parsing stops and the answer is a refusal.
 */
function receiveImage(req: Request): Promise<Received> {
  return new Promise((resolve) => {
    let settled = false;
    let parser: busboy.Busboy;
    const finish = (result: Received) => {
      if (settled) return;
      settled = true;
      if (!result.ok) {
        req.unpipe(parser);
        parser.removeAllListeners();
        // a late parser error must not become an uncaught exception
        parser.on("error", () => {});
      }
      resolve(result);
    };

    try {
      parser = busboy({
        headers: req.headers,
        // browsers send the file name's UTF-8 bytes as they are ("Hündchen.jpg")
        defParamCharset: "utf8",
        limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 20 },
      });
    } catch {
      // no boundary, or not multipart after all
      resolve({ ok: false, status: 400, error: TEXT.malformed });
      return;
    }

    const chunks: Buffer[] = [];
    let received: Buffer | undefined;
    let fileName: string | null = null;
    parser.on("file", (name, stream, info) => {
      if (name !== FIELD) {
        stream.resume();
        return;
      }
      // the library lists images by the name they were uploaded with (cleaned by the service)
      fileName = info.filename ?? null;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => finish({ ok: false, status: 413, error: TEXT.tooLarge }));
      stream.on("end", () => {
        if (!stream.truncated) received = Buffer.concat(chunks);
      });
    });
    parser.on("filesLimit", () => finish({ ok: false, status: 400, error: TEXT.oneFile }));
    parser.on("fieldsLimit", () => finish({ ok: false, status: 400, error: TEXT.tooManyFields }));
    parser.on("partsLimit", () => finish({ ok: false, status: 400, error: TEXT.tooManyFields }));
    parser.on("error", () => finish({ ok: false, status: 400, error: TEXT.malformed }));
    parser.on("close", () => {
      // a browser sends an empty part when no file was chosen
      if (received && received.length > 0) finish({ ok: true, bytes: received, fileName });
      else finish({ ok: false, status: 400, error: TEXT.missingFile });
    });
    req.on("error", () => finish({ ok: false, status: 400, error: TEXT.malformed }));
    req.pipe(parser);
  });
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

    const received = await receiveImage(req);
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
