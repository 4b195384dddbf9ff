// What visitors read after sending a public form (spec/quiz-and-admin.md §7-§8, storefront.md §8),
// shared by POST /api/contact, POST /api/quiz-newsletter and the pages' own form actions.
// Visitors read the notes: they say what happened in words for a visitor, never a setting's
// name (the technical reason goes to the log and the admin dashboard).

export const FORM_REPLIES = {
  quizSent: "Check your inbox: your personalized toy recommendations are on their way.",
  quizQueued:
    "Your quiz results are saved and you're subscribed to our newsletter. The email with your recommendations is delayed and will follow shortly.",
  quizSaved: "Your quiz results are saved and you're subscribed to our newsletter.",
  quizNote:
    "This site is not sending emails yet, so your results were saved but not emailed. They are shown on this page, and the email follows once sending is switched on.",
  contactSent: "Thank you for reaching out. We'll get back to you soon.",
  contactQueued: "Your message has been received. We usually reply within 24-48 hours.",
  contactNote:
    "This site is not sending emails yet, so no confirmation email went out. Your message is saved and the team will read it.",
  automated:
    "Your submission looks automated and was not accepted. If you are a person, please reload the page and try again.",
} as const;

/** "{n} seconds" or "{n} minutes" until a limit lets the visitor try again. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The 429 sentence of the public forms' per-client limit. */
export function tooManySubmissionsText(retryAfterSeconds: number): string {
  return `Too many submissions from your network. Please wait ${waitText(retryAfterSeconds)} and try again.`;
}
