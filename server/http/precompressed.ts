import { existsSync, readdirSync } from "node:fs";
import { extname, join } from "node:path";
import express, { type RequestHandler } from "express";

/**
 * Serves the .br/.gz twins that `npm run build` writes beside each hashed asset, when the
 * browser accepts them; anything else falls through to express.static.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!files.has(name)) return next();
    const encoding = req.acceptsEncodings("br", "gzip");
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : null;
    if (!suffix || !files.has(name + suffix)) return next();
    res.setHeader("Content-Encoding", encoding as string);
    res.setHeader("Vary", "Accept-Encoding");
    res.type(extname(name));
    res.sendFile(join(dir, name + suffix), { immutable: true, maxAge: "1y" }, (error) => {
      // A visitor who left mid-file is not an error of ours. One who left before the file started
      // gets ECONNABORTED here, which the error handler logs at debug only (isClientAbort).
      if (error && !res.headersSent) next(error);
    });
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
