import { z } from "zod";
import { wireSchema } from "./wire-schema";

// The one error body of the API (DESIGN.md "API contract"): what went wrong, and for invalid
// input the messages by field ("breedRecommendations.0.note", or "_" for the body as a whole).

export const apiErrorSchema = wireSchema(() =>
  z.object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  }),
);
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
