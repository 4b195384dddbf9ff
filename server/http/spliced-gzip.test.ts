import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { assembleGzip, assemblePlain, prepareSplicedGzip } from "./spliced-gzip";

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
