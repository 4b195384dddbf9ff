import { describe, expect, it } from "vitest";
import { formChanged } from "./use-unsaved-changes";

describe("formChanged", () => {
  const defaults = {
    name: "Tug Rope",
    priceDiscount: null,
    reviewCount: 0,
    inStock: true,
    isTopPick: false,
    selectedCategories: [4],
    breedRecommendations: [],
    content: "one\r\ntwo",
  };

  it("sees no change between the defaults and the fields as the form reads them", () => {
    // Conform's reading of the untouched fields: text, "on" for a checked switch, nothing for an
    // empty or unchecked one, one chip as one text.
    expect(
      formChanged(
        { name: "Tug Rope", reviewCount: "0", inStock: "on", selectedCategories: "4", content: "one\ntwo" },
        defaults,
      ),
    ).toBe(false);
    expect(formChanged(undefined, { name: "", breedRecommendations: [] })).toBe(false);
  });

  it("sees a typed letter, a switch, a chip and a picked breed", () => {
    const same = { name: "Tug Rope", reviewCount: "0", inStock: "on", selectedCategories: "4", content: "one\ntwo" };
    expect(formChanged({ ...same, name: "Tug Rope!" }, defaults)).toBe(true);
    expect(formChanged({ ...same, inStock: undefined }, defaults)).toBe(true);
    expect(formChanged({ ...same, selectedCategories: ["4", "2"] }, defaults)).toBe(true);
    expect(formChanged({ ...same, breedRecommendations: [{ breedId: "3" }] }, defaults)).toBe(true);
  });
});
