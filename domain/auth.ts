import { z } from "zod";
import { wireSchema } from "./wire-schema";

// Admin sign-in (spec/quiz-and-admin.md §2 "Admin login", §6), shared by the login form and
// POST /api/admin/login. The spec signs in with a password only; `username` is accepted for
// later multi-admin use and defaults to the single "admin" account.

export const ADMIN_USERNAME = "admin";
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

export const loginSchema = wireSchema(() =>
  z.object({
    username: z.string().trim().min(1).max(100).optional(),
    password: z.string("Password is required").min(1, "Password is required").max(MAX_PASSWORD_LENGTH),
  }),
);

export type LoginInput = z.infer<typeof loginSchema>;

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

export const passwordChangeSchema = wireSchema(() =>
  z
    .object({
      currentPassword: z
        .string(PASSWORD_TEXT.currentRequired)
        .min(1, PASSWORD_TEXT.currentRequired)
        .max(MAX_PASSWORD_LENGTH, PASSWORD_TEXT.currentWrong),
      newPassword: z
        .string(PASSWORD_TEXT.tooShort)
        .min(MIN_PASSWORD_LENGTH, PASSWORD_TEXT.tooShort)
        .max(MAX_PASSWORD_LENGTH, PASSWORD_TEXT.tooLong),
      confirmPassword: z.string(PASSWORD_TEXT.mismatch),
    })
    .superRefine((input, ctx) => {
      if (input.confirmPassword !== input.newPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: PASSWORD_TEXT.mismatch });
      }
      if (input.newPassword === input.currentPassword && input.newPassword.length >= MIN_PASSWORD_LENGTH) {
        ctx.addIssue({ code: "custom", path: ["newPassword"], message: PASSWORD_TEXT.unchanged });
      }
    }),
);

export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** POST /api/admin/login: who signed in (the session itself is the cookie). */
export const loginAnswerSchema = wireSchema(() => z.object({ user: z.object({ username: z.string() }) }));
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** GET /api/admin/session: the signed-in admin and when the session ends at the latest. */
export const sessionAnswerSchema = wireSchema(() => loginAnswerSchema.extend({ expiresAt: z.iso.datetime() }));
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** POST /api/admin/password: PASSWORD_TEXT.changed. */
export const passwordChangedSchema = wireSchema(() => z.object({ message: z.string() }));
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

/** The 429 answers of sign-in: one browser's guesses, or guesses at the account from many places. */
export function loginThrottledText(retryAfterSeconds: number, scope: "client" | "account"): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? "a minute" : `${minutes} minutes`;
  return scope === "client"
    ? `Too many failed login attempts. Please wait ${wait} and try again.`
    : `Too many failed login attempts on this account from unrecognised browsers. Please wait ${wait}, or sign in from a browser you have signed in with before.`;
}

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
