import { constants, crc32, deflateRawSync } from "node:zlib";

// A gzip body assembled from parts compressed once and short values that differ per response
// (the CSP nonce of a cached page). Each part is a raw deflate stream ended with a sync flush,
// which leaves it byte-aligned and referring to nothing before it, so parts can be laid side by
// side (RFC 1951); the per-response values go between them as stored blocks. Only the CRC-32
// of the whole body is computed per response, which costs far less than compressing it.

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** the last block of the stream: stored, empty, BFINAL set */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;

export interface SplicedGzip {
  /** the parts, compressed */
  deflated: Buffer[];
  /** the parts as they are, for the checksum and for clients without gzip */
  plain: Buffer[];
}

/** Compresses each part once; `assemble` later puts a value between every two of them. */
export function prepareSplicedGzip(parts: string[]): SplicedGzip {
  const plain = parts.map((part) => Buffer.from(part, "utf8"));
  const deflated = plain.map((part) => deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH }));
  return { deflated, plain };
}

function storedBlock(value: Buffer): Buffer {
  if (value.length > MAX_STORED) throw new RangeError("a spliced value must be under 64 KiB");
  const block = Buffer.allocUnsafe(5 + value.length);
  block[0] = 0x00; // BFINAL 0, BTYPE 00 (stored), padded to the byte
  block.writeUInt16LE(value.length, 1);
  block.writeUInt16LE(~value.length & 0xffff, 3);
  value.copy(block, 5);
  return block;
}

/** The parts joined by `value` as plain bytes. */
export function assemblePlain({ plain }: SplicedGzip, value: string): Buffer {
  const between = Buffer.from(value, "utf8");
  const pieces: Buffer[] = [];
  plain.forEach((part, i) => {
    if (i > 0) pieces.push(between);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/** The parts joined by `value`, as one gzip member. */
export function assembleGzip({ deflated, plain }: SplicedGzip, value: string): Buffer {
  const between = Buffer.from(value, "utf8");
  const block = storedBlock(between);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  deflated.forEach((part, i) => {
    if (i > 0) {
      pieces.push(block);
      crc = crc32(between, crc);
      size += between.length;
    }
    pieces.push(part);
    const original = plain[i] as Buffer;
    // Node's crc32 answers 0 for some empty buffers instead of the running value
    if (original.length > 0) crc = crc32(original, crc);
    size += original.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
