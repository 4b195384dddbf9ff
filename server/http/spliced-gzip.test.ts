import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crcShift, gzipPieces, type Pieces, plainPieces, prepareSplicedGzip, type SplicedGzip } from "./spliced-gzip";

const joined = ({ pieces, length }: Pieces) => {
  const body = Buffer.concat(pieces);
  expect(body.length).toBe(length);
  return body;
};
const assembleGzip = (spliced: SplicedGzip, value: string) => joined(gzipPieces(spliced, value));
const assemblePlain = (spliced: SplicedGzip, value: string) => joined(plainPieces(spliced, value));

describe("spliced gzip", () => {
  const parts = [
    `<html>${"chew toys ".repeat(5000)}<script nonce="`,
    `">go()</script><p>Ünïcode 🐶 é</p>`,
    "",
    "</html>",
  ];

  it("decompresses to the parts joined by the value, checksum and length included", () => {
    const spliced = prepareSplicedGzip(parts);
    for (const value of ["abc", "+ZqMfVsDDmGD4ykLXWKeAg==", ""]) {
      expect(gunzipSync(assembleGzip(spliced, value)).toString("utf8")).toBe(parts.join(value));
      expect(assemblePlain(spliced, value).toString("utf8")).toBe(parts.join(value));
    }
  });

  it("keeps the compressed body far smaller than the page", () => {
    const body = assembleGzip(prepareSplicedGzip(parts), "nonce");
    expect(body.length).toBeLessThan(parts.join("nonce").length / 10);
  });

  it("works for a page without any value in it", () => {
    expect(gunzipSync(assembleGzip(prepareSplicedGzip(["only"]), "x")).toString()).toBe("only");
  });
});

describe("checksums combined instead of recomputed", () => {
  it("gives the CRC-32 of the joined body for every split, empty parts and multi-byte text included", () => {
    const text = `${"squeaky ".repeat(3000)}Ünïcode 🐶${"x".repeat(70_000)}`;
    for (const at of [0, 1, 7, 4096, 24_000, 65_536, text.length]) {
      const parts = [text.slice(0, at), text.slice(at), ""];
      for (const value of ["", "n", "+ZqMfVsDDmGD4ykLXWKeAg=="]) {
        const body = assembleGzip(prepareSplicedGzip(parts), value);
        // the trailer's checksum is what gunzip verifies; compare it with one computed in one go
        expect(body.readUInt32LE(body.length - 8)).toBe(crc32(Buffer.from(parts.join(value))));
        expect(gunzipSync(body).toString("utf8")).toBe(parts.join(value));
      }
    }
  });

  it("shifts by whole bytes as appending zeros would", () => {
    // crc(A ++ zeros(n)) is crc(A) shifted by n bytes combined with crc(zeros(n))
    const a = Buffer.from("pawsome");
    for (const n of [0, 1, 2, 3, 255, 1000, 123_457]) {
      const zeros = Buffer.alloc(n);
      const expected = crc32(Buffer.concat([a, zeros]));
      const spliced = prepareSplicedGzip(["pawsome", "\0".repeat(n)]);
      const body = assembleGzip(spliced, "");
      expect(body.readUInt32LE(body.length - 8)).toBe(expected);
      expect(crcShift(0)).toBe(0x80000000);
    }
  });
});
