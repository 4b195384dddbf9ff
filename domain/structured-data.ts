import { effectivePrice } from "./price";
import type { ProductBoxToy } from "./product-boxes";

// schema.org JSON-LD for search engines' rich results, built the same way for every page that
// shows a toy: Google's Product snippet needs a name and one of offers/review/aggregateRating;
// its Review snippet needs author, itemReviewed (with a name) and reviewRating.ratingValue.

type JsonLdObject = Record<string, unknown>;

/** "$1,299.00" -> "1299.00": an offer's price as schema.org wants it (a number, no currency sign); null for text that is not one. */
export function offerPrice(text: string): string | null {
  const digits = text.replace(/[$,\s]/g, "");
  return /^\d+(\.\d{1,2})?$/.test(digits) ? Number(digits).toFixed(2) : null;
}

/** A toy as a schema.org Product: name, image, description, its page, and an offer at the price a visitor pays. */
export function productJsonLd(
  toy: Pick<
    ProductBoxToy,
    "name" | "slug" | "description" | "imageUrl" | "price" | "priceDiscount" | "priceHidden" | "inStock" | "amazonUrl"
  >,
  siteUrl: string,
): JsonLdObject {
  // a price too old to show is in no offer either (issue 27): the blanked price is no number
  const price = toy.priceHidden ? null : offerPrice(effectivePrice(toy));
  const product: JsonLdObject = {
    "@type": "Product",
    name: toy.name,
    description: toy.description,
    url: new URL(`/toys/${toy.slug}`, siteUrl).toString(),
  };
  if (toy.imageUrl) product.image = new URL(toy.imageUrl, siteUrl).toString();
  if (price) {
    product.offers = {
      "@type": "Offer",
      price,
      priceCurrency: "USD",
      availability: toy.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      // the retailer's page, where the offer is made
      url: toy.amazonUrl ?? new URL(`/toys/${toy.slug}`, siteUrl).toString(),
    };
  }
  return product;
}

/**
 * Toys as a schema.org ItemList (a summary page's carousel): each item is the toy's own page,
 * /toys/{slug}, its one canonical address. `firstPosition` continues the count on later pages.
 */
export function toyItemListJsonLd(
  toys: readonly Pick<ProductBoxToy, "name" | "slug">[],
  siteUrl: string,
  list: { name?: string; path?: string; firstPosition?: number } = {},
): JsonLdObject {
  const first = list.firstPosition ?? 1;
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    ...(list.name ? { name: list.name } : {}),
    ...(list.path ? { url: new URL(list.path, siteUrl).toString() } : {}),
    numberOfItems: toys.length,
    itemListElement: toys.map((toy, index) => ({
      "@type": "ListItem",
      position: first + index,
      name: toy.name,
      url: new URL(`/toys/${toy.slug}`, siteUrl).toString(),
    })),
  };
}

/** A schema.org BreadcrumbList of (name, path) pairs, the last one being the page itself. */
export function breadcrumbJsonLd(items: readonly { name: string; path: string }[], siteUrl: string): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: new URL(item.path, siteUrl).toString(),
    })),
  };
}

/** The editor's review of a toy as a schema.org Review with the Product it reviews and the rating given. */
export function reviewJsonLd(
  review: {
    title: string;
    url: string;
    /** the post's own image; null: none is named (never the placeholder a page shows) */
    image: string | null;
    excerpt: string;
    publishedAt: string;
    updatedAt: string;
    author: JsonLdObject;
    publisher: JsonLdObject;
    rating: number | null;
  },
  toy: ProductBoxToy,
  siteUrl: string,
): JsonLdObject {
  const data: JsonLdObject = {
    "@context": "https://schema.org",
    "@type": "Review",
    name: review.title,
    url: review.url,
    ...(review.image ? { image: review.image } : {}),
    description: review.excerpt,
    datePublished: review.publishedAt,
    dateModified: review.updatedAt,
    author: review.author,
    publisher: review.publisher,
    itemReviewed: productJsonLd(toy, siteUrl),
  };
  if (review.rating !== null) {
    data.reviewRating = { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 };
  }
  return data;
}
