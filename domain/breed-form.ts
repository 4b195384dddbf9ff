import { z } from "zod";
import { BREED_SIZES, BREED_TEXT } from "./breed-text";
import { optionalImageUrl } from "./category-form";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacters } from "./text";
import { wireSchema } from "./wire-schema";

// The owner's breeds (issue 18, decision 027): the rules and messages the breed form and
// POST/PATCH/DELETE /api/breeds share. A breed's page address (/breeds/{slug}) is made from its
// name once and kept when it is renamed, so links to it keep working.

const SIZE_VALUES = BREED_SIZES.map((size) => size.value) as ["small", "medium", "large"];

const text = (label: string, min: number, max: number, tooShort: string) =>
  z
    .string(tooShort)
    .trim()
    .min(min, tooShort)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !hasForbiddenCharacters(value), FORBIDDEN_CHARACTER_MESSAGE);

/** POST /api/breeds, the breed form, and PATCH's fields merged over the stored ones. */
export const breedInputSchema = wireSchema(() =>
  z.object({
    name: text("Name", 2, 60, BREED_TEXT.nameLength),
    size: z.enum(SIZE_VALUES, { error: BREED_TEXT.size }),
    description: text("Description", 10, 2000, BREED_TEXT.descriptionLength),
    imageUrl: optionalImageUrl("Image URL"),
  }),
);
export type BreedInput = z.output<typeof breedInputSchema>;

/** DELETE /api/breeds/{id}?removeRecommendations=true: the owner confirmed that they go too. */
export const breedDeleteQuerySchema = wireSchema(() =>
  z.object({
    removeRecommendations: z
      .enum(["true", "false"], { error: "removeRecommendations must be true or false" })
      .optional()
      .transform((value) => value === "true"),
  }),
);

/** A breed as the admin list shows it: the public fields and how many products are recommended for it. */
export interface AdminBreed {
  id: number;
  name: string;
  slug: string;
  size: string;
  description: string;
  imageUrl: string | null;
  recommendationCount: number;
}
