import { z } from "zod";
import { optionalImageUrl } from "./category-form";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacters } from "./text";
import { wireSchema } from "./wire-schema";

// The owner's breeds (issue 18, decision 027): the rules and messages the breed form and
// POST/PATCH/DELETE /api/breeds share. A breed's page address (/breeds/{slug}) is made from its
// name once and kept when it is renamed, so links to it keep working.

export const BREED_SIZES = [
  { value: "small", label: "Small (under 20 lbs)" },
  { value: "medium", label: "Medium (20-60 lbs)" },
  { value: "large", label: "Large (over 60 lbs)" },
] as const;
const SIZE_VALUES = BREED_SIZES.map((size) => size.value) as ["small", "medium", "large"];

export const BREED_TEXT = {
  nameLength: "Name must be at least 2 characters",
  nameTaken: "A breed with this name already exists",
  size: "Choose the breed's size",
  descriptionLength: "Description must be at least 10 characters",
  notFound: "Breed not found",
  created: "Breed created",
  updated: "Breed updated",
  deleted: "Breed deleted",
} as const;

/** The sentence a refused delete answers (409): the breed still has recommendations. */
export function breedInUseMessage(name: string, recommendations: number): string {
  const count = recommendations === 1 ? "1 product is" : `${recommendations} products are`;
  return `“${name}” can't be deleted: ${count} recommended for it. Delete the breed together with its recommendations, or remove them first.`;
}

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
