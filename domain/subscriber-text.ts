// The statuses and consent events of newsletter subscribers and their words (issue 19, decision
// 069), apart from subscribers.ts's schemas: the data-rights and subscriber screens read only
// these, and a schema sharing their file put all of Zod on them.

export const SUBSCRIBER_STATUSES = ["subscribed", "unsubscribed", "bounced"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  subscribed: "Subscribed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

export const CONSENT_ACTIONS = [
  "subscribed",
  "confirmation-requested",
  "resubscribed",
  "unsubscribed",
  "bounced",
] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

export const CONSENT_ACTION_LABELS: Record<ConsentAction, string> = {
  subscribed: "Subscribed",
  "confirmation-requested": "Asked to subscribe again (confirmation e-mailed)",
  resubscribed: "Subscribed again (confirmed by e-mail)",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
};

export const CONSENT_SOURCES = [
  "quiz",
  "confirmation-link",
  "unsubscribe-link",
  "one-click",
  "admin",
  "mail-server",
  "earlier-record",
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const CONSENT_SOURCE_LABELS: Record<ConsentSource, string> = {
  quiz: "Dog Toy Matchmaker Quiz",
  "confirmation-link": "Link in the confirmation e-mail",
  "unsubscribe-link": "Unsubscribe link",
  "one-click": "One-click unsubscribe of the mail program",
  admin: "By the site owner",
  "mail-server": "The mail server refused the address",
  "earlier-record": "Recorded before the history was kept",
};
