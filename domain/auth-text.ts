// Kept apart from auth.ts and its Zod schemas: the admin header's sign-out button, on every admin
// screen, needs only these words, and importing them from auth.ts put all of Zod (27 KB gzip) on
// screens without a form (decision 069).

/** The spec's toasts for signing in and out (§6). */
export const AUTH_TEXT = {
  loginSuccessTitle: "Login Successful",
  loginSuccessDescription: "You're now logged in as an administrator.",
  loginFailedTitle: "Login Failed",
  loginFailedDescription: "Invalid admin password. Please try again.",
  logoutTitle: "Logged Out",
  logoutDescription: "You have been logged out of the admin dashboard.",
} as const;
