import type { Request, Response } from "express";
import { type LoginInput, loginThrottledText, type PasswordChangeInput, type SignInLinkState } from "#domain/auth.ts";
import type { AuthService, Session } from "#server/services/auth.service.ts";
import { clientKey } from "./client-address";
import { keepPrivate } from "./private-answers";
import { deviceCookieName, readCookie, sessionCookieName, setDeviceCookie, setSessionCookie } from "./session-cookie";

// Everything that gives a browser a session, for the API's handlers and the pages' form actions
// alike (they reach these through the load context, ssr.ts): the answer is private, a new
// session's cookie replaces the one the browser held, and that earlier session ends.

export type SignInOutcome =
  | { outcome: "signed-in"; username: string }
  | { outcome: "invalid" }
  | { outcome: "throttled"; retryAfterSeconds: number; message: string };

export type LinkSignInOutcome =
  | { outcome: "signed-in"; username: string }
  | { outcome: Exclude<SignInLinkState, "valid"> };

export type PasswordChangeOutcome =
  | { outcome: "changed" }
  | { outcome: "wrong-password" }
  | { outcome: "throttled"; retryAfterSeconds: number; message: string };

/** Gives the browser a new session: the one it held ends (no sign-out of its own in the audit log), both cookies are set. */
async function startBrowserSession(
  auth: AuthService,
  req: Request,
  res: Response,
  secureCookies: boolean,
  started: { token: string; device: string },
): Promise<void> {
  await auth.endSession(readCookie(req, sessionCookieName(secureCookies)));
  setSessionCookie(res, secureCookies, started.token);
  setDeviceCookie(res, secureCookies, started.device);
}

/**
 * Sign-in for POST /api/admin/login and the login page's own form action alike: checks the
 * password (throttled, auth.service.ts), and on success starts a new session (the one the
 * browser held before ends) and renews the device cookie. The answer is private either way.
 */
export async function signIn(
  auth: AuthService,
  req: Request,
  res: Response,
  secureCookies: boolean,
  input: LoginInput,
): Promise<SignInOutcome> {
  keepPrivate(res);
  const result = await auth.login({
    ...input,
    client: clientKey(req.ip),
    device: readCookie(req, deviceCookieName(secureCookies)),
  });
  if (result.outcome === "throttled") {
    res.setHeader("Retry-After", String(result.retryAfterSeconds));
    return { ...result, message: loginThrottledText(result.retryAfterSeconds, result.scope) };
  }
  if (result.outcome === "invalid") return result;
  await startBrowserSession(auth, req, res, secureCookies, result);
  return { outcome: "signed-in", username: result.session.user.username };
}

/**
 * Asks for a sign-in link for the owner (issue 26). The caller learns nothing from it: whether a
 * link went out (or the limit was reached) is the owner's inbox's business, so nothing is returned.
 */
export async function requestSignInLink(auth: AuthService, req: Request, res: Response): Promise<void> {
  keepPrivate(res);
  await auth.requestSignInLink({ client: clientKey(req.ip) });
}

/** Signs in with an e-mailed link's token (used once), starting a session as a password sign-in does. */
export async function signInWithLink(
  auth: AuthService,
  req: Request,
  res: Response,
  secureCookies: boolean,
  token: string,
): Promise<LinkSignInOutcome> {
  keepPrivate(res);
  const result = await auth.signInWithLink({
    token,
    client: clientKey(req.ip),
    device: readCookie(req, deviceCookieName(secureCookies)),
  });
  if (result.outcome !== "signed-in") return result;
  await startBrowserSession(auth, req, res, secureCookies, result);
  return { outcome: "signed-in", username: result.session.user.username };
}

/**
 * "Change password" for POST /api/admin/password and the /admin/password page alike: every
 * session of the account ends, and this browser's cookie is replaced by its new session's.
 */
export async function changePassword(
  auth: AuthService,
  res: Response,
  secureCookies: boolean,
  session: Session,
  input: Pick<PasswordChangeInput, "currentPassword" | "newPassword">,
): Promise<PasswordChangeOutcome> {
  keepPrivate(res);
  const result = await auth.changePassword({
    userId: session.user.id,
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
  });
  if (result.outcome === "throttled") {
    res.setHeader("Retry-After", String(result.retryAfterSeconds));
    return { ...result, message: loginThrottledText(result.retryAfterSeconds, "client") };
  }
  if (result.outcome === "wrong-password") return result;
  setSessionCookie(res, secureCookies, result.token);
  return { outcome: "changed" };
}
