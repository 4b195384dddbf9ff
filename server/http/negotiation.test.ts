import { describe, expect, it } from "vitest";
import { isFresh, preferredEncoding } from "./negotiation";

const pick = (header: string | undefined, available: readonly ("br" | "gzip")[] = ["br", "gzip"]) =>
  preferredEncoding(header === undefined ? {} : { "accept-encoding": header }, available);

describe("Accept-Encoding", () => {
  it("takes the coding the client rates highest, the server's order breaking ties", () => {
    expect(pick("gzip, deflate, br")).toBe("br");
    expect(pick("br;q=0.5, gzip")).toBe("gzip");
    expect(pick("gzip;q=0.8, br;q=0.9")).toBe("br");
    expect(pick("GZIP")).toBe("gzip");
    expect(pick("x-gzip")).toBe("gzip");
    expect(pick("deflate, gzip", ["br"])).toBeUndefined();
  });

  it("reads * as every coding not named, and q=0 as a refusal", () => {
    expect(pick("*")).toBe("br");
    expect(pick("*;q=0.1, br;q=0")).toBe("gzip");
    expect(pick("gzip;q=0")).toBeUndefined();
    expect(pick("*;q=0")).toBeUndefined();
    expect(pick("gzip;q=0, *")).toBe("br");
  });

  it("gives nothing to a client that asks for nothing or garbles the quality", () => {
    expect(pick(undefined)).toBeUndefined();
    expect(pick("")).toBeUndefined();
    expect(pick("identity")).toBeUndefined();
    expect(pick("gzip;q=abc")).toBeUndefined();
    expect(pick(" , ;q=1")).toBeUndefined();
  });
});

describe("If-None-Match", () => {
  it("matches the ETag weakly, in a list or as *, unless the client says no-cache", () => {
    expect(isFresh({ "if-none-match": '"abc"' }, '"abc"')).toBe(true);
    expect(isFresh({ "if-none-match": 'W/"abc"' }, '"abc"')).toBe(true);
    expect(isFresh({ "if-none-match": '"x", "abc"' }, 'W/"abc"')).toBe(true);
    expect(isFresh({ "if-none-match": "*" }, '"abc"')).toBe(true);
    expect(isFresh({ "if-none-match": '"abd"' }, '"abc"')).toBe(false);
    expect(isFresh({}, '"abc"')).toBe(false);
    expect(isFresh({ "if-none-match": '"abc"', "cache-control": "no-cache" }, '"abc"')).toBe(false);
  });
});
