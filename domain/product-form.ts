import { z } from "zod";
import { TOY_STATUSES, type Toy } from "./catalog";
import { normalisePrice } from "./price";
import { DEFAULT_RATING, MAX_RETAILER_ITEM_ID } from "./product-form-text";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "./slug";
import { wireSchema } from "./wire-schema";

// The admin product form's rules and messages (spec/quiz-and-admin.md §5 "Product form"),
// shared by the form and POST/PUT /api/toys. Upper limits are ours.

/**
 * An optional slug in a request body (POST /api/toys, PUT /api/toys/{id}): absent or empty
 * keeps the current one (a new toy's is made from its name). Here rather than in slug.ts, which
 * pages read for slugify: a schema there put Zod on them (decision 069).
 */
export const optionalSlugSchema = wireSchema(() =>
  z.object({
    slug: z
      .string("Slug can only contain lowercase letters, numbers, and hyphens")
      .trim()
      .max(MAX_SLUG_LENGTH, `Slug must be at most ${MAX_SLUG_LENGTH} characters`)
      .refine((v) => v === "" || SLUG_PATTERN.test(v), "Slug can only contain lowercase letters, numbers, and hyphens")
      .transform((v) => v || undefined)
      .nullish()
      .transform((v) => v ?? undefined),
  }),
);

/**
 * Spec §5: "one digit 0 to 5 with an optional dot and one decimal digit". Kept exactly, so
 * 5.9 passes as the spec says it does; the card shows Math.floor(rating) stars, so 5.9 still
 * shows five (decision 012).
 */
export const RATING_PATTERN = /^[0-5](\.\d)?$/;

/** Spec §5: a breed recommended twice for one product (the form's toast, the API's 409). */
export const ALREADY_RECOMMENDED = {
  title: "Already recommended",
  description: "This breed already has a recommendation for this product",
} as const;

/** "Squeaky, , Durable " -> ["Squeaky", "Durable"]: the form's comma-separated lists. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The review count box: a whole number, 0 when it is not numeric (spec §5). */
export function coerceReviewCount(value: unknown): number {
  const number = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(number) && number > 0 ? Math.min(Math.trunc(number), 1_000_000_000) : 0;
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const optionalUrl = (label: string) =>
  optionalText(2000, label).refine(
    (v) => v === null || /^https?:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v),
    `${label} must be a web address (https://...)`,
  );

export const productFields = wireSchema(() => ({
  name: z
    .string("Name must be at least 5 characters")
    .trim()
    .min(5, "Name must be at least 5 characters")
    .max(200, "Name must be at most 200 characters"),
  description: z
    .string("Description must be at least 10 characters")
    .trim()
    .min(10, "Description must be at least 10 characters")
    .max(1000, "Description must be at most 1000 characters"),
  details: z
    .string("Details must be at least 20 characters")
    .trim()
    .min(20, "Details must be at least 20 characters")
    .max(20_000, "Details must be at most 20000 characters"),
  // Stored in one form ("7.5" -> "$7.50", domain/price.ts), whichever client saved it.
  price: z
    .string("Price is required")
    .trim()
    .min(1, "Price is required")
    .max(30, "Price must be at most 30 characters")
    .transform(normalisePrice),
  rating: z.string("Rating must be between 0 and 5").trim().regex(RATING_PATTERN, "Rating must be between 0 and 5"),
  imageUrl: optionalUrl("Image URL"),
  priceDiscount: optionalText(30, "Discount price").transform((v) => (v === null ? null : normalisePrice(v))),
  amazonUrl: optionalUrl("Amazon URL"),
  amazonAsin: optionalText(20, "Amazon ASIN"),
  /** the product's id in another programme's product feed (its g:id), when it is not the ASIN (issue 27) */
  retailerItemId: optionalText(MAX_RETAILER_ITEM_ID, "Retailer item id"),
  affiliateUrl: optionalUrl("Affiliate URL"),
  affiliateCode: optionalText(100, "Affiliate code"),
  materialType: optionalText(100, "Material type"),
  ageRecommendation: optionalText(200, "Age recommendation"),
  suitableFor: optionalText(200, "Suitable for"),
  features: z
    .array(z.string().trim().min(1).max(100, "Each feature must be at most 100 characters"))
    .max(50, "At most 50 features")
    .default([]),
  isTopPick: z.boolean().default(false),
  inStock: z.boolean().default(true),
  isPrimeEligible: z.boolean().default(false),
  reviewCount: z.unknown().optional().transform(coerceReviewCount),
  /** the legacy single category (hidden in the form) */
  categoryId: z.number().int().positive().nullable().default(null),
}));

/** An image's alt text: at most 300 characters, empty for none. */
const imageAltField = wireSchema(() => optionalText(300, "Image alt text"));

export const breedRecommendationInputSchema = wireSchema(() =>
  z.object({
    breedId: z.number("Choose a breed").int().positive("Choose a breed"),
    note: optionalText(300, "Note"),
  }),
);

/** A product as the API stores it, optionally with its categories and breed notes (one transaction). */
export const productInputSchema = wireSchema(() =>
  z
    .object({
      ...productFields,
      rating: productFields.rating.default(DEFAULT_RATING),
      selectedCategories: z.array(z.number().int().positive()).max(100).optional(),
      breedRecommendations: z.array(breedRecommendationInputSchema).max(200).optional(),
      /** draft (only the admin sees it) or published; left out: a new product is published, a saved one keeps its status */
      status: z.enum(TOY_STATUSES, { error: "Status must be draft or published" }).optional(),
      /**
       * The uploaded image's alt text, kept with the image in the media library (which every read
       * of the toy names as `imageAlt`); empty clears it, left out keeps it. Ignored for an image at
       * another address, which has no library entry to keep it in.
       */
      imageAlt: imageAltField.optional(),
    })
    .superRefine((product, ctx) => {
      const breeds = product.breedRecommendations?.map((r) => r.breedId) ?? [];
      if (new Set(breeds).size !== breeds.length) {
        ctx.addIssue({ code: "custom", path: ["breedRecommendations"], message: "Each breed can be recommended once" });
      }
    }),
);

export type ProductInput = z.output<typeof productInputSchema>;

/** "puppy,adult , " -> "puppy, adult"; null when nothing is left. */
export function tidyList(text: string): string | null {
  const items = splitList(text);
  return items.length > 0 ? items.join(", ") : null;
}

/**
 * The legacy single category (hidden, spec §2) follows the chips: the stored one while it is
 * still picked, else the first picked, so the products list's Category column and older
 * readers of categoryId stay meaningful.
 */
export function primaryCategory(selected: readonly number[], stored: number | null): number | null {
  if (stored !== null && selected.includes(stored)) return stored;
  return selected[0] ?? null;
}

/** The features box: its comma-separated items, whose problems are said under the box. */
const featuresField = wireSchema(() =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      const checked = productFields.features.safeParse(splitList(text ?? ""));
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    }),
);

/** A comma-separated box stored as tidy text ("puppy, adult"), checked by `stored`. */
const tidyListField = (stored: typeof productFields.ageRecommendation) =>
  z
    .string()
    .optional()
    .transform((text): string | null | undefined => tidyList(text ?? ""))
    .pipe(stored);

/** A switch (a checkbox): on when posted, off when missing, whatever the API's default. */
const switchField = wireSchema(() =>
  z
    .boolean()
    .optional()
    .transform((on) => on === true),
);

/**
 * The product form's fields as the form posts them (every value text, an empty one missing;
 * lists as comma-separated text, categories and breed picks as repeated fields).
 */
export const productFormFields = wireSchema(() =>
  z.object({
    name: productFields.name,
    /** the toy page's address; empty keeps it (a new toy's is made from the name) */
    slug: z
      .string()
      .regex(SLUG_PATTERN, "Slug can only contain lowercase letters, numbers, and hyphens")
      .max(MAX_SLUG_LENGTH, `Slug must be at most ${MAX_SLUG_LENGTH} characters`)
      .optional(),
    imageUrl: productFields.imageUrl,
    /** the box beside the image (disabled, so not sent, for an image at another address, which cannot keep one) */
    imageAlt: imageAltField.optional(),
    description: productFields.description,
    details: productFields.details,
    price: productFields.price,
    priceDiscount: productFields.priceDiscount,
    rating: productFields.rating,
    selectedCategories: z.array(z.number().int().positive()).max(100, "At most 100 categories"),
    materialType: productFields.materialType,
    reviewCount: productFields.reviewCount,
    amazonUrl: productFields.amazonUrl,
    amazonAsin: productFields.amazonAsin,
    retailerItemId: productFields.retailerItemId,
    isTopPick: switchField,
    inStock: switchField,
    isPrimeEligible: switchField,
    features: featuresField,
    ageRecommendation: tidyListField(productFields.ageRecommendation),
    suitableFor: tidyListField(productFields.suitableFor),
    /** create mode's breed tiles (edit mode has none: it manages breed links live) */
    breedRecommendations: z.array(breedRecommendationInputSchema).max(200),
    /** the draft's Publish button sends "published"; the other buttons send none (the status stays) */
    status: z.enum(TOY_STATUSES).optional(),
  }),
);

/** What an edited product keeps that its form does not show. */
export type StoredProduct = Pick<Toy, "categoryId" | "affiliateUrl" | "affiliateCode">;

/**
 * The admin product form (spec §2, §5), read by the browser before it calls the API and by the
 * page's action when the form was posted before the scripts ran: the form's fields, checked
 * with the API's messages, become the POST/PUT /api/toys body and pass the API's own schema.
 * `stored` is the product being edited (null to create one): edit mode manages breed links
 * live, so its body leaves them out and keeps them as they are.
 */
export function productFormSchema(stored: StoredProduct | null) {
  return productFormFields
    .transform(({ breedRecommendations, ...form }): z.input<typeof productInputSchema> & { slug?: string | null } => ({
      ...form,
      // an emptied box is posted as nothing: the owner cleared the image's alt text
      imageAlt: form.imageAlt ?? null,
      // Not on the form: kept as stored, since PUT replaces every field.
      affiliateUrl: stored?.affiliateUrl ?? null,
      affiliateCode: stored?.affiliateCode ?? null,
      categoryId: primaryCategory(form.selectedCategories, stored?.categoryId ?? null),
      ...(stored ? {} : { breedRecommendations }),
    }))
    .pipe(z.intersection(productInputSchema, optionalSlugSchema));
}
