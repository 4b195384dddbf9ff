// A newsletter's states and their labels (issue 19), apart from newsletters.ts's schemas: the
// newsletters list reads only these, and the form's schema there put all of Zod on it (decision 069).

export const NEWSLETTER_STATUSES = ["draft", "sending", "sent"] as const;

export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

export const NEWSLETTER_STATUS_LABELS: Record<NewsletterStatus, string> = {
  draft: "Draft",
  sending: "Sending",
  sent: "Sent",
};
