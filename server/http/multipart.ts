import busboy from "busboy";
import type { Request } from "express";

// One file from a multipart/form-data body, read here rather than by a body parser (the routes
// that take one sit before requireJsonBody): POST /api/upload's image and POST
// /api/admin/toys/import's CSV. The file is held in memory, and refused the moment it goes over
// its limit.

/** Room for the multipart boundaries, part headers and the few small fields allowed. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * After an early refusal, up to this much more of the body is read and thrown away, so that a
 * client still sending has time to read the answer: a connection closed on unread data is
 * reset, and the reset can overtake the answer.
 */
const MAX_DISCARDED_BYTES = 10 * 1024 * 1024;

/** What each refusal says, in the caller's words. */
export interface MultipartMessages {
  tooLarge: string;
  missingFile: string;
  oneFile: string;
  tooManyFields: string;
  malformed: string;
}

export type ReceivedFile =
  | { ok: true; bytes: Buffer; fileName: string | null }
  | { ok: false; status: 400 | 413; error: string };

/** Throws away the rest of a refused request body, cutting the connection past MAX_DISCARDED_BYTES. */
export function discardRest(req: Request): void {
  if (req.complete) return;
  let discarded = 0;
  req.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_DISCARDED_BYTES) req.socket.destroy();
  });
  req.resume();
}

/**
 * Reads the file in form field `field` into memory, at most `maxBytes` of it: the moment it goes
 * over, parsing stops and the answer is a refusal (413). No file, an empty one, a second file or
 * a body that does not parse: 400.
 */
export function receiveFile(
  req: Request,
  { field, maxBytes, messages }: { field: string; maxBytes: number; messages: MultipartMessages },
): Promise<ReceivedFile> {
  return new Promise((resolve) => {
    let settled = false;
    let parser: busboy.Busboy;
    const finish = (result: ReceivedFile) => {
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
        limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11, headerPairs: 20 },
      });
    } catch {
      // no boundary, or not multipart after all
      resolve({ ok: false, status: 400, error: messages.malformed });
      return;
    }

    const chunks: Buffer[] = [];
    let received: Buffer | undefined;
    let fileName: string | null = null;
    parser.on("file", (name, stream, info) => {
      if (name !== field) {
        stream.resume();
        return;
      }
      fileName = info.filename ?? null;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => finish({ ok: false, status: 413, error: messages.tooLarge }));
      stream.on("end", () => {
        if (!stream.truncated) received = Buffer.concat(chunks);
      });
    });
    parser.on("filesLimit", () => finish({ ok: false, status: 400, error: messages.oneFile }));
    parser.on("fieldsLimit", () => finish({ ok: false, status: 400, error: messages.tooManyFields }));
    parser.on("partsLimit", () => finish({ ok: false, status: 400, error: messages.tooManyFields }));
    parser.on("error", () => finish({ ok: false, status: 400, error: messages.malformed }));
    parser.on("close", () => {
      // a browser sends an empty part when no file was chosen
      if (received && received.length > 0) finish({ ok: true, bytes: received, fileName });
      else finish({ ok: false, status: 400, error: messages.missingFile });
    });
    req.on("error", () => finish({ ok: false, status: 400, error: messages.malformed }));
    req.pipe(parser);
  });
}
