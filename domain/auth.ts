import { z } from "zod";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TEXT } from "./auth-text";
import { wireSchema } from "./wire-schema";

// Admin sign-in (spec/quiz-and-admin.md §2 "Admin login", §6), shared by the login form and
// POST /api/admin/login. The spec signs in with a password only; `username` is accepted for
// later multi-admin use and defaults to the single "admin" account.

export const ADMIN_USERNAME = "admin";

export const loginSchema = wireSchema(() =>
  z.object({
    username: z.string().trim().min(1).max(100).optional(),
    password: z.string("Password is required").min(1, "Password is required").max(MAX_PASSWORD_LENGTH),
  }),
);

export type LoginInput = z.infer<typeof loginSchema>;

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

export {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TEXT,
  SIGN_IN_LINK,
  SIGN_IN_LINK_TEXT,
  type SignInLinkState,
} from "./auth-text";
