import { z } from "zod";
import "./zod-config";

// What a review says about the toy it reviews (issue 17): which toy (its buy box and the
// JSON-LD `itemReviewed`) and the editor's rating (`reviewRating`). Both optional; a client
// that sends neither keeps what the post had (PATCH) or gets none (POST).

export const reviewFieldsSchema = z.object({
  reviewedToyId: z
    .number("Choose the reviewed toy from the list")
    .int("Choose the reviewed toy from the list")
    .positive("Choose the reviewed toy from the list")
    .max(2_147_483_647, "Choose the reviewed toy from the list")
    .nullable()
    .default(null),
  reviewRating: z
    .number("Rating must be a number from 1 to 5")
    .min(1, "Rating must be from 1 to 5")
    .max(5, "Rating must be from 1 to 5")
    .multipleOf(0.5, "Rating must be given in halves (e.g. 4.5)")
    .nullable()
    .default(null),
});

export type ReviewFields = z.output<typeof reviewFieldsSchema>;
