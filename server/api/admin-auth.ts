import { Router } from "express";
import { AUTH_TEXT, loginSchema } from "../../domain/auth";
import { HttpError } from "../http/errors";
import { clearSessionCookie, readCookie, sessionCookieName, setSessionCookie } from "../http/session-cookie";
import { parseOr400 } from "../http/validation";
import type { Services } from "../services/create-services";

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}

/** Admin sign-in, sign-out and "who am I" (the session itself is resolved by loadSession). */
export function adminAuthRouter({ auth }: Services, { secureCookies }: { secureCookies: boolean }) {
  const router = Router();

  router.post("/admin/login", async (req, res) => {
    const input = parseOr400(loginSchema, req.body ?? {});
    const result = await auth.login({ ...input, ip: req.ip ?? "unknown" });
    if (result.outcome === "throttled") {
      res.setHeader("Retry-After", String(result.retryAfterSeconds));
      throw new HttpError(
        429,
        `Too many failed login attempts. Please wait ${waitText(result.retryAfterSeconds)} and try again.`,
      );
    }
    // One answer for every wrong combination: nothing says whether the account exists.
    if (result.outcome === "invalid") throw new HttpError(401, AUTH_TEXT.loginFailedDescription);

    // A new session id at every sign-in; the one the browser held before (if any) ends.
    await auth.logout(readCookie(req, sessionCookieName(secureCookies)));
    setSessionCookie(res, secureCookies, result.token);
    res.setHeader("Cache-Control", "no-store");
    res.json({ user: { username: result.session.user.username } });
  });

  router.post("/admin/logout", async (req, res) => {
    await auth.logout(readCookie(req, sessionCookieName(secureCookies)));
    clearSessionCookie(res, secureCookies);
    res.status(204).end();
  });

  router.get("/admin/session", (_req, res) => {
    const session = res.locals.session;
    if (!session) throw new HttpError(401, "Please sign in as an administrator");
    res.setHeader("Cache-Control", "no-store");
    res.json({ user: { username: session.user.username }, expiresAt: session.expiresAt.toISOString() });
  });

  return router;
}
