import type { RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { readCookie } from "./session-cookie";

// An answer that depends on who asks must never be kept by a cache that answers someone else:
// not our anonymous response cache, not a CDN, not the browser's disk. Such answers are marked
// once (res.locals.privateAnswer) and, whatever a handler or React Router set meanwhile, leave
// with `Cache-Control: private, no-store`; the response cache refuses marked answers.

export const PRIVATE_CACHE_CONTROL = "private, no-store";

declare global {
  namespace Express {
    interface Locals {
      /** true once the answer depends on the session or holds admin data */
      privateAnswer?: boolean;
    }
  }
}

/** Marks this answer private (admin data, or shaped by a session). */
export function keepPrivate(res: Response): void {
  res.locals.privateAnswer = true;
  res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
}

/** True when the answer was marked private. */
export function isPrivateAnswer(res: Response): boolean {
  return res.locals.privateAnswer === true;
}

/**
 * After the session lookup: the answer to a request that carries a session cookie (valid or
 * not) is private, and every private answer gets its Cache-Control as its headers go out.
 */
export function privateAnswers(sessionCookie: string): RequestHandler {
  return (req, res, next) => {
    if (res.locals.session || readCookie(req, sessionCookie) !== undefined) res.locals.privateAnswer = true;
    onHeaders(res, () => {
      if (res.locals.privateAnswer) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    });
    next();
  };
}
