import { describe, expect, it } from "vitest";
import { boxPrice, effectivePrice, formatPrice, normalisePrice } from "./price";

describe("normalisePrice", () => {
  it.each([
    ["7.5", "$7.50"],
    ["7.50", "$7.50"],
    ["$7.50", "$7.50"],
    ["$7.5", "$7.50"],
    ["7", "$7.00"],
    [" $ 12.99 ", "$12.99"],
    ["0", "$0.00"],
    [".99", "$0.99"],
    ["$.5", "$0.50"],
    ["007.10", "$7.10"],
    ["1299", "$1,299.00"],
    ["1,299.9", "$1,299.90"],
    ["$1234567", "$1,234,567.00"],
    ["12345678901234567890.01", "$12,345,678,901,234,567,890.01"],
  ])("%j -> %j", (text, expected) => {
    expect(normalisePrice(text)).toBe(expected);
  });

  it.each([
    ["From $5", "From $5"],
    ["€7.50", "€7.50"],
    ["7.505", "7.505"],
    ["12,99", "12,99"],
    ["7.", "7."],
    ["$", "$"],
    ["  Free  ", "Free"],
    ["", ""],
  ])("leaves text that is not a plain dollar amount as written: %j -> %j", (text, expected) => {
    expect(normalisePrice(text)).toBe(expected);
  });

  it("is idempotent: a stored price saved again does not change", () => {
    for (const text of ["7.5", "1,299", "From $5", ".5"]) {
      expect(normalisePrice(normalisePrice(text))).toBe(normalisePrice(text));
    }
  });
});

describe("formatPrice", () => {
  it("shows every stored price the same way, with or without its $", () => {
    expect(formatPrice("7.50")).toBe("$7.50");
    expect(formatPrice("$7.50")).toBe("$7.50");
    expect(formatPrice("7.5")).toBe("$7.50");
  });

  it("shows nothing for a missing price", () => {
    expect(formatPrice(null)).toBe("");
    expect(formatPrice(undefined)).toBe("");
    expect(formatPrice("   ")).toBe("");
  });
});

describe("effectivePrice: the price a visitor sees and pays", () => {
  it.each([
    [{ price: "$7.99", priceDiscount: "$6.99" }, "$6.99"],
    [{ price: "$7.99", priceDiscount: null }, "$7.99"],
    [{ price: "7.5", priceDiscount: "  " }, "$7.50"],
    [{ price: "$7.99", priceDiscount: "5" }, "$5.00"],
    [{ price: "$7.99", priceDiscount: "$7.99" }, "$7.99"],
    // a sale text that is not an amount is still what the card shows, so it is the price
    [{ price: "$7.99", priceDiscount: "See retailer" }, "See retailer"],
  ])("%j -> %j", (toy, expected) => {
    expect(effectivePrice(toy)).toBe(expected);
  });

  it("is the price a box shows first, with the regular price struck through only when it differs", () => {
    expect(boxPrice({ price: "$7.99", priceDiscount: "6.99" })).toEqual({ current: "$6.99", regular: "$7.99" });
    expect(boxPrice({ price: "$7.99", priceDiscount: "$7.99" })).toEqual({ current: "$7.99", regular: null });
    expect(boxPrice({ price: "$7.99", priceDiscount: null })).toEqual({ current: "$7.99", regular: null });
  });
});
