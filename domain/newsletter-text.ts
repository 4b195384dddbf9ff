// The bounds and words of the newsletter screens (issue 19, decision 069), apart from
// newsletters.ts's schemas: the draft form and the test send read only these at first, and the
// schemas there put all of Zod on them.

export const MAX_NEWSLETTER_SUBJECT = 200;
export const MAX_NEWSLETTER_CONTENT = 60_000;
/** Mail programs show 40 to 140 characters of the preview line; longer would only be cut. */
export const MAX_NEWSLETTER_PREHEADER = 150;

/** What a test send answers (POST /api/admin/newsletters/{id}/test, the page's status line). */
export const TEST_SEND_TEXT = {
  sent: (to: string) => `A test copy was sent to ${to}.`,
  queued: (to: string) => `A test copy to ${to} is queued: it goes out as soon as the mail server takes it.`,
  saved: (to: string) => `A test copy to ${to} is stored in the outbox.`,
  note: "No mail server is configured (SMTP_URL): e-mails wait in the outbox until one is.",
} as const;
