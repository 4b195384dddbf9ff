import { z } from "zod";
import { MAX_ALT_TEXT_LENGTH, MEDIA_TEXT } from "./media";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacters } from "./text";
import { wireSchema } from "./wire-schema";

// The library's one form: an image's alt text (PATCH /api/admin/media/{id} and the library
// screen's action). Apart from domain/media.ts, whose helpers the storefront imports without Zod.

/** An image's alt text: absent, null or empty means none. */
export const mediaAltTextSchema = wireSchema(() =>
  z.object({
    altText: z
      .string("Alt text must be text")
      .trim()
      .max(MAX_ALT_TEXT_LENGTH, MEDIA_TEXT.altTooLong)
      .refine((text) => !hasForbiddenCharacters(text), FORBIDDEN_CHARACTER_MESSAGE)
      .nullish()
      .transform((text) => text || null),
  }),
);
export type MediaAltTextInput = z.output<typeof mediaAltTextSchema>;
