// What visitors read after sending a public form (spec/quiz-and-admin.md §7-§8, storefront.md §8),
// shared by POST /api/contact, POST /api/quiz-newsletter and the pages' own form actions.
// Visitors read the notes: they say what happened in words for a visitor, never a setting's
// name (the technical reason goes to the log and the admin dashboard).

/** Quiz results e-mails one address receives in any 24 hours, however many times the quiz is sent for it. */
export const QUIZ_EMAILS_PER_ADDRESS = 3;

export const FORM_REPLIES = {
  quizSent: "Check your inbox: your personalized toy recommendations are on their way.",
  quizQueued:
    "Your quiz results are saved and you're subscribed to our newsletter. The email with your recommendations is delayed and will follow shortly.",
  quizSaved: "Your quiz results are saved and you're subscribed to our newsletter.",
  quizNote:
    "This site is not sending emails yet, so your results were saved but not emailed. They are shown on this page, and the email follows once sending is switched on.",
  // The results e-mail was not sent: its address had its share for the day.
  quizRecentlyEmailed: `Your quiz results are saved and shown on this page, and you're subscribed to our newsletter. We have already emailed quiz results to this address ${QUIZ_EMAILS_PER_ADDRESS} times in the last 24 hours, so we didn't send another email.`,
  // The address's mail server refused the results e-mail for good.
  quizUndeliverable:
    "Your quiz results are saved and shown on this page, but we couldn't email them: the mail server for this address refused our email. Please check the address for typos.",
  // The address left the newsletter (or bounced): it stays off the list until its owner confirms.
  quizConfirmSent:
    "Your quiz results are saved and shown on this page. This address is not on our newsletter list, so we haven't signed it up again or emailed the results. We're sending it an email to ask if you want the newsletter again: you'll be subscribed only if you confirm.",
  quizConfirmRecent:
    "Your quiz results are saved and shown on this page. This address is not on our newsletter list, so we haven't signed it up again or emailed the results. We emailed it a link to confirm the newsletter within the last 24 hours: you'll be subscribed only if you confirm.",
  quizConfirmUndeliverable:
    "Your quiz results are saved and shown on this page. This address is not on our newsletter list, so we haven't signed it up again, and we couldn't email it a link to confirm: the mail server for this address refused our email.",
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
