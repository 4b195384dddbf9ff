import { describe, expect, it } from "vitest";
import { effectivePrice } from "./price";
import type { ProductBoxToy } from "./product-boxes";
import { productJsonLd, reviewJsonLd, toyItemListJsonLd } from "./structured-data";

const SITE = "https://www.pawsomepicks.test";

const toy: ProductBoxToy = {
  id: 7,
  slug: "rope-ball",
  name: "Rope Ball",
  description: "Knotted rope around a rubber ball.",
  imageUrl: null,
  price: "$24.99",
  priceDiscount: null,
  priceAsOf: "2026-11-25T14:11:00.000Z",
  priceHidden: false,
  rating: "4.5",
  reviewCount: 10,
  amazonUrl: null,
  isTopPick: false,
  inStock: true,
  isPrimeEligible: false,
  materialType: null,
  ageRecommendation: null,
  suitableFor: null,
};

describe("an ItemList of toys", () => {
  it("points every item at the toy's own page, never at a catalogue address", () => {
    const list = toyItemListJsonLd(
      [
        { name: "Rope Ball", slug: "rope-ball" },
        { name: "Tug Ring", slug: "tug-ring" },
      ],
      SITE,
      { name: "Best Toys for Beagle", path: "/breeds/beagle" },
    );
    expect(list).toEqual({
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: "Best Toys for Beagle",
      url: "https://www.pawsomepicks.test/breeds/beagle",
      numberOfItems: 2,
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Rope Ball", url: "https://www.pawsomepicks.test/toys/rope-ball" },
        { "@type": "ListItem", position: 2, name: "Tug Ring", url: "https://www.pawsomepicks.test/toys/tug-ring" },
      ],
    });
  });

  it("continues the positions on a later page", () => {
    const list = toyItemListJsonLd([{ name: "Rope Ball", slug: "rope-ball" }], SITE, { firstPosition: 13 });
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 13, name: "Rope Ball", url: "https://www.pawsomepicks.test/toys/rope-ball" },
    ]);
    expect(list).not.toHaveProperty("url");
  });
});

describe("a Review", () => {
  const review = {
    title: "Rope Ball review",
    url: `${SITE}/reviews/rope-ball-review`,
    excerpt: "Our verdict.",
    publishedAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-02T00:00:00.000Z",
    author: { "@type": "Organization", name: "Pawsome Picks Team" },
    publisher: { "@type": "Organization", name: "Pawsome Picks" },
    rating: 4.5,
  };

  it("names the post's image when it has one, and no image at all when it has none", () => {
    expect(reviewJsonLd({ ...review, image: `${SITE}/uploads/a.webp` }, toy, SITE)).toMatchObject({
      image: `${SITE}/uploads/a.webp`,
    });
    expect(reviewJsonLd({ ...review, image: null }, toy, SITE)).not.toHaveProperty("image");
  });
});

const saleToy = {
  name: "Rope Ball",
  slug: "rope-ball",
  description: "Knotted rope around a rubber ball.",
  imageUrl: null,
  price: "$7.99",
  priceDiscount: "$6.99",
  priceHidden: false,
  inStock: true,
  amazonUrl: "https://www.amazon.com/dp/B000000001",
};

describe("productJsonLd", () => {
  it("offers the toy at the price a visitor pays: the sale price, as the page shows it", () => {
    const offers = productJsonLd(saleToy, "https://www.pawsomepicks.test").offers as Record<string, unknown>;
    expect(offers).toMatchObject({ "@type": "Offer", price: "6.99", priceCurrency: "USD" });
    expect(`$${offers.price}`).toBe(effectivePrice(saleToy));
    const regular = productJsonLd({ ...saleToy, priceDiscount: null }, "https://www.pawsomepicks.test");
    expect(regular.offers).toMatchObject({ price: "7.99" });
  });

  it("makes no offer for a price that is not an amount", () => {
    expect(productJsonLd({ ...saleToy, priceDiscount: "See retailer" }, "https://x.test").offers).toBeUndefined();
  });
});
