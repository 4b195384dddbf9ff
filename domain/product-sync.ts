// What a retailer's answer changes on a toy (issue 27): its price, sale price, stock and link,
// from the Amazon Creators API or a product feed. Pure rules; the sync service
// (server/services/product-sync.service.ts) reads the sources and writes what these return.

import { z } from "zod";
import { PRICE_SOURCES } from "./catalog";
import { normalisePrice } from "./price";
import type { FeedItem } from "./product-feed";
import type { Money, RetailerAvailability, RetailerItem } from "./retailer-item";
import { wireSchema } from "./wire-schema";

export type ProductSource = "amazon" | "feed";

/** What a sync run counted (`POST /api/admin/product-sync` answers these). */
export const productSyncCountsSchema = wireSchema(() =>
  z.object({
    /** toys a source answered for (found, out of stock or gone) */
    checked: z.number().int().min(0),
    /** of those, toys whose price, sale price, stock or link changed */
    updated: z.number().int().min(0),
    /** of those, toys the source calls out of stock or gone */
    unavailable: z.number().int().min(0),
    /** toys a source should have answered for and did not (a failed request, an unreadable feed, an id in no feed) */
    failed: z.number().int().min(0),
  }),
);
export type SyncCounts = z.infer<typeof productSyncCountsSchema>;

/** Something the owner should know about a run: an unreadable feed, an unknown id, refused credentials. */
export const syncProblemSchema = wireSchema(() =>
  z.object({ source: z.string(), message: z.string(), id: z.string().optional() }),
);
export type SyncProblem = z.infer<typeof syncProblemSchema>;

/** One run of the sync, as the admin lists it. */
export const productSyncRunSchema = wireSchema(() =>
  productSyncCountsSchema.extend({
    id: z.number().int(),
    trigger: z.enum(["schedule", "admin"]),
    status: z.enum(["running", "done", "failed"]),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    problems: z.array(syncProblemSchema),
  }),
);
export type SyncRun = z.infer<typeof productSyncRunSchema>;

/** A toy's facts from one moment on, as a source set them (its price history). */
export const toyPriceStateSchema = wireSchema(() =>
  z.object({
    recordedAt: z.iso.datetime(),
    source: z.enum(PRICE_SOURCES),
    price: z.string(),
    priceDiscount: z.string().nullable(),
    inStock: z.boolean(),
    link: z.string().nullable(),
  }),
);
export type ToyPriceState = z.infer<typeof toyPriceStateSchema>;

/** What one source says about one toy, in the site's terms. */
export interface SourceFacts {
  source: ProductSource;
  /** the regular price; null when the source shows none */
  price: Money | null;
  /** what a visitor pays when it is less than the regular price */
  salePrice: Money | null;
  availability: RetailerAvailability;
  /** the product page at the retailer, as the source built it */
  link: string | null;
  fetchedAt: Date;
}

/** The toy's columns a source may change. `link` is the column of the source's kind (amazonUrl or affiliateUrl). */
export interface ToyFacts {
  price: string;
  priceDiscount: string | null;
  inStock: boolean;
  link: string | null;
}

/**
 * A price as the site stores it: dollars as every page writes them ("$12.99", through the same
 * normalisePrice as a typed price), other currencies in the retailer's own display ("€12,99").
 */
export function priceText(money: Money): string {
  return money.currency === "USD" ? normalisePrice(money.amount) : money.display;
}

/**
 * Amazon's answer: the buy-box price is what a visitor pays; when Amazon names what it saves
 * against (a list or "was" price), that is the regular price and the buy-box price the sale price.
 */
export function factsFromAmazon(item: RetailerItem): SourceFacts {
  const basis = item.savings?.basis ?? null;
  const onSale = basis !== null && item.price !== null && Number(basis.amount) > Number(item.price.amount);
  return {
    source: "amazon",
    price: onSale ? basis : item.price,
    salePrice: onSale ? item.price : null,
    availability: item.availability,
    link: item.detailPageUrl,
    fetchedAt: item.fetchedAt,
  };
}

/** A feed item: `g:price` is the regular price, `g:sale_price` counts only below it. */
export function factsFromFeed(item: FeedItem, fetchedAt: Date): SourceFacts {
  const sale =
    item.salePrice && item.price && Number(item.salePrice.amount) < Number(item.price.amount) ? item.salePrice : null;
  return {
    source: "feed",
    price: item.price ?? item.salePrice,
    salePrice: sale,
    availability: item.availability,
    link: item.link,
    fetchedAt,
  };
}

/** A gone item (Amazon no longer answers for it): not buyable, everything else as it was. */
export function goneFacts(source: ProductSource, fetchedAt: Date): SourceFacts {
  return { source, price: null, salePrice: null, availability: "out_of_stock", link: null, fetchedAt };
}

/** In stock for a visitor: a preorder or backorder can be bought; `unknown` says nothing. */
export function isBuyable(availability: RetailerAvailability): boolean | null {
  if (availability === "unknown") return null;
  return availability !== "out_of_stock";
}

/**
 * The toy's facts after a source's answer. What the source does not say (no price, unknown
 * stock, no link) stays as it was, so a thin answer never blanks a typed value.
 */
export function applySourceFacts(current: ToyFacts, facts: SourceFacts): { next: ToyFacts; changed: boolean } {
  const buyable = isBuyable(facts.availability);
  const next: ToyFacts = {
    price: facts.price ? priceText(facts.price) : current.price,
    // a sale price is only as current as the price it is measured against
    priceDiscount: facts.price ? (facts.salePrice ? priceText(facts.salePrice) : null) : current.priceDiscount,
    inStock: buyable ?? current.inStock,
    link: facts.link ?? current.link,
  };
  const changed =
    next.price !== current.price ||
    next.priceDiscount !== current.priceDiscount ||
    next.inStock !== current.inStock ||
    next.link !== current.link;
  return { next, changed };
}
