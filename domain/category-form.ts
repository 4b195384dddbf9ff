import { z } from "zod";
import { CATEGORY_TEXT, ICON_NAMES } from "./category-text";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacters } from "./text";
import { wireSchema } from "./wire-schema";

// The owner's categories (issue 18, decision 027): the rules and messages the category form and
// POST/PATCH/DELETE /api/categories share, and the reorder call.

const text = (label: string, min: number, max: number, tooShort: string) =>
  z
    .string(tooShort)
    .trim()
    .min(min, tooShort)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasForbiddenCharacters(value), FORBIDDEN_CHARACTER_MESSAGE);

/** Optional text: absent, null and empty all mean none. */
const optionalText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasForbiddenCharacters(value), FORBIDDEN_CHARACTER_MESSAGE)
    .nullish()
    .transform((value) => value || null);

/** An image address: an upload (/uploads/...) or any https:// or http:// address; empty means none. */
export const optionalImageUrl = (label: string) =>
  optionalText(label, 2000).refine(
    (value) => value === null || /^https?:\/\/\S+$/i.test(value) || /^\/(?!\/)\S*$/.test(value),
    `${label} must be a web address (https://...) or an uploaded image`,
  );

export const categoryFields = wireSchema(() => ({
  name: text("Name", 2, 60, CATEGORY_TEXT.nameLength),
  description: optionalText("Description", 300),
  icon: z
    .enum(ICON_NAMES, { error: CATEGORY_TEXT.icon })
    .nullish()
    .transform((value) => value ?? null),
  imageUrl: optionalImageUrl("Image URL"),
}));

/** POST /api/categories, the category form, and PATCH's fields merged over the stored ones. */
export const categoryInputSchema = wireSchema(() =>
  z.object({
    ...categoryFields,
    /** the place in the owner's order; absent: last (new) or unchanged */
    position: z
      .number("Position must be a whole number")
      .int("Position must be a whole number")
      .min(0, "Position must be 0 or more")
      .max(1_000_000, "Position must be at most 1000000")
      .optional(),
  }),
);
export type CategoryInput = z.output<typeof categoryInputSchema>;

/** The form's fields (the order is kept on the list, not in the form). */
export const categoryFormSchema = wireSchema(() => z.object(categoryFields));
export type CategoryFormInput = z.output<typeof categoryFormSchema>;

/** POST /api/categories/order: every category id, in the new order. */
export const categoryOrderSchema = wireSchema(() =>
  z.object({
    ids: z
      .array(
        z.number("Each id must be a category id").int("Each id must be a category id").positive(),
        CATEGORY_TEXT.order,
      )
      .min(1, CATEGORY_TEXT.order)
      .max(10_000, CATEGORY_TEXT.order)
      .refine((ids) => new Set(ids).size === ids.length, CATEGORY_TEXT.order),
  }),
);

/** DELETE /api/categories/{id}?moveTo={otherId}: where the category's products go first. */
export const categoryDeleteQuerySchema = wireSchema(() =>
  z.object({
    moveTo: z.preprocess(
      (value) =>
        value === "" ? undefined : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value,
      z
        .number("moveTo must be a category id")
        .int("moveTo must be a category id")
        .positive("moveTo must be a category id")
        .max(2_147_483_647, "moveTo must be a category id")
        .optional(),
    ),
  }),
);

/** A category as the admin list shows it: the public fields, its place and how many products it has. */
export interface AdminCategory {
  id: number;
  name: string;
  description: string | null;
  icon: string | null;
  imageUrl: string | null;
  position: number;
  /** products outside the trash that have it */
  productCount: number;
  /** products in the trash that have it (a restore brings them back with it) */
  trashedProductCount: number;
}
