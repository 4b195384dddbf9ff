import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join } from "node:path";
import express, { type RequestHandler } from "express";
import { isFresh, preferredEncoding } from "./negotiation";

// The build's hashed assets never change while the process runs, and every first visit asks for
// a dozen of them: 1.8 MB in all with the .br and .gz twins `npm run build` writes beside each.
// They are read once at start and answered from memory (decisions 043, 067): a file read per
// request held the bench's asset figure at 5,200 answers/s, a third of a cached page. What the
// store does not hold (a Range request, another name) goes on to express.static.

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
};
const CODINGS = ["br", "gzip"] as const;
type Coding = (typeof CODINGS)[number];
const SUFFIX: Record<Coding, string> = { br: ".br", gzip: ".gz" };
const IMMUTABLE = "public, max-age=31536000, immutable";

interface Variant {
  bytes: Buffer;
  etag: string;
}

interface Asset {
  type: string;
  plain: Variant;
  encoded: Partial<Record<Coding, Variant>>;
}

function variant(bytes: Buffer): Variant {
  return { bytes, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"` };
}

/**
 * Reads every asset of `dir` with its compressed twins, and answers a GET or HEAD of
 * `/assets/<name>` from memory (exactly that: no query, no Range; it reads the request's whole
 * path, so it may be mounted anywhere); anything else goes on.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const names = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const assets = new Map<string, Asset>();
  for (const name of names) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const encoded: Asset["encoded"] = {};
    for (const coding of CODINGS) {
      if (names.has(name + SUFFIX[coding])) encoded[coding] = variant(readFileSync(join(dir, name + SUFFIX[coding])));
    }
    assets.set(`/assets/${name}`, { type, plain: variant(readFileSync(join(dir, name))), encoded });
  }

  function send(asset: Asset, req: IncomingMessage, res: ServerResponse) {
    const available = CODINGS.filter((coding) => asset.encoded[coding]);
    const coding = preferredEncoding(req.headers, available);
    const chosen = (coding && asset.encoded[coding]) || asset.plain;
    res.setHeader("Content-Type", asset.type);
    res.setHeader("Cache-Control", IMMUTABLE);
    res.setHeader("ETag", chosen.etag);
    if (available.length > 0) res.setHeader("Vary", "Accept-Encoding");
    if (coding) res.setHeader("Content-Encoding", coding);
    if (isFresh(req.headers, chosen.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = 200;
    res.setHeader("Content-Length", chosen.bytes.length);
    res.end(req.method === "HEAD" ? undefined : chosen.bytes);
  }

  return (req, res, next) => {
    const asset =
      (req.method === "GET" || req.method === "HEAD") && req.headers.range === undefined
        ? assets.get(req.originalUrl)
        : undefined;
    if (asset) send(asset, req, res);
    else next();
  };
}

/**
 * express.static for what a folder holds at start-up (the build output never changes while the
 * process runs). Paths outside it go straight on, so a page request costs no file-system lookup.
 */
export function staticFolder(dir: string, options: Parameters<typeof express.static>[1]): RequestHandler {
  const entries = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const serve = express.static(dir, options);
  return (req, res, next) => {
    const first = req.path.split("/")[1] ?? "";
    if (!entries.has(first)) return next();
    serve(req, res, next);
  };
}
