import { PassThrough, type Readable } from "node:stream";
import busboy from "busboy";
import type { Request } from "express";

// One file from a multipart/form-data body, read here rather than by a body parser (the routes
// that take one sit before requireJsonBody): POST /api/upload's image and POST
// /api/admin/toys/import's CSV are held in memory (receiveFile); POST /api/admin/earnings/import's
// report, which may be large, is handed on as a stream while it arrives (receiveFileStream). Both
// refuse a file the moment it goes over its limit.

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

type Refusal = Extract<ReceivedFile, { ok: false }>;

export interface MultipartOptions {
  field: string;
  maxBytes: number;
  messages: MultipartMessages;
}

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

interface BodyReading {
  /** null once the whole body was read without a refusal; the refusal otherwise */
  done: Promise<Refusal | null>;
  /** stops reading the body (the caller has what it needs, or gave up); `done` settles with null */
  stop(): void;
}

/**
 * The refusal rules both readers share: busboy reads the body, and hands the file of form field
 * `field` to `onFile` as it arrives. A file past `maxBytes` is refused (413) the moment it goes
 * over; a second file, too many fields or parts, and a body that does not parse: 400. After a
 * refusal the parser is detached and nothing more is handed on.
 */
function readBody(
  req: Request,
  { field, maxBytes, messages }: MultipartOptions,
  onFile: (stream: Readable & { truncated?: boolean }, fileName: string | null) => void,
): BodyReading {
  let settle: (result: Refusal | null) => void = () => {};
  const done = new Promise<Refusal | null>((resolve) => {
    settle = resolve;
  });
  let settled = false;
  let parser: busboy.Busboy | undefined;
  /** settles `done`; after a refusal, or when the caller stops early, the parser is detached from the request */
  const finish = (result: Refusal | null, detach = result !== null) => {
    if (settled) return;
    settled = true;
    if (detach && parser) {
      req.unpipe(parser);
      parser.removeAllListeners();
      // a late parser error must not become an uncaught exception
      parser.on("error", () => {});
    }
    settle(result);
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
    finish({ ok: false, status: 400, error: messages.malformed });
    return { done, stop: () => {} };
  }

  parser.on("file", (name, stream, info) => {
    if (name !== field || settled) {
      stream.on("error", () => {});
      stream.resume();
      return;
    }
    stream.on("limit", () => finish({ ok: false, status: 413, error: messages.tooLarge }));
    // a body that ends inside the file fails the file's stream too (busboy's "Unexpected end of form")
    stream.on("error", () => finish({ ok: false, status: 400, error: messages.malformed }));
    onFile(stream, info.filename ?? null);
  });
  parser.on("filesLimit", () => finish({ ok: false, status: 400, error: messages.oneFile }));
  parser.on("fieldsLimit", () => finish({ ok: false, status: 400, error: messages.tooManyFields }));
  parser.on("partsLimit", () => finish({ ok: false, status: 400, error: messages.tooManyFields }));
  parser.on("error", () => finish({ ok: false, status: 400, error: messages.malformed }));
  parser.on("close", () => finish(null));
  req.on("error", () => finish({ ok: false, status: 400, error: messages.malformed }));
  req.pipe(parser);
  return { done, stop: () => finish(null, true) };
}

/**
 * Reads the file in form field `field` into memory, at most `maxBytes` of it: the moment it goes
 * over, parsing stops and the answer is a refusal (413). No file, an empty one, a second file or
 * a body that does not parse: 400.
 */
export async function receiveFile(req: Request, options: MultipartOptions): Promise<ReceivedFile> {
  const chunks: Buffer[] = [];
  let received: Buffer | undefined;
  let fileName: string | null = null;
  const body = readBody(req, options, (stream, name) => {
    fileName = name;
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      if (!stream.truncated) received = Buffer.concat(chunks);
    });
  });
  const refusal = await body.done;
  if (refusal) return refusal;
  // a browser sends an empty part when no file was chosen
  if (received && received.length > 0) return { ok: true, bytes: received, fileName };
  return { ok: false, status: 400, error: options.messages.missingFile };
}

/** Thrown into the file stream a consumer reads when the upload is refused or breaks off before its end. */
export class UploadRefusedError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.error);
  }
}

export type ReceivedStream<T> = { ok: true; value: T } | Refusal;

/**
 * Hands the file in form field `field` to `consume` as a stream while it arrives, so a file of
 * any size is read in flat memory; the same refusals as receiveFile, in the same words. The
 * stream ends only once the whole body has been read and accepted: a refusal that comes after
 * the file (a second file, a body cut short) still reaches the consumer, as an
 * UploadRefusedError from the stream, and so does one while the file is read (413 past
 * `maxBytes`). A consumer that fails (or returns) before the stream ends stops the reading; the
 * caller discards the rest (discardRest). No file, or an empty one: 400, and `consume` is not
 * called. The consumer's own failure is thrown; after a refusal, the refusal is the answer.
 */
export async function receiveFileStream<T>(
  req: Request,
  options: MultipartOptions,
  consume: (file: Readable, fileName: string | null) => Promise<T>,
): Promise<ReceivedStream<T>> {
  let file: PassThrough | undefined;
  let consumed: Promise<{ value: T } | { error: unknown }> | undefined;
  const body = readBody(req, options, (stream, fileName) => {
    stream.on("data", (chunk: Buffer) => {
      if (!file) {
        // started at the first byte, so an empty part is "no file" and never reaches the consumer
        const handed = new PassThrough();
        file = handed;
        consumed = consume(handed, fileName).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        // the consumer settling before the stream ended: read no more of the body
        void consumed.then(() => {
          if (!handed.writableEnded) body.stop();
          handed.resume();
        });
      }
      if (file.destroyed) return;
      // the consumer's pace is the upload's: busboy pauses the request while the file waits
      if (!file.write(chunk)) {
        stream.pause();
        file.once("drain", () => stream.resume());
      }
    });
  });
  const refusal = await body.done;
  const current = file as PassThrough | undefined;
  if (!current || !consumed) return refusal ?? { ok: false, status: 400, error: options.messages.missingFile };
  if (refusal) current.destroy(new UploadRefusedError(refusal));
  else current.end();
  const outcome = await consumed;
  if ("error" in outcome) {
    if (refusal && outcome.error instanceof UploadRefusedError) return refusal;
    throw outcome.error;
  }
  return refusal ?? { ok: true, value: outcome.value };
}
