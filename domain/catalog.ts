import { z } from "zod";
import {
  DIGITS,
  isUnset,
  MAX_SEARCH_LENGTH,
  minimumOf,
  SORT_VALUES,
  TOY_QUERY_INT_LIMITS,
  type WholeNumberKey,
} from "./catalog-query";
import { MAX_RECOMMENDATIONS } from "./quiz-scoring";
import { wireSchema } from "./wire-schema";

// Shapes the storefront reads (spec/storefront.md §3), as the API sends them, and the strict
// catalogue query schema. Every schema is declared through wireSchema, so a page that reads only
// a constant of this module loads no Zod; the browser's query rules live in catalog-query.ts.

export const categoryRefSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    name: z.string(),
  }),
);
export type CategoryRef = z.infer<typeof categoryRefSchema>;

/**
 * Published toys are the ones visitors see; a draft (a fresh duplicate, until the owner
 * publishes it) shows only in the admin.
 */
export const TOY_STATUSES = ["draft", "published"] as const;
export type ToyStatus = (typeof TOY_STATUSES)[number];

/** Who last confirmed a toy's price and stock: the owner's save, Amazon's API or a product feed (issue 27). */
export const PRICE_SOURCES = ["owner", "amazon", "feed"] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const toySchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    name: z.string(),
    /** the toy page: /toys/{slug} */
    slug: z.string(),
    description: z.string(),
    details: z.string(),
    imageUrl: z.string().nullable(),
    /** the media library's alt text of an uploaded image, when the owner has written one */
    imageAlt: z.string().nullable(),
    /** "" when priceHidden: a price past PRICE_MAX_AGE_HOURS is shown nowhere (issue 27) */
    price: z.string(),
    priceDiscount: z.string().nullable(),
    /** when the retailer (or the owner's save) last confirmed the price and stock; null when hidden or never */
    priceAsOf: z.iso.datetime().nullable(),
    /** the price is older than PRICE_MAX_AGE_HOURS: pages say "Check the price on Amazon" in its place */
    priceHidden: z.boolean(),
    rating: z.string(),
    reviewCount: z.number().int().nonnegative(),
    amazonUrl: z.string().nullable(),
    amazonAsin: z.string().nullable(),
    affiliateUrl: z.string().nullable(),
    affiliateCode: z.string().nullable(),
    isTopPick: z.boolean(),
    inStock: z.boolean(),
    isPrimeEligible: z.boolean(),
    materialType: z.string().nullable(),
    features: z.array(z.string()),
    ageRecommendation: z.string().nullable(),
    suitableFor: z.string().nullable(),
    /** the legacy single category */
    categoryId: z.number().int().positive().nullable(),
    categoryName: z.string().nullable(),
    categories: z.array(categoryRefSchema),
    /** "published" for every toy a visitor can read; the owner's session also sees drafts */
    status: z.enum(TOY_STATUSES),
  }),
);
export type Toy = z.infer<typeof toySchema>;

/**
 * A toy as the owner's editors read it (issue 27): the public shape plus where its price comes
 * from. Admin reads and writes answer this; visitors never see the retailer item id.
 */
export const adminToySchema = wireSchema(() =>
  toySchema.extend({
    /** the product's id in another programme's product feed (g:id), when it is not the ASIN */
    retailerItemId: z.string().nullable(),
    /** when the price and stock were last confirmed (a save by the owner, or a source's answer); null: never */
    priceConfirmedAt: z.iso.datetime().nullable(),
    /** who confirmed them last: the owner's save, Amazon's API or a product feed */
    priceSource: z.enum(PRICE_SOURCES).nullable(),
  }),
);
export type AdminToy = z.infer<typeof adminToySchema>;

/**
 * What a toy card shows. Pages send their cards only these fields, not whole toys: the details,
 * features and links of twelve toys were most of /products' hydration data (issue 20).
 */
export type ToyCardData = Pick<
  Toy,
  | "id"
  | "name"
  | "slug"
  | "description"
  | "imageUrl"
  | "imageAlt"
  | "price"
  | "priceDiscount"
  | "priceAsOf"
  | "priceHidden"
  | "rating"
  | "isTopPick"
  | "inStock"
  | "isPrimeEligible"
  | "amazonUrl"
  | "categories"
>;

/** A breed or a category as a choice in a filter or a select: what the page needs of it. */
export type NamedOption = { id: number; name: string };

export function toOption({ id, name }: NamedOption): NamedOption {
  return { id, name };
}

export const breedSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    name: z.string(),
    /** the breed page: /breeds/{slug} */
    slug: z.string(),
    size: z.string(),
    description: z.string(),
    imageUrl: z.string().nullable(),
    /** the media library's alt text of an uploaded image, when the owner has written one */
    imageAlt: z.string().nullable(),
  }),
);
export type Breed = z.infer<typeof breedSchema>;

/** A breed in the /breeds index: the breed and how many toys are recommended for it. */
export type BreedSummary = Breed & { toyCount: number };

/** What a toy page (/toys/{slug}) shows besides the toy: where it is recommended, and the posts about it. */
export interface ToyPageData<P> {
  toy: Toy;
  breeds: ToyBreedNote[];
  posts: P[];
}

/**
 * What a breed page (/breeds/{slug}) shows: the breed, its recommended toys as cards with the
 * owner's notes, related posts.
 */
export interface BreedPageData<P> {
  breed: Breed;
  recommendations: RecommendationCard[];
  posts: P[];
}

/** A recommended toy as its card shows it (the API's Recommendation carries the whole toy). */
export interface RecommendationCard {
  toyId: number;
  toy: ToyCardData;
  note: string | null;
}

/** A breed a toy is recommended for, with the owner's note (the toy page). */
export interface ToyBreedNote {
  breedId: number;
  name: string;
  slug: string;
  note: string | null;
}

export const categorySchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    name: z.string(),
    description: z.string().nullable(),
    icon: z.string().nullable(),
    imageUrl: z.string().nullable(),
  }),
);
export type Category = z.infer<typeof categorySchema>;

export const recommendationSchema = wireSchema(() =>
  z.object({
    toyId: z.number().int().positive(),
    toy: toySchema,
    note: z.string().nullable(),
  }),
);
export type Recommendation = z.infer<typeof recommendationSchema>;

/** GET /api/recommendations/{breedId} */
export const breedRecommendationsSchema = wireSchema(() =>
  z.object({
    breed: breedSchema.pick({ id: true, name: true, slug: true, description: true, imageUrl: true, imageAlt: true }),
    recommendations: z.array(recommendationSchema),
  }),
);
export type BreedRecommendations = z.infer<typeof breedRecommendationsSchema>;

/** GET /api/quiz-recommendations: up to three toys for the quiz answers, best match first. */
export const quizRecommendationsSchema = wireSchema(() =>
  z.object({ recommendations: z.array(toySchema).max(MAX_RECOMMENDATIONS) }),
);
export type QuizRecommendations = z.infer<typeof quizRecommendationsSchema>;

/** One breed recommendation of a toy, with the breed's name (GET /api/toys/{id}/breed-recommendations). */
export const toyBreedLinkSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    breedId: z.number().int().positive(),
    toyId: z.number().int().positive(),
    note: z.string().nullable(),
    breed: z.object({ id: z.number().int().positive(), name: z.string() }),
  }),
);
export type ToyBreedLink = z.infer<typeof toyBreedLinkSchema>;

/** A category attached to a toy (POST /api/toys/{id}/categories). */
export const toyCategoryLinkSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    toyId: z.number().int().positive(),
    categoryId: z.number().int().positive(),
  }),
);
export type ToyCategoryLink = z.infer<typeof toyCategoryLinkSchema>;

/** One page of GET /api/toys: the toys (or their cards), and how many matched (its X-Total-Count). */
export interface ToyPage<T extends ToyCardData = Toy> {
  items: T[];
  total: number;
}

/**
 * A row of the admin products table (spec/quiz-and-admin.md §2 "Admin products list"), with
 * every category of the toy (the spec's column showed only the legacy one) and its stock.
 */
export const adminProductRowSchema = wireSchema(() =>
  toySchema.pick({
    id: true,
    name: true,
    description: true,
    categoryName: true,
    categories: true,
    price: true,
    rating: true,
    amazonUrl: true,
    isTopPick: true,
    inStock: true,
    status: true,
  }),
);
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

/** A whole number parameter: URL digits become the number, anything else is refused as it is. */
function wholeNumber(key: WholeNumberKey) {
  const message = `must be a whole number from 0 to ${TOY_QUERY_INT_LIMITS[key]}`;
  const min = minimumOf(key);
  return z.preprocess(
    (value) => (isUnset(value) ? undefined : typeof value === "string" && DIGITS.test(value) ? Number(value) : value),
    z
      .number(message)
      .int(message)
      .min(min, min === 1 ? `${key} must be at least 1` : message)
      .max(TOY_QUERY_INT_LIMITS[key], message)
      .optional(),
  );
}

/**
 * Query parameters of GET /api/toys and of the /products page, all optional (values as a URL
 * gives them: text). Strict: a value that does not parse is an error naming the parameter.
 */
export const toyQuerySchema = wireSchema(() =>
  z
    .object({
      search: z
        .string("search must be text")
        .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
        .transform((text) => text.trim() || undefined)
        .optional(),
      category: wholeNumber("category"),
      breed: wholeNumber("breed"),
      minPrice: wholeNumber("minPrice"),
      maxPrice: wholeNumber("maxPrice"),
      sort: z.enum(SORT_VALUES, { error: `sort must be one of ${SORT_VALUES.join(", ")}` }).optional(),
      page: wholeNumber("page"),
      pageSize: wholeNumber("pageSize"),
    })
    .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
      path: ["minPrice"],
      message: "minPrice must not be above maxPrice",
    }),
);

export type ToyQuery = z.output<typeof toyQuerySchema>;
