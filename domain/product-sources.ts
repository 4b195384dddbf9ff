import { z } from "zod";
import { wireSchema } from "./wire-schema";

// What the product sync reads from, as the admin shows it (issue 27); the words and helpers of the
// admin's view of the sync are in product-sources-text.ts, which loads no Zod (decision 069).

/** What the sync reads from, as the admin shows it (never a credential). */
export const productSourcesSchema = wireSchema(() =>
  z.object({
    /** the Amazon Creators API when its credential is set: the marketplace it reads */
    amazon: z.object({ marketplace: z.string() }).nullable(),
    /** the product feeds' addresses, their passwords and query values left out */
    feeds: z.array(z.string()),
    /** minutes between scheduled syncs */
    intervalMinutes: z.number().int().positive(),
  }),
);
export type ProductSources = z.infer<typeof productSourcesSchema>;
