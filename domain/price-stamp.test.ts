import { describe, expect, it } from "vitest";
import {
  applyPriceRule,
  CHECK_PRICE_TEXT,
  formatMaxAge,
  formatStampTime,
  isPriceCurrent,
  priceStampText,
  priceView,
  priceViewText,
} from "./price-stamp";

const now = new Date("2026-11-25T14:11:00.000Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe("the price stamp", () => {
  it("writes the confirmation time in UTC, the same on every machine", () => {
    expect(priceStampText("2026-11-25T14:11:59.999Z")).toBe("price as of Nov 25, 2026, 14:11 UTC");
    expect(formatStampTime("2026-01-05T03:04:00.000Z")).toBe("Jan 5, 2026, 03:04 UTC");
    // a time zone offset is read, then written in UTC
    expect(formatStampTime("2026-12-31T23:30:00-02:00")).toBe("Jan 1, 2027, 01:30 UTC");
  });
});

describe("the price age rule", () => {
  it("shows a price up to its age, and not a moment later", () => {
    const rule = { now, maxAgeHours: 24 };
    expect(isPriceCurrent(hoursAgo(24), rule)).toBe(true);
    expect(isPriceCurrent(new Date(hoursAgo(24).getTime() - 1), rule)).toBe(false);
    expect(isPriceCurrent(null, rule)).toBe(false);
  });

  it("reads a decimal number of hours, and 0 as no limit", () => {
    expect(isPriceCurrent(hoursAgo(0.4), { now, maxAgeHours: 0.5 })).toBe(true);
    expect(isPriceCurrent(hoursAgo(0.6), { now, maxAgeHours: 0.5 })).toBe(false);
    expect(isPriceCurrent(hoursAgo(10_000), { now, maxAgeHours: 0 })).toBe(true);
    expect(isPriceCurrent(null, { now, maxAgeHours: 0 })).toBe(true);
  });

  it("blanks a price past its age, so nothing downstream can show it", () => {
    const toy = { id: 1, price: "$12.99", priceDiscount: "$9.99", priceConfirmedAt: hoursAgo(25), inStock: false };
    const hidden = applyPriceRule(toy, { now, maxAgeHours: 24 });
    expect(hidden).toEqual({
      id: 1,
      price: "",
      priceDiscount: null,
      priceAsOf: null,
      priceHidden: true,
      inStock: false,
    });
    expect(JSON.stringify(hidden)).not.toContain("12.99");
    expect(priceView(hidden)).toEqual({ kind: "check" });
    expect(priceViewText(priceView(hidden))).toBe(CHECK_PRICE_TEXT);
  });

  it("keeps a current price with the time it was confirmed", () => {
    const toy = { price: "12.99", priceDiscount: null, priceConfirmedAt: hoursAgo(1), inStock: true };
    const shown = applyPriceRule(toy, { now, maxAgeHours: 24 });
    expect(shown).toMatchObject({ price: "12.99", priceAsOf: "2026-11-25T13:11:00.000Z", priceHidden: false });
    expect(priceViewText(priceView(shown))).toBe("$12.99 · price as of Nov 25, 2026, 13:11 UTC");
  });
});

describe("what stands where the price would be", () => {
  const base = { price: "$24.99", priceDiscount: null, priceAsOf: "2026-11-25T14:11:00.000Z", priceHidden: false };

  it("is the sale price with the regular one, stamped", () => {
    expect(priceView({ ...base, priceDiscount: "19.5", inStock: true })).toEqual({
      kind: "price",
      current: "$19.50",
      regular: "$24.99",
      stamp: "price as of Nov 25, 2026, 14:11 UTC",
    });
  });

  it("says out of stock, stamped too (availability is as of a time)", () => {
    expect(priceViewText(priceView({ ...base, inStock: false }))).toBe("Out of stock · as of Nov 25, 2026, 14:11 UTC");
  });

  it("shows a price without a stamp only when hiding is off and it was never confirmed", () => {
    expect(priceViewText(priceView({ ...base, priceAsOf: null, inStock: true }))).toBe("$24.99");
  });

  it("asks the visitor to check the retailer when there is no price to show", () => {
    expect(priceView({ ...base, price: "", inStock: true })).toEqual({ kind: "check" });
  });
});

describe("the price age in words", () => {
  it("says hours, or minutes below one", () => {
    expect(formatMaxAge(24)).toBe("24 hours");
    expect(formatMaxAge(1)).toBe("1 hour");
    expect(formatMaxAge(1.5)).toBe("1.5 hours");
    expect(formatMaxAge(0.5)).toBe("30 minutes");
  });
});
