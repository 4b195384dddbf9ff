// Kept apart from auth.ts and its Zod schemas: the admin header's sign-out button, on every admin
// screen, needs only these words, and importing them from auth.ts put all of Zod (27 KB gzip) on
// screens without a form; the sign-in and password screens load auth.ts's schemas only on their
// form's first focus (decision 069). auth.ts re-exports what it uses of these.

/** The spec's toasts for signing in and out (§6). */
export const AUTH_TEXT = {
  loginSuccessTitle: "Login Successful",
  loginSuccessDescription: "You're now logged in as an administrator.",
  loginFailedTitle: "Login Failed",
  loginFailedDescription: "Invalid admin password. Please try again.",
  logoutTitle: "Logged Out",
  logoutDescription: "You have been logged out of the admin dashboard.",
} as const;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

/** The admin area's "Change password" form (and POST /api/admin/password). */
export const PASSWORD_TEXT = {
  title: "Change Password",
  intro: "Choose a new admin password. Every other signed-in browser is signed out.",
  currentLabel: "Current password",
  newLabel: "New password",
  confirmLabel: "Repeat the new password",
  newHint: `At least ${MIN_PASSWORD_LENGTH} characters; a few unrelated words make a strong one.`,
  submit: "Change Password",
  submitting: "Changing...",
  currentRequired: "Enter your current password",
  currentWrong: "The current password is not correct",
  tooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters`,
  tooLong: `Use at most ${MAX_PASSWORD_LENGTH} characters`,
  mismatch: "The two new passwords do not match",
  unchanged: "Choose a password different from the current one",
  changedTitle: "Password Changed",
  changed: "Your password has been changed. Every other session has been signed out.",
} as const;

/**
 * The one-time sign-in link (issue 26): while sign-in is throttled, the login page offers to
 * e-mail one to the owner's address, so the owner always gets in and a guesser never does.
 */
export const SIGN_IN_LINK = {
  /** the page the e-mailed link opens; it asks for a click before it signs in */
  path: "/admin/sign-in-link",
  /** how long a link works */
  minutes: 15,
  /** links e-mailed at most in any `minutes`, per client and for the account over all clients */
  perWindow: 3,
} as const;

export const SIGN_IN_LINK_TEXT = {
  offer: "Locked out? We can e-mail a one-time sign-in link to the site owner's address.",
  request: "Email me a sign-in link",
  unavailable:
    "Sign-in links are sent by e-mail, and this site has no mail server set up. Wait until sign-in is open again, or sign in from a browser you have signed in with before.",
  requesting: "Sending...",
  sentTitle: "Check the owner's inbox",
  // One answer whether or not a mail went out: whoever asks learns nothing from it.
  sent: `If a sign-in link can be sent, it is on its way to the site owner's e-mail address. It works once, within ${SIGN_IN_LINK.minutes} minutes. At most ${SIGN_IN_LINK.perWindow} links go out every ${SIGN_IN_LINK.minutes} minutes: if none arrives, check the spam folder, or wait and ask again.`,
  confirmTitle: "Sign in to Pawsome Picks",
  confirm: "This one-time link signs this browser in to the admin area. It works once.",
  confirmButton: "Sign in",
  confirming: "Signing in...",
  expiredTitle: "This sign-in link has expired",
  expired: `A sign-in link works for ${SIGN_IN_LINK.minutes} minutes. Ask for a new one on the login page.`,
  usedTitle: "This sign-in link has been used",
  used: "A sign-in link works only once. Ask for a new one on the login page.",
  invalidTitle: "This sign-in link is not valid",
  invalid: "The link may be incomplete: use the whole link from the e-mail, or ask for a new one on the login page.",
  backToLogin: "Back to the login page",
} as const;

/** What a sign-in link's token is worth (a link checked, or used). */
export type SignInLinkState = "valid" | "expired" | "used" | "invalid";
