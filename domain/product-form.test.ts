import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { primaryCategory, productFormSchema, productInputSchema, tidyList } from "./product-form";

// The product form's schema as the kit runs it: Conform's parse of the posted fields (every
// value text, an empty one missing, a switch "on" or missing, lists as repeated fields).

function formData(values: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
}

const valid = {
  name: "Tug Rope Deluxe",
  imageUrl: "",
  description: "A braided rope for tug games.",
  details: "Four knots of cotton rope that hold up to hard tugging sessions.",
  price: "12.99",
  priceDiscount: "",
  rating: "4.5",
  materialType: "",
  reviewCount: "1234",
  amazonUrl: "",
  amazonAsin: "",
  features: " tug, , interactive ,squeaky ",
  ageRecommendation: "puppy,adult , ",
  suitableFor: "",
};

type Stored = Parameters<typeof productFormSchema>[0];

function parse(values: Record<string, string | string[]>, stored: Stored = null) {
  return parseWithZod(formData(values), { schema: productFormSchema(stored) });
}

function errorsOf(submission: ReturnType<typeof parse>) {
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("product form", () => {
  it("turns a new product's form into the POST /api/toys body", () => {
    const submission = parse({
      ...valid,
      inStock: "on",
      selectedCategories: ["4", "2"],
      "breedRecommendations[0].breedId": "3",
      "breedRecommendations[0].note": "Perfect for scent-driven tug games",
      "breedRecommendations[1].breedId": "8",
      "breedRecommendations[1].note": "",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      name: "Tug Rope Deluxe",
      price: "$12.99",
      priceDiscount: null,
      rating: "4.5",
      imageUrl: null,
      reviewCount: 1234,
      features: ["tug", "interactive", "squeaky"],
      ageRecommendation: "puppy, adult",
      suitableFor: null,
      isTopPick: false,
      inStock: true,
      isPrimeEligible: false,
      selectedCategories: [4, 2],
      categoryId: 4,
      affiliateUrl: null,
      affiliateCode: null,
      breedRecommendations: [
        { breedId: 3, note: "Perfect for scent-driven tug games" },
        { breedId: 8, note: null },
      ],
    });
    // What the browser sends is what the API stores.
    expect(productInputSchema.parse(submission.value)).toEqual(submission.value);
  });

  it("reads a switch left off as off (the API's default for In Stock is on)", () => {
    expect(parse(valid)).toMatchObject({ value: { inStock: false, isTopPick: false, isPrimeEligible: false } });
    expect(parse({ ...valid, isTopPick: "on", isPrimeEligible: "on" })).toMatchObject({
      value: { isTopPick: true, isPrimeEligible: true },
    });
  });

  it("keeps what an edited product's form does not show, and leaves its breed links out", () => {
    const stored = { categoryId: 2, affiliateUrl: "https://example.com/a", affiliateCode: "pawsome-20" };
    const submission = parse({ ...valid, selectedCategories: ["4", "2"] }, stored);
    if (submission.status !== "success") throw new Error("refused");
    expect(submission.value).toMatchObject({
      categoryId: 2,
      affiliateUrl: stored.affiliateUrl,
      affiliateCode: "pawsome-20",
    });
    expect(submission.value).not.toHaveProperty("breedRecommendations");
    // One chip is one field, not a list, as the form posts it.
    expect(parse({ ...valid, selectedCategories: "4" }, stored)).toMatchObject({
      value: { selectedCategories: [4], categoryId: 4 },
    });
  });

  it("takes a retailer item id trimmed, at most 100 characters, and none when empty (form and API alike)", () => {
    expect(parse({ ...valid, retailerItemId: "  SHOP-12345 " })).toMatchObject({
      status: "success",
      value: { retailerItemId: "SHOP-12345" },
    });
    expect(parse(valid)).toMatchObject({ status: "success", value: { retailerItemId: null } });
    expect(errorsOf(parse({ ...valid, retailerItemId: "x".repeat(101) }))).toEqual({
      retailerItemId: ["Retailer item id must be at most 100 characters"],
    });
    const api = { name: valid.name, description: valid.description, details: valid.details, price: "9.99" };
    expect(productInputSchema.parse({ ...api, retailerItemId: " FEED-1 " }).retailerItemId).toBe("FEED-1");
    for (const empty of ["", "   ", null, undefined]) {
      expect(productInputSchema.parse({ ...api, retailerItemId: empty }).retailerItemId).toBeNull();
    }
    expect(productInputSchema.safeParse({ ...api, retailerItemId: "x".repeat(101) }).success).toBe(false);
  });

  it("says every problem at once with the spec's messages, and keeps the 5.9 rating quirk", () => {
    expect(errorsOf(parse({ reviewCount: "abc" }))).toEqual({
      name: ["Name must be at least 5 characters"],
      description: ["Description must be at least 10 characters"],
      details: ["Details must be at least 20 characters"],
      price: ["Price is required"],
      rating: ["Rating must be between 0 and 5"],
    });
    for (const rating of ["6", "-1", "4.55", "abc", "10"]) {
      expect(errorsOf(parse({ ...valid, rating })), rating).toEqual({ rating: ["Rating must be between 0 and 5"] });
    }
    expect(parse({ ...valid, rating: "5.9" })).toMatchObject({ value: { rating: "5.9" } });
    expect(parse({ ...valid, reviewCount: "abc" })).toMatchObject({ value: { reviewCount: 0 } });
    expect(parse({ ...valid, reviewCount: "" })).toMatchObject({ value: { reviewCount: 0 } });
  });

  it("says a list's problems under its box", () => {
    expect(errorsOf(parse({ ...valid, features: `ok, ${"x".repeat(101)}` }))).toEqual({
      features: ["Each feature must be at most 100 characters"],
    });
    expect(errorsOf(parse({ ...valid, suitableFor: "large, ".repeat(40) }))).toEqual({
      suitableFor: ["Suitable for must be at most 200 characters"],
    });
  });

  it("tidies lists and follows the chips with the legacy category", () => {
    expect(tidyList(" a,, b ,")).toBe("a, b");
    expect(tidyList(" , ")).toBeNull();
    expect(primaryCategory([4, 2], 2)).toBe(2);
    expect(primaryCategory([4], 2)).toBe(4);
    expect(primaryCategory([], 2)).toBeNull();
  });
});
