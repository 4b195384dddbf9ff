import type { Request, Response } from "express";
import { type LoginInput, loginThrottledText } from "#domain/auth.ts";
import type { AuthService } from "#server/services/auth.service.ts";
import { clientKey } from "./client-address";
import { keepPrivate } from "./private-answers";
import { deviceCookieName, readCookie, sessionCookieName, setDeviceCookie, setSessionCookie } from "./session-cookie";

export type SignInOutcome =
  | { outcome: "signed-in"; username: string }
  | { outcome: "invalid" }
  | { outcome: "throttled"; retryAfterSeconds: number; message: string };

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
  // the session this browser held ends; that is no sign-out of its own in the audit log
  await auth.endSession(readCookie(req, sessionCookieName(secureCookies)));
  setSessionCookie(res, secureCookies, result.token);
  setDeviceCookie(res, secureCookies, result.device);
  return { outcome: "signed-in", username: result.session.user.username };
}
