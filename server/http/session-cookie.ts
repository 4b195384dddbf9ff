import type { CookieOptions, Request, RequestHandler, Response } from "express";
import type { AuthService } from "#server/services/auth.service.ts";
import { DEVICE_LIFETIME_MS, SESSION_LIFETIME_MS } from "#server/services/auth.service.ts";

/**
 * Secure cookies get the __Host- prefix: the browser then only accepts the cookie over HTTPS
 * (or localhost), for this exact host and Path=/, so no subdomain can plant or overwrite it.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-pawsome_session" : "pawsome_session";
}

/** The device cookie: which browser signed in before (auth.service.ts), kept for a year. */
export function deviceCookieName(secure: boolean): string {
  return secure ? "__Host-pawsome_device" : "pawsome_device";
}

function cookieOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: "lax", path: "/", secure };
}

/** The value of one cookie from the Cookie header, or undefined. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function setSessionCookie(res: Response, secure: boolean, token: string): void {
  res.cookie(sessionCookieName(secure), token, { ...cookieOptions(secure), maxAge: SESSION_LIFETIME_MS });
}

export function setDeviceCookie(res: Response, secure: boolean, value: string): void {
  res.cookie(deviceCookieName(secure), value, {
    ...cookieOptions(secure),
    sameSite: "strict",
    maxAge: DEVICE_LIFETIME_MS,
  });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(sessionCookieName(secure), cookieOptions(secure));
}

/**
 * Resolves the signed-in admin of every request that carries a session cookie into
 * `res.locals.session` (null otherwise), for API guards and page loaders alike.
 */
export function loadSession(auth: AuthService, secure: boolean): RequestHandler {
  const name = sessionCookieName(secure);
  return async (req, res, next) => {
    const token = readCookie(req, name);
    res.locals.session = token ? await auth.sessionFor(token) : null;
    next();
  };
}
