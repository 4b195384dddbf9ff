import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { isFresh, preferredEncoding } from "./negotiation";

// A public API read is answered from the read cache (decision 014) as the same frozen object
// until the cache lets it go. What was left per answer was turning it into bytes: the JSON
// text, its ETag (a SHA-1 of the text) and the compression middleware's Brotli, which on the
// bench cost more than everything else the answer did (decision 067). So the bytes are made
// once per frozen result and kept beside it (a WeakMap: they go when the result goes, so an
// admin write, which empties the read cache, also ends them; nothing is keyed by URL or by who
// asked). A result that is not frozen (an admin's uncached read) is sent as Express sends any.

interface Bytes {
  json: Buffer;
  etag: string;
  gzip?: Buffer;
}

const made = new WeakMap<object, Bytes>();

function bytesOf(value: object): Bytes {
  let bytes = made.get(value);
  if (!bytes) {
    const json = Buffer.from(JSON.stringify(value), "utf8");
    // the weak ETag Express makes for the same body
    const hash = createHash("sha1").update(json).digest("base64").slice(0, 27);
    bytes = { json, etag: `W/"${json.length.toString(16)}-${hash}"` };
    made.set(value, bytes);
  }
  return bytes;
}

/** Answers `value` as JSON (200), with its bytes, ETag and gzip form made once per frozen result. */
export function sendJson(req: Request, res: Response, value: unknown): void {
  if (value === null || typeof value !== "object" || !Object.isFrozen(value)) {
    res.json(value);
    return;
  }
  const bytes = bytesOf(value);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("ETag", bytes.etag);
  res.vary("Accept-Encoding");
  if (isFresh(req.headers, bytes.etag)) {
    res.status(304).end();
    return;
  }
  let body = bytes.json;
  if (preferredEncoding(req.headers, ["gzip"])) {
    bytes.gzip ??= gzipSync(bytes.json);
    body = bytes.gzip;
    // set before the body goes out, so the compression middleware leaves it as it is
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
