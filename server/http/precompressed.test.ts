import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./precompressed";

// The hashed build assets come from memory (decision 043): each client gets the coding it rates
// highest of those built, the bytes exactly as built, and a validator for a 304.

let dir: string;
let server: Server;
let port = 0;
const SOURCE = `export const toys = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `toy ${i}`))};`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "pawsome-assets-"));
  writeFileSync(join(dir, "entry-abc123.js"), SOURCE);
  writeFileSync(join(dir, "entry-abc123.js.br"), brotliCompressSync(SOURCE));
  writeFileSync(join(dir, "entry-abc123.js.gz"), gzipSync(SOURCE));
  writeFileSync(join(dir, "font-x1.woff2"), Buffer.from([1, 2, 3]));
  writeFileSync(join(dir, "notes-x1.txt"), "not an asset kind the build makes");
  const app = express();
  app.use(precompressedAssets(dir));
  app.use((_req, res) => {
    res.status(404).end("fell through");
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("hashed assets from memory", () => {
  it("answers each client in the coding it rates highest, the plain file to one that takes none", async () => {
    const cases: [string | undefined, string | undefined, Buffer][] = [
      ["gzip, deflate, br", "br", brotliCompressSync(SOURCE)],
      ["br;q=0.5, gzip", "gzip", gzipSync(SOURCE)],
      ["gzip", "gzip", gzipSync(SOURCE)],
      ["*", "br", brotliCompressSync(SOURCE)],
      ["br;q=0, gzip;q=0", undefined, Buffer.from(SOURCE)],
      [undefined, undefined, Buffer.from(SOURCE)],
    ];
    for (const [accept, coding, bytes] of cases) {
      const res = await get("/assets/entry-abc123.js", accept === undefined ? {} : { "accept-encoding": accept });
      expect({ accept, status: res.status, coding: res.headers["content-encoding"] }).toEqual({
        accept,
        status: 200,
        coding,
      });
      expect(res.body.equals(bytes)).toBe(true);
      expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(Number(res.headers["content-length"])).toBe(bytes.length);
    }
  });

  it("answers a matching validator with 304 and no body, per coding", async () => {
    const br = await get("/assets/entry-abc123.js", { "accept-encoding": "br" });
    const gzip = await get("/assets/entry-abc123.js", { "accept-encoding": "gzip" });
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const again = await get("/assets/entry-abc123.js", {
      "accept-encoding": "br",
      "if-none-match": String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get("/assets/entry-abc123.js", {
      "accept-encoding": "gzip",
      "if-none-match": String(br.headers.etag),
    });
    expect(other.status).toBe(200);
  });

  it("answers HEAD with the headers only, and leaves Range, queries, other names and kinds to the app", async () => {
    const head = await get("/assets/entry-abc123.js", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(gzipSync(SOURCE).length);
    const font = await get("/assets/font-x1.woff2");
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers.vary).toBeUndefined();
    for (const [path, headers, method] of [
      ["/assets/entry-abc123.js", { range: "bytes=0-9" }, "GET"],
      ["/assets/entry-abc123.js?v=2", {}, "GET"],
      ["/assets/entry-abc123.js", {}, "POST"],
      ["/assets/notes-x1.txt", {}, "GET"],
      ["/assets/entry-abc123.js.br", {}, "GET"],
      ["/assets/ENTRY-abc123.js", {}, "GET"],
      ["/assets/../assets/entry-abc123.js", {}, "GET"],
    ] as const) {
      const res = await get(path, headers, method);
      expect({ path, method, body: res.body.toString() }).toEqual({ path, method, body: "fell through" });
    }
  });
});
