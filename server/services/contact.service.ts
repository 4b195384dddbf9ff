import { eq } from "drizzle-orm";
import type { ContactInput } from "#domain/contact.ts";
import type { Database } from "#server/db/client.ts";
import { contactMessages } from "#server/db/schema.ts";
import type { Outbox } from "#server/mail/outbox.ts";
import { contactNotificationEmail } from "#server/mail/templates.ts";

export interface ContactSubmissionResult {
  contactMessageId: number;
  /** the notification to the site's inbox, queued in the outbox */
  messageId: number;
}

/** Messages from the contact form. */
export function createContactService(
  db: Database,
  deps: { outbox: Outbox },
  options: { contactTo: string; siteUrl: string },
) {
  return {
    /** Stores the message and queues its notification (which links to it in the admin) in one transaction. */
    async submit(input: ContactInput): Promise<ContactSubmissionResult> {
      const receivedAt = new Date();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...input, createdAt: receivedAt })
          .returning({ id: contactMessages.id });
        if (!row) throw new Error("contact message was not stored");
        const messageId = await deps.outbox.enqueue(
          tx,
          contactNotificationEmail({
            to: options.contactTo,
            message: input,
            receivedAt,
            adminUrl: `${options.siteUrl}/admin/messages/${row.id}`,
          }),
        );
        // the inbox shows whether this notification went out (issue 19)
        await tx.update(contactMessages).set({ notificationOutboxId: messageId }).where(eq(contactMessages.id, row.id));
        return { contactMessageId: row.id, messageId };
      });
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
