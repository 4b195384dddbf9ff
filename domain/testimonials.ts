import { z } from "zod";
import { wireSchema } from "./wire-schema";

// The home page's testimonials carousel (spec/storefront.md §3 "Testimonial"), as GET
// /api/testimonials sends them.

export const testimonialSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    name: z.string(),
    dogBreed: z.string(),
    content: z.string(),
    /** whole stars, 1 to 5 */
    rating: z.number().int().min(1).max(5),
    imageUrl: z.string().nullable(),
  }),
);
export type Testimonial = z.infer<typeof testimonialSchema>;
