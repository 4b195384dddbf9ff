import type { Page } from "@playwright/test";

// Google's documented required properties for the rich results our pages claim
// (developers.google.com/search/docs/appearance/structured-data: Product snippets, Review
// snippets, Breadcrumb, Carousel/ItemList), checked the way the Rich Results Test reports
// "errors": a missing required property, or a value of the wrong kind.

export type JsonLd = Record<string, unknown>;

/** Every JSON-LD block of the page, parsed. */
export async function jsonLdOf(page: Page): Promise<JsonLd[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as JsonLd);
}

/** The first block of a type. */
export function ofType(blocks: JsonLd[], type: string): JsonLd | undefined {
  return blocks.find((block) => block["@type"] === type);
}

const isText = (value: unknown) => typeof value === "string" && value.trim() !== "";
const isUrl = (value: unknown) => typeof value === "string" && /^https?:\/\//.test(value);
const obj = (value: unknown) => (value && typeof value === "object" ? (value as JsonLd) : undefined);

/** Product snippet: name, and at least one of offers, review or aggregateRating, each well formed. */
export function productErrors(product: JsonLd | undefined): string[] {
  if (!product) return ["no Product"];
  const errors: string[] = [];
  if (product["@type"] !== "Product") errors.push("@type is not Product");
  if (!isText(product.name)) errors.push("Product.name missing");
  if (!product.offers && !product.review && !product.aggregateRating) {
    errors.push("Product needs one of offers, review, aggregateRating");
  }
  const offer = obj(product.offers);
  if (product.offers) {
    if (!offer) errors.push("offers is not an object");
    else {
      if (offer["@type"] !== "Offer") errors.push("offers.@type is not Offer");
      if (!/^\d+(\.\d+)?$/.test(String(offer.price ?? ""))) errors.push("offers.price is not a number");
      if (!/^[A-Z]{3}$/.test(String(offer.priceCurrency ?? ""))) errors.push("offers.priceCurrency is not ISO 4217");
      if (!/^https:\/\/schema\.org\/(InStock|OutOfStock)$/.test(String(offer.availability ?? ""))) {
        errors.push("offers.availability is not a schema.org ItemAvailability");
      }
      if (!isUrl(offer.url)) errors.push("offers.url is not a URL");
    }
  }
  if (product.image !== undefined && !isUrl(product.image)) errors.push("Product.image is not a URL");
  return errors;
}

/** Review snippet: author (with a name), itemReviewed (a valid Product here), reviewRating.ratingValue. */
export function reviewErrors(review: JsonLd | undefined): string[] {
  if (!review) return ["no Review"];
  const errors: string[] = [];
  const author = obj(review.author);
  if (!author || !isText(author.name)) errors.push("Review.author.name missing");
  const rating = obj(review.reviewRating);
  if (!rating || typeof rating.ratingValue !== "number") errors.push("Review.reviewRating.ratingValue missing");
  else {
    const best = Number(rating.bestRating ?? 5);
    const worst = Number(rating.worstRating ?? 1);
    if (rating.ratingValue > best || rating.ratingValue < worst) errors.push("ratingValue outside its range");
  }
  errors.push(...productErrors(obj(review.itemReviewed)).map((e) => `itemReviewed: ${e}`));
  return errors;
}

/** BreadcrumbList: ListItems with consecutive positions and names, and an item URL for all but possibly the last. */
export function breadcrumbErrors(list: JsonLd | undefined): string[] {
  if (!list) return ["no BreadcrumbList"];
  const items = Array.isArray(list.itemListElement) ? (list.itemListElement as JsonLd[]) : [];
  if (items.length < 2) return ["BreadcrumbList needs two items or more"];
  return items.flatMap((item, index) => [
    ...(item.position === index + 1 ? [] : [`item ${index}: position`]),
    ...(isText(item.name) ? [] : [`item ${index}: name`]),
    ...(index === items.length - 1 || isUrl(item.item) ? [] : [`item ${index}: item URL`]),
  ]);
}

/** ItemList (summary page carousel): ListItems with positions and the URL of each item's page. */
export function itemListErrors(list: JsonLd | undefined): string[] {
  if (!list) return ["no ItemList"];
  const items = Array.isArray(list.itemListElement) ? (list.itemListElement as JsonLd[]) : [];
  return items.flatMap((item, index) => [
    ...(item.position === index + 1 ? [] : [`item ${index}: position`]),
    ...(isUrl(item.url) ? [] : [`item ${index}: url`]),
  ]);
}
