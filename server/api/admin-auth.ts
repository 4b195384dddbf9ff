import {
  type LoginAnswer,
  loginSchema,
  PASSWORD_TEXT,
  type PasswordChanged,
  passwordChangeSchema,
  type SessionAnswer,
} from "#domain/auth.ts";
import { AUTH_TEXT } from "#domain/auth-text.ts";
import { adminOnly } from "#server/http/access.ts";
import { HttpError } from "#server/http/errors.ts";
import { keepPrivate } from "#server/http/private-answers.ts";
import { createRouter } from "#server/http/router.ts";
import { clearSessionCookie, readCookie, sessionCookieName } from "#server/http/session-cookie.ts";
import { changePassword, signIn } from "#server/http/sign-in.ts";
import { parseOr400 } from "#server/http/validation.ts";
import type { Services } from "#server/services/create-services.ts";

/** Admin sign-in, sign-out, "who am I" and password change (the session itself is resolved by loadSession). */
export function adminAuthRouter({ auth }: Services, { secureCookies }: { secureCookies: boolean }) {
  const router = createRouter();

  router.post("/admin/login", async (req, res) => {
    const input = parseOr400(loginSchema, req.body ?? {});
    const result = await signIn(auth, req, res, secureCookies, input);
    if (result.outcome === "throttled") throw new HttpError(429, result.message);
    // One answer for every wrong combination: nothing says whether the account exists.
    if (result.outcome === "invalid") throw new HttpError(401, AUTH_TEXT.loginFailedDescription);
    res.json({ user: { username: result.username } } satisfies LoginAnswer);
  });

  router.post("/admin/logout", async (req, res) => {
    keepPrivate(res);
    await auth.logout(readCookie(req, sessionCookieName(secureCookies)));
    clearSessionCookie(res, secureCookies);
    res.status(204).end();
  });

  router.get("/admin/session", adminOnly, (_req, res) => {
    const session = res.locals.session;
    res.json({
      user: { username: session.user.username },
      expiresAt: session.expiresAt.toISOString(),
    } satisfies SessionAnswer);
  });

  // the answer carries this browser's new session cookie: its old one ends with every other session
  router.post("/admin/password", adminOnly, async (req, res) => {
    const input = parseOr400(passwordChangeSchema, req.body ?? {});
    const result = await changePassword(auth, res, secureCookies, res.locals.session, input);
    if (result.outcome === "throttled") throw new HttpError(429, result.message);
    if (result.outcome === "wrong-password") {
      throw new HttpError(400, PASSWORD_TEXT.currentWrong, { currentPassword: [PASSWORD_TEXT.currentWrong] });
    }
    res.json({ message: PASSWORD_TEXT.changed } satisfies PasswordChanged);
  });

  return router;
}
