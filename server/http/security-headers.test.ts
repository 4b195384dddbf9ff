import { describe, expect, it } from "vitest";
import { nonceSource } from "./security-headers";

describe("CSP nonces", () => {
  it("are 128-bit base64 values, never repeated, across many draws from the random pool", () => {
    const next = nonceSource();
    const nonces = Array.from({ length: 2_000 }, next);
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
