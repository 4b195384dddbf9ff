import { type AddressInfo, connect } from "node:net";
import { crc32, deflateSync } from "node:zlib";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import pino from "pino";
import sharp, { type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { apiNotFound, jsonErrorHandler } from "#server/http/errors.ts";
import { securityHeaders } from "#server/http/security-headers.ts";
import { uploadsHandler } from "#server/http/uploads.ts";
import { requireJsonBody } from "#server/http/validation.ts";
import { createMediaService } from "#server/services/media.service.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { uploadRouter } from "./upload";

// POST /api/upload and GET /uploads/<hash>.webp over HTTP, with real files made here. The app
// is assembled as server/app.ts does it (the upload router before the JSON-only guard);
// sign-in is the admin guard's business and is tested with it.

const MB5 = 5 * 1024 * 1024;
const NOT_AN_IMAGE = "Please upload an image file (JPEG, PNG, GIF, etc.)";
const TOO_LARGE = "Image size must be less than 5MB";
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A small valid PNG made exactly `size` bytes long with a private ancillary chunk (decoders skip it). */
async function pngOfSize(size: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  const end = png.subarray(png.length - 12); // the IEND chunk
  const start = png.subarray(0, png.length - 12);
  const padding = Buffer.alloc(size - png.length - 12, 0x2a);
  const padded = Buffer.concat([start, pngChunk("pdNg", padding), end]);
  expect(padded.length).toBe(size);
  return padded;
}

let database: DatabaseHandle;
let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  const media = createMediaService(database.db);
  const app = express();
  app.use(compression());
  app.use(securityHeaders({ contentSecurityPolicy: true, hsts: false }));
  // signed in: the guard itself is tested in access.test.ts
  app.use((_req, res, next) => {
    res.locals.session = { user: { id: 1, username: "admin" }, expiresAt: new Date(), id: "test" };
    next();
  });
  const api = express.Router();
  api.use(uploadRouter({ media }));
  api.use(requireJsonBody);
  api.use(express.json());
  api.use(apiNotFound);
  app.use("/api", api);
  app.use("/uploads", uploadsHandler({ media }));
  app.use(jsonErrorHandler(pino({ level: "silent" })));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
});
afterAll(async () => {
  await close();
  await database.close();
});

interface Part {
  field?: string;
  bytes: Buffer | string;
  filename?: string;
  type?: string;
}

/** Posts a multipart form, as the admin form's FormData does. */
function upload(...parts: Part[]) {
  const form = new FormData();
  for (const { field = "image", bytes, filename = "photo.png", type = "image/png" } of parts) {
    form.append(field, new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], { type }), filename);
  }
  return fetch(`${baseUrl}/api/upload`, { method: "POST", body: form });
}

async function expectRefusal(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ success: false, error, message: error });
}

async function mediaRows(): Promise<number> {
  const { rows } = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from media`);
  return rows[0]?.count ?? 0;
}

interface StreamedUpload {
  status: number;
  body: string;
  /** bytes of file content sent when the answer began to arrive */
  sentBeforeAnswer: number;
  /** bytes of file content sent when the server hung up (or all of them) */
  sentInAll: number;
  hungUp: boolean;
}

/**
 * Sends `total` bytes of file content as a chunked upload (no Content-Length), the way a
 * streaming client would, over a raw socket so that it can go on sending after the answer,
 * until done or hung up on.
 */
function streamUpload(total: number): Promise<StreamedUpload> {
  const boundary = "----pawsome-test-boundary";
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let sent = 0;
    let sentBeforeAnswer: number | undefined;
    let received = "";
    let hungUp = false;
    /** one piece of the chunked body; false when the socket asks to wait for "drain" */
    const sendChunk = (data: Buffer | string) => {
      socket.write(`${Buffer.byteLength(data).toString(16)}\r\n`);
      socket.write(data);
      return socket.write("\r\n");
    };

    socket.setEncoding("utf8");
    socket.on("data", (text: string) => {
      sentBeforeAnswer ??= sent;
      received += text;
    });
    socket.on("error", () => {
      hungUp = true;
    });
    socket.on("close", () => {
      const match = /^HTTP\/1\.1 (\d{3}).*?\r\n\r\n(.*)$/s.exec(received);
      if (!match || sentBeforeAnswer === undefined) return reject(new Error(`no answer after ${sent} bytes`));
      resolve({ status: Number(match[1]), body: match[2] ?? "", sentBeforeAnswer, sentInAll: sent, hungUp });
    });

    socket.write(
      `POST /api/upload HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    sendChunk(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const pump = () => {
      while (!socket.destroyed && sent < total) {
        sent += chunk.length;
        if (!sendChunk(chunk)) {
          socket.once("drain", pump);
          return;
        }
      }
      if (!socket.destroyed) {
        sendChunk(`\r\n--${boundary}--\r\n`);
        socket.end("0\r\n\r\n");
      }
    };
    pump();
  });
}

describe("POST /api/upload: accepted images", () => {
  it.each([
    ["PNG", "image/png", (img: Sharp) => img.png()],
    ["JPEG", "image/jpeg", (img: Sharp) => img.jpeg()],
    ["GIF", "image/gif", (img: Sharp) => img.gif()],
    ["WebP", "image/webp", (img: Sharp) => img.webp()],
  ])("stores a %s and serves it back as an immutable WebP", async (name, type, encode) => {
    const bytes = await encode(
      sharp({ create: { width: 120, height: 80, channels: 3, background: "#aa4411" } }),
    ).toBuffer();
    const response = await upload({ bytes, filename: `toy.${name.toLowerCase()}`, type });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ success: true, imageUrl: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}\.webp$/) });

    const served = await fetch(`${baseUrl}${body.imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const hash = body.imageUrl.slice("/uploads/".length, -".webp".length);
    expect(served.headers.get("etag")).toBe(`"${hash}"`);
    const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(image).toMatchObject({ format: "webp", width: 120, height: 80 });
  });

  it("ignores the file name and declared type: a JPEG sent as 'notes.txt' (text/plain) is stored", async () => {
    const bytes = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    const response = await upload({ bytes, filename: "notes.txt", type: "text/plain" });
    expect(response.status).toBe(200);
    expect((await response.json()).success).toBe(true);
  });

  it("strips EXIF and scales a big photo down to 1600 px", async () => {
    const bytes = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#4477aa" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Private Person", Make: "PhoneCo" } })
      .toBuffer();
    const response = await upload({ bytes, filename: "big.jpg", type: "image/jpeg" });
    const { imageUrl } = await response.json();
    const served = Buffer.from(await (await fetch(`${baseUrl}${imageUrl}`)).arrayBuffer());
    const image = await sharp(served).metadata();
    expect([image.width, image.height]).toEqual([1600, 1200]);
    expect(image.exif).toBeUndefined();
    expect(served.includes(Buffer.from("Private Person"))).toBe(false);
  });

  it("gives the same image the same URL and stores it once", async () => {
    const bytes = await sharp({ create: { width: 31, height: 17, channels: 3, background: "#101010" } })
      .png()
      .toBuffer();
    const first = await (await upload({ bytes })).json();
    const before = await mediaRows();
    const second = await (await upload({ bytes, filename: "again.png" })).json();
    expect(second.imageUrl).toBe(first.imageUrl);
    expect(await mediaRows()).toBe(before);
  });

  it("says which library item an upload is and whether the library already had it (for the activity log)", async () => {
    const media = createMediaService(database.db);
    const bytes = await sharp({ create: { width: 23, height: 29, channels: 3, background: "#205020" } })
      .jpeg()
      .toBuffer();
    const first = await media.store(bytes, { originalName: "green.jpg" });
    expect(first).toMatchObject({ id: expect.any(Number), uploadedAs: "jpeg", existing: false });
    const again = await media.store(bytes, { originalName: "green-again.jpg" });
    expect(again).toMatchObject({ id: first.id, url: first.url, existing: true });
    const other = await media.store(await sharp(bytes).flop().rotate(90).png().toBuffer());
    expect(other).toMatchObject({ uploadedAs: "png", existing: false });
    expect(other.id).not.toBe(first.id);
  });

  it("accepts a file of exactly 5 MB", async () => {
    const response = await upload({ bytes: await pngOfSize(MB5) });
    expect(response.status).toBe(200);
    expect((await response.json()).success).toBe(true);
  });
});

describe("POST /api/upload: refusals", () => {
  it("refuses 5 MB + 1 byte with 413", async () => {
    const before = await mediaRows();
    await expectRefusal(await upload({ bytes: await pngOfSize(MB5 + 1) }), 413, TOO_LARGE);
    expect(await mediaRows()).toBe(before);
  });

  it("refuses a much bigger file with 413 from its declared length", async () => {
    const bytes = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(20 * 1024 * 1024)]);
    await expectRefusal(await upload({ bytes }), 413, TOO_LARGE);
  });

  it("answers a streamed upload of unknown length with 413 soon after 5 MB, then hangs up on the rest", async () => {
    const total = 64 * 1024 * 1024;
    const result = await streamUpload(total);
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toEqual({ success: false, error: TOO_LARGE, message: TOO_LARGE });
    expect(result.sentBeforeAnswer).toBeLessThan(total / 2);
    expect(result.hungUp).toBe(true);
    expect(result.sentInAll).toBeLessThan(total / 2);
  });

  it("refuses a text file named .png with 415", async () => {
    await expectRefusal(
      await upload({ bytes: "This is not a picture of a dog.", filename: "dog.png", type: "image/png" }),
      415,
      NOT_AN_IMAGE,
    );
  });

  it("refuses a PNG signature followed by HTML with 415", async () => {
    const bytes = Buffer.concat([PNG_SIGNATURE, Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
    await expectRefusal(await upload({ bytes, filename: "trick.png", type: "image/png" }), 415, NOT_AN_IMAGE);
  });

  it("refuses an SVG (with a script in it) with 415", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>';
    await expectRefusal(await upload({ bytes: svg, filename: "logo.svg", type: "image/svg+xml" }), 415, NOT_AN_IMAGE);
  });

  it("refuses a 20000x20000 image (a decompression bomb) quickly", async () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header[8] = 8;
    header[9] = 2;
    const bomb = Buffer.concat([
      PNG_SIGNATURE,
      pngChunk("IHDR", header),
      pngChunk("IDAT", deflateSync(Buffer.alloc(20_000 * 3 + 1))),
      pngChunk("IEND", Buffer.alloc(0)),
    ]);
    const started = Date.now();
    await expectRefusal(await upload({ bytes: bomb, filename: "bomb.png" }), 413, "Image dimensions are too large");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("answers 400 when no file comes in the field 'image'", async () => {
    const png = await sharp({ create: { width: 5, height: 5, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const wrongField = await upload({ field: "file", bytes: png });
    expect(wrongField.status).toBe(400);
    const refusal = await wrongField.json();
    expect(refusal).toEqual({ success: false, error: expect.stringContaining('"image"'), message: refusal.error });

    const onlyText = new FormData();
    onlyText.append("caption", "no file here");
    const noFile = await fetch(`${baseUrl}/api/upload`, { method: "POST", body: onlyText });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).success).toBe(false);

    // what a browser sends for a file input left empty
    const empty = await upload({ bytes: "", filename: "", type: "application/octet-stream" });
    expect(empty.status).toBe(400);
  });

  it("answers 400 for two files at once", async () => {
    const png = await sharp({ create: { width: 5, height: 5, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    await expectRefusal(await upload({ bytes: png }, { bytes: png }), 400, "Please upload one image at a time");
  });

  it("answers 415 with the upload message to a request that is not multipart", async () => {
    const json = await fetch(`${baseUrl}/api/upload`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ image: "data:image/png;base64,iVBORw0KGgo=" }),
    });
    await expectRefusal(json, 415, NOT_AN_IMAGE);
    await expectRefusal(await fetch(`${baseUrl}/api/upload`, { method: "POST" }), 415, NOT_AN_IMAGE);
  });

  it("answers 400 to a malformed multipart body", async () => {
    const response = await fetch(`${baseUrl}/api/upload`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data" },
      body: "no boundary at all",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).success).toBe(false);
  });

  it("answers 400 to a body that ends inside the file (and the server stays up)", async () => {
    const cut = await fetch(`${baseUrl}/api/upload`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=cut" },
      body: '--cut\r\nContent-Disposition: form-data; name="image"; filename="dog.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    });
    expect(cut.status).toBe(400);
    expect((await cut.json()).success).toBe(false);
    expect((await fetch(`${baseUrl}/api/upload`, { method: "POST" })).status).toBe(415);
  });
});

describe("GET /uploads/<file>", () => {
  it("answers HEAD with the headers and a matching If-None-Match with 304", async () => {
    const bytes = await sharp({ create: { width: 9, height: 9, channels: 3, background: "#0f0" } })
      .png()
      .toBuffer();
    const { imageUrl } = await (await upload({ bytes })).json();

    const head = await fetch(`${baseUrl}${imageUrl}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await head.text()).toBe("");

    const etag = head.headers.get("etag") ?? "";
    // fetch would add "Cache-Control: no-cache" (an unconditional reload) unless one is given
    const revalidated = await fetch(`${baseUrl}${imageUrl}`, {
      headers: { "if-none-match": etag, "cache-control": "max-age=0" },
    });
    expect(revalidated.status).toBe(304);
  });

  it("answers JSON 404 for an unknown image and for names that are not <sha256>.webp", async () => {
    for (const path of [
      `/uploads/${"a".repeat(64)}.webp`,
      "/uploads/missing.png",
      `/uploads/${"A".repeat(64)}.webp`,
      `/uploads/${"a".repeat(64)}.webp/more`,
      "/uploads/%2e%2e%2fapi%2fupload",
      "/uploads/",
    ]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ message: "Image not found" });
    }
  });

  it("refuses to be written to", async () => {
    const response = await fetch(`${baseUrl}/uploads/${"a".repeat(64)}.webp`, { method: "PUT", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });
});
