import { describe, expect, it } from "vitest";
import type { FeedItem } from "./product-feed";
import { applySourceFacts, factsFromAmazon, factsFromFeed, goneFacts, priceText, type ToyFacts } from "./product-sync";
import { moneyFromDecimal, type RetailerItem } from "./retailer-item";

const at = new Date("2026-11-25T14:11:00Z");
const usd = (amount: string) => moneyFromDecimal(amount, "USD");
const typed: ToyFacts = { price: "$10.00", priceDiscount: "$9.00", inStock: true, link: "https://a.example/1" };

function amazonItem(overrides: Partial<RetailerItem>): RetailerItem {
  return {
    asin: "B0TEST0001",
    title: "Toy",
    imageUrl: null,
    price: usd("12.99"),
    savings: null,
    availability: "in_stock",
    availabilityMessage: null,
    detailPageUrl: "https://www.amazon.com/dp/B0TEST0001?tag=pawsome-20",
    fetchedAt: at,
    ...overrides,
  };
}

function feedItem(overrides: Partial<FeedItem>): FeedItem {
  return {
    id: "SHOP-1",
    title: null,
    link: null,
    imageLink: null,
    price: usd("19.99"),
    salePrice: null,
    availability: "in_stock",
    gtin: null,
    mpn: null,
    position: 1,
    line: 1,
    ...overrides,
  };
}

describe("what a source's answer makes of a toy", () => {
  it("writes dollars as every page does and other currencies as the retailer does", () => {
    expect(priceText(usd("1299.5") ?? (null as never))).toBe("$1,299.50");
    expect(priceText(moneyFromDecimal("12.99", "EUR", "12,99 €") ?? (null as never))).toBe("12,99 €");
  });

  it("takes Amazon's saving basis as the regular price and its buy box as the sale price", () => {
    const facts = factsFromAmazon(
      amazonItem({ savings: { basis: usd("15.99"), basisType: "LIST_PRICE", amount: usd("3.00"), percentage: 19 } }),
    );
    expect(applySourceFacts(typed, facts).next).toMatchObject({ price: "$15.99", priceDiscount: "$12.99" });
    // a basis at or below the price is no sale
    const none = factsFromAmazon(
      amazonItem({ savings: { basis: usd("12.99"), basisType: null, amount: null, percentage: null } }),
    );
    expect(applySourceFacts(typed, none).next).toMatchObject({ price: "$12.99", priceDiscount: null });
  });

  it("counts a feed's sale price only below its price", () => {
    expect(applySourceFacts(typed, factsFromFeed(feedItem({ salePrice: usd("17.49") }), at)).next).toMatchObject({
      price: "$19.99",
      priceDiscount: "$17.49",
    });
    expect(applySourceFacts(typed, factsFromFeed(feedItem({ salePrice: usd("21.00") }), at)).next).toMatchObject({
      priceDiscount: null,
    });
  });

  it("keeps what a thin answer does not say, and calls an unchanged answer unchanged", () => {
    const thin = applySourceFacts(typed, factsFromFeed(feedItem({ price: null, availability: "unknown" }), at));
    expect(thin).toEqual({ next: typed, changed: false });
    const same = applySourceFacts(
      { price: "$19.99", priceDiscount: null, inStock: true, link: null },
      factsFromFeed(feedItem({}), at),
    );
    expect(same.changed).toBe(false);
  });

  it("a preorder or backorder can be bought; out of stock and gone cannot", () => {
    for (const [availability, inStock] of [
      ["preorder", true],
      ["backorder", true],
      ["out_of_stock", false],
    ] as const) {
      expect(applySourceFacts(typed, factsFromFeed(feedItem({ availability }), at)).next.inStock).toBe(inStock);
    }
    const gone = applySourceFacts(typed, goneFacts("amazon", at));
    expect(gone).toEqual({ next: { ...typed, inStock: false }, changed: true });
  });
});
