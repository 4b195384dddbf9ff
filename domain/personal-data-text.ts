// The words of the data-rights screen (issue 19, decision 069), apart from personal-data.ts's
// schemas: the screen reads only these at first, and the erasure form's schema put all of Zod on it.

export const ERASURE_CONFIRM_MESSAGE = "Tick the box to confirm that everything about this address is erased";

/** How many rows of each kind an erasure deleted. */
export const ERASURE_COUNT_LABELS = {
  quizSubmissions: "Quiz submissions",
  subscribers: "Subscriber records",
  contactMessages: "Contact messages",
  outboxMessages: "E-mails",
} as const;

export const PERSONAL_DATA_FILENAME = "personal-data.json";
