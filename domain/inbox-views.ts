// The inbox's views and limits, shared by the admin page and the API (issue 19). Apart from
// inbox.ts's schemas: the message list reads only these, and the reply form's schema in the same
// module put all of Zod on it (decision 069).

/** Which messages a list shows: the inbox (not archived), its unread ones, the archive, or all of them. */
export const MESSAGE_VIEWS = ["inbox", "unread", "archived", "all"] as const;

export type MessageView = (typeof MESSAGE_VIEWS)[number];

export const MESSAGE_VIEW_LABELS: Record<MessageView, string> = {
  inbox: "Inbox",
  unread: "Unread",
  archived: "Archived",
  all: "All",
};

/** Messages per page, in the admin list and by default in the API. */
export const MESSAGES_PAGE_SIZE = 25;

/** The longest search (a name, an address or words of a message). */
export const MAX_MESSAGE_SEARCH_LENGTH = 200;

/** How much of a message the list shows. */
export const MESSAGE_EXCERPT_LENGTH = 160;
