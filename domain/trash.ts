import { z } from "zod";
import { wireSchema } from "./wire-schema";

// Deleting a post or a product moves it to the trash (issue 18): invisible to visitors, kept
// with its categories, breed links and click history, restorable, purged after TRASH_DAYS.
// Deleted contact messages go there too (issue 19).

export const TRASH_DAYS = 30;

/** One item of GET /api/admin/trash. */
export const trashItemSchema = wireSchema(() =>
  z.object({
    kind: z.enum(["post", "product", "message"]),
    id: z.number().int().positive(),
    /** a post's title, a product's name, or a contact message's sender and subject */
    title: z.string(),
    /** ISO 8601: when it was deleted */
    deletedAt: z.iso.datetime(),
    /** ISO 8601: when it will be purged unless restored */
    purgeAt: z.iso.datetime(),
  }),
);
export type TrashItem = z.infer<typeof trashItemSchema>;

/** When an item deleted at `deletedAt` is purged. */
export function purgeDate(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + TRASH_DAYS * 24 * 60 * 60_000);
}
