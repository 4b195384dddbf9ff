import { createHash } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_TEXT } from "#domain/uploads.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { createMediaService, ImageRejectedError, type MediaService, sniffImageType } from "./media.service";

// The image pipeline on real files made here: what goes in, what is stored, what is refused.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A valid, tiny PNG whose header claims width x height: a decompression bomb's calling card. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(width * 3 + 1))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const solid = (width: number, height: number, colour = "#c05030") =>
  sharp({ create: { width, height, channels: 3, background: colour } });

let database: DatabaseHandle;
let service: MediaService;

beforeAll(async () => {
  database = await createTestDatabase();
  service = createMediaService(database.db);
});
afterAll(async () => {
  await database.close();
});

async function rejection(bytes: Buffer): Promise<ImageRejectedError> {
  const error = await service.store(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}

describe("sniffImageType", () => {
  it("recognises JPEG, PNG, GIF87a, GIF89a and WebP by their first bytes", () => {
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("jpeg");
    expect(sniffImageType(Buffer.concat([PNG_SIGNATURE, Buffer.from("rest")]))).toBe("png");
    expect(sniffImageType(Buffer.from("GIF87a\x01\x00", "latin1"))).toBe("gif");
    expect(sniffImageType(Buffer.from("GIF89a\x01\x00", "latin1"))).toBe("gif");
    expect(sniffImageType(Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 ", "latin1"))).toBe("webp");
  });

  it("refuses everything else, whatever it claims to be", () => {
    expect(sniffImageType(Buffer.from("just some text, saved as photo.png"))).toBeNull();
    expect(
      sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt ", "latin1"))).toBeNull();
    expect(sniffImageType(Buffer.from("GIF8"))).toBeNull();
    expect(sniffImageType(PNG_SIGNATURE.subarray(0, 7))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe("media.store", () => {
  it.each([
    ["PNG", () => solid(64, 48).png().toBuffer()],
    ["JPEG", () => solid(64, 48).jpeg().toBuffer()],
    ["GIF", () => solid(64, 48).gif().toBuffer()],
    ["WebP", () => solid(64, 48).webp({ lossless: true }).toBuffer()],
  ])("stores a %s as WebP under the SHA-256 of the stored bytes", async (_name, make) => {
    const stored = await service.store(await make());
    expect(stored).toMatchObject({ contentType: "image/webp", width: 64, height: 48 });
    expect(stored.url).toBe(`/uploads/${stored.hash}.webp`);

    const file = await service.read(stored.hash);
    if (!file) throw new Error("stored image not found");
    expect(file.contentType).toBe("image/webp");
    expect(file.size).toBe(file.bytes.length);
    expect(createHash("sha256").update(file.bytes).digest("hex")).toBe(stored.hash);
    const decoded = await sharp(file.bytes).metadata();
    expect(decoded).toMatchObject({ format: "webp", width: 64, height: 48 });
  });

  it("turns the photo upright by its EXIF orientation and strips EXIF and XMP", async () => {
    const photo = await solid(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: "Owner Name", Artist: "Owner Name" } })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .toBuffer();
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif).toBeDefined();
    expect(input.xmp).toBeDefined();

    const stored = await service.store(photo);
    const file = await service.read(stored.hash);
    const output = await sharp(file?.bytes).metadata();
    expect([output.width, output.height]).toEqual([200, 300]);
    expect(output.exif).toBeUndefined();
    expect(output.xmp).toBeUndefined();
    expect(output.orientation).toBeUndefined();
    expect(file?.bytes.includes(Buffer.from("Owner Name"))).toBe(false);
  });

  it("scales a large image down to 1600 px on its longest side and leaves small ones as they are", async () => {
    const wide = await service.store(await solid(3000, 2000).png().toBuffer());
    expect([wide.width, wide.height]).toEqual([1600, 1067]);
    const tall = await service.store(await solid(900, 2400).jpeg().toBuffer());
    expect([tall.width, tall.height]).toEqual([600, 1600]);
    const small = await service.store(await solid(20, 10).png().toBuffer());
    expect([small.width, small.height]).toEqual([20, 10]);
  });

  it("keeps only the first frame of an animated GIF", async () => {
    // two 10x10 frames: red, then blue
    const pixels = Buffer.alloc(10 * 20 * 3);
    for (let i = 0; i < 10 * 20; i++) pixels.set(i < 100 ? [255, 0, 0] : [0, 0, 255], i * 3);
    const gif = await sharp(pixels, { raw: { width: 10, height: 20, channels: 3, pageHeight: 10 } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);

    const stored = await service.store(gif);
    const file = await service.read(stored.hash);
    const output = sharp(file?.bytes);
    expect((await output.metadata()).pages ?? 1).toBe(1);
    const [red, green, blue] = (await output.stats()).channels.map((c) => c.mean);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(50);
    expect(blue).toBeLessThan(50);
  });

  it("stores the same image once and gives it the same URL every time", async () => {
    const png = await solid(33, 33, "#123456").png().toBuffer();
    const first = await service.store(png);
    const second = await service.store(png);
    expect(second.url).toBe(first.url);
    const { rows } = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from media where hash = ${first.hash}`,
    );
    expect(rows[0]?.count).toBe(1);
  });

  it("refuses a text file, an SVG, and HTML behind a PNG signature, as not an image", async () => {
    const refused = [
      Buffer.from("hello, I am a text file named photo.png"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      Buffer.concat([PNG_SIGNATURE, Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>")]),
    ];
    for (const bytes of refused) {
      const error = await rejection(bytes);
      expect(error.reason).toBe("not-an-image");
      expect(error.message).toBe(UPLOAD_TEXT.invalidTypeDescription);
    }
  });

  it("refuses a truncated image", async () => {
    const png = await solid(200, 200).png({ compressionLevel: 0 }).toBuffer();
    expect((await rejection(png.subarray(0, png.length / 2))).reason).toBe("not-an-image");
  });

  it("refuses a 20000x20000 image from its header alone, without decoding it", async () => {
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1_000);
    const started = Date.now();
    const error = await rejection(bomb);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.reason).toBe("too-many-pixels");
    expect(error.message).toBe("Image dimensions are too large");
  });

  it("stores nothing for a refused upload", async () => {
    const before = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from media`);
    await rejection(pngClaiming(20_000, 20_000));
    await rejection(Buffer.from("not an image"));
    const after = await database.db.execute<{ count: number }>(sql`select count(*)::int as count from media`);
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });
});

describe("media.read", () => {
  it("finds nothing for an unknown hash", async () => {
    expect(await service.read("0".repeat(64))).toBeNull();
  });
});
