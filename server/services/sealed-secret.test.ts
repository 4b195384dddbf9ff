import { describe, expect, it } from "vitest";
import { seal, sealingKey, unseal } from "./sealed-secret";

// The sealing of saved credentials (decision 061): what goes in comes out with the same key and
// purpose only, and any change to the sealed value is refused.

const APP_SECRET = "an-app-secret-of-at-least-thirty-two-characters";
const key = sealingKey(APP_SECRET, "settings: creators client secret");

/** The sealed value with one character of one part changed. */
function tampered(sealed: string, part: number): string {
  const parts = sealed.split(".");
  const text = parts[part] ?? "";
  parts[part] = `${text[0] === "A" ? "B" : "A"}${text.slice(1)}`;
  return parts.join(".");
}

describe("sealed secrets", () => {
  it("derive a 32-byte key per app secret and purpose, the same each time", () => {
    expect(key).toHaveLength(32);
    expect(sealingKey(APP_SECRET, "settings: creators client secret").equals(key)).toBe(true);
    expect(sealingKey(APP_SECRET, "another purpose").equals(key)).toBe(false);
    expect(sealingKey(`${APP_SECRET}!`, "settings: creators client secret").equals(key)).toBe(false);
  });

  it("open with the same key, and never show the text sealed", () => {
    const secret = "amzn1.oa2-cs.v1.s3cr3t-value";
    const sealed = seal(key, secret);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toContain(Buffer.from(secret).toString("base64url"));
    expect(unseal(key, sealed)).toBe(secret);
    expect(unseal(key, seal(key, ""))).toBe("");
    expect(unseal(key, seal(key, "ünïcödé ✓"))).toBe("ünïcödé ✓");
  });

  it("seal the same text differently each time (a fresh IV)", () => {
    const first = seal(key, "same");
    const second = seal(key, "same");
    expect(first).not.toBe(second);
    expect(unseal(key, first)).toBe("same");
    expect(unseal(key, second)).toBe("same");
  });

  it("refuse a value changed in its IV, its tag or its ciphertext", () => {
    const sealed = seal(key, "amzn1.oa2-cs.v1.s3cr3t-value");
    for (const part of [1, 2, 3]) expect(unseal(key, tampered(sealed, part)), `part ${part}`).toBeNull();
    // a ciphertext cut short, or parts swapped between two sealed values
    const [format, iv, tag, text] = sealed.split(".");
    expect(unseal(key, [format, iv, tag, text?.slice(0, -2)].join("."))).toBeNull();
    const other = seal(key, "amzn1.oa2-cs.v1.other-value").split(".");
    expect(unseal(key, [format, iv, tag, other[3]].join("."))).toBeNull();
  });

  it("refuse another key, another app secret's key, and what is no sealed value", () => {
    const sealed = seal(key, "secret");
    expect(unseal(sealingKey(APP_SECRET, "another purpose"), sealed)).toBeNull();
    expect(
      unseal(sealingKey("another-app-secret-of-thirty-two-chars!", "settings: creators client secret"), sealed),
    ).toBeNull();
    for (const junk of ["", "secret", "v2.a.b.c", "v1.a.b", "v1...", `v0.${sealed.slice(3)}`]) {
      expect(unseal(key, junk), junk).toBeNull();
    }
  });
});
