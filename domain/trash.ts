import { z } from "zod";
import { wireSchema } from "./wire-schema";

// Deleting a post or a product moves it to the trash (issue 18): invisible to visitors, kept
// with its categories, breed links and click history, restorable, purged after TRASH_DAYS.
// Deleted contact messages go there too (issue 19).

export const TRASH_DAYS = 30;

/**
 * The delete dialogs' question for a post or product (issue 26): the spec's "This action cannot
 * be undone." stopped being true when deleting became a move to the trash (decision 028), and a
 * dialog must not tell the owner a falsehood about what a click does (decision 055).
 */
export function moveToTrashQuestion(name: string): string {
  return `Are you sure you want to delete ${name}? It moves to the Trash, where you can restore it for ${TRASH_DAYS} days.`;
}

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
