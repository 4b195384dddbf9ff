import { z } from "zod";
import "./zod-config";

// Admin sign-in (spec/quiz-and-admin.md §2 "Admin login", §6), shared by the login form and
// POST /api/admin/login. The spec signs in with a password only; `username` is accepted for
// later multi-admin use and defaults to the single "admin" account.

export const ADMIN_USERNAME = "admin";
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 1024;

export const loginSchema = z.object({
  username: z.string().trim().min(1).max(100).optional(),
  password: z.string("Password is required").min(1, "Password is required").max(MAX_PASSWORD_LENGTH),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** The spec's toasts for signing in and out (§6). */
export const AUTH_TEXT = {
  loginSuccessTitle: "Login Successful",
  loginSuccessDescription: "You're now logged in as an administrator.",
  loginFailedTitle: "Login Failed",
  loginFailedDescription: "Invalid admin password. Please try again.",
  logoutTitle: "Logged Out",
  logoutDescription: "You have been logged out of the admin dashboard.",
} as const;
