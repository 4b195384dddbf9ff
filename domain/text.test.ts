import { describe, expect, it } from "vitest";
import { countOf } from "./text";

describe("countOf", () => {
  it.each([
    [0, "0 products"],
    [1, "1 product"],
    [2, "2 products"],
    [46, "46 products"],
  ])("%i -> %j", (count, expected) => {
    expect(countOf(count, "product")).toBe(expected);
  });

  it("takes an irregular plural and keeps the noun's capital", () => {
    expect(countOf(1, "Product")).toBe("1 Product");
    expect(countOf(3, "match", "matches")).toBe("3 matches");
  });
});
