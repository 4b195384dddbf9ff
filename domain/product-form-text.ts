// Kept apart from product-form.ts and its Zod schemas: the product form shows these from its
// first paint, and loads product-form.ts only on its first focus or press (decision 069).

export const DEFAULT_RATING = "4.5";

/** A retailer item id's length limit: feeds' ids are short (Google allows 50), with room to spare. */
export const MAX_RETAILER_ITEM_ID = 100;
