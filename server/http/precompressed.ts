import { existsSync, readdirSync } from "node:fs";
import { extname, join } from "node:path";
import type { RequestHandler } from "express";

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
      if (error) next(error);
    });
  };
}
