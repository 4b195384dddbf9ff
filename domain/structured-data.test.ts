import { describe, expect, it } from "vitest";
import { effectivePrice } from "./price";
import { productJsonLd } from "./structured-data";

const toy = {
  name: "Rope Ball",
  slug: "rope-ball",
  description: "Knotted rope around a rubber ball.",
  imageUrl: null,
  price: "$7.99",
  priceDiscount: "$6.99",
  inStock: true,
  amazonUrl: "https://www.amazon.com/dp/B000000001",
};

describe("productJsonLd", () => {
  it("offers the toy at the price a visitor pays: the sale price, as the page shows it", () => {
    const offers = productJsonLd(toy, "https://www.pawsomepicks.test").offers as Record<string, unknown>;
    expect(offers).toMatchObject({ "@type": "Offer", price: "6.99", priceCurrency: "USD" });
    expect(`$${offers.price}`).toBe(effectivePrice(toy));
    const regular = productJsonLd({ ...toy, priceDiscount: null }, "https://www.pawsomepicks.test");
    expect(regular.offers).toMatchObject({ price: "7.99" });
  });

  it("makes no offer for a price that is not an amount", () => {
    expect(productJsonLd({ ...toy, priceDiscount: "See retailer" }, "https://x.test").offers).toBeUndefined();
  });
});
