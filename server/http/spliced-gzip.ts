import { constants, crc32, deflateRawSync } from "node:zlib";

// A gzip body assembled from parts compressed once and short values that differ per response
// (the CSP nonce of a cached page). Each part is a raw deflate stream ended with a sync flush,
// which leaves it byte-aligned and referring to nothing before it, so parts can be laid side by
// side (RFC 1951); the per-response values go between them as stored blocks.
//
// The gzip trailer needs the CRC-32 of the whole body. Checksumming an 80 KB page on every
// answer was a tenth of a cache hit's time; instead each part's checksum is computed once, and
// per response only the short value is checksummed and the pieces are combined the way zlib's
// crc32_combine does (a multiplication in GF(2) by x^(8·length), whose factor per part is also
// computed once).

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** the last block of the stream: stored, empty, BFINAL set */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;

export interface SplicedGzip {
  /** the parts, compressed */
  deflated: Buffer[];
  /** the parts as they are, for clients without gzip */
  plain: Buffer[];
  /** each part's CRC-32 */
  crcs: number[];
  /** each part's factor x^(8·length) mod the CRC polynomial, for combining checksums */
  shifts: number[];
}

/** CRC-32's polynomial, bit-reversed (as zlib writes it). */
const POLY = 0xedb88320;

/** a·b modulo the CRC polynomial (zlib crc32.c multmodp); both reflected, x^0 is the top bit. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let factor = b;
  for (;;) {
    if (a & m) {
      p ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) mod p for k = 0..31 (zlib's x2n_table). */
const X2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k++) {
  X2N.push(p);
  p = multiplyModP(p, p);
}

/** x^(8·bytes) mod p: multiplying a checksum by it appends that many zero bytes' worth of shift. */
export function crcShift(bytes: number): number {
  let p = 0x80000000;
  for (let n = bytes, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) p = multiplyModP(X2N[k % 32] as number, p);
  }
  return p;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's shift (zlib crc32_combine). */
function combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}

/** Compresses and checksums each part once; `assemble` later puts a value between every two of them. */
export function prepareSplicedGzip(parts: string[]): SplicedGzip {
  const plain = parts.map((part) => Buffer.from(part, "utf8"));
  return {
    plain,
    deflated: plain.map((part) => deflateRawSync(part, { finishFlush: constants.Z_SYNC_FLUSH })),
    // Node's crc32 answers 0 for an empty buffer, which is its CRC-32 too
    crcs: plain.map((part) => (part.length > 0 ? crc32(part) : 0)),
    shifts: plain.map((part) => crcShift(part.length)),
  };
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
export function assembleGzip({ deflated, plain, crcs, shifts }: SplicedGzip, value: string): Buffer {
  const between = Buffer.from(value, "utf8");
  const block = storedBlock(between);
  const betweenCrc = between.length > 0 ? crc32(between) : 0;
  const betweenShift = crcShift(between.length);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  deflated.forEach((part, i) => {
    if (i > 0) {
      pieces.push(block);
      crc = combine(crc, betweenCrc, betweenShift);
      size += between.length;
    }
    pieces.push(part);
    crc = combine(crc, crcs[i] as number, shifts[i] as number);
    size += (plain[i] as Buffer).length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}
