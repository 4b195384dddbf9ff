import type { RequestHandler, Response } from "express";
import { readCookie } from "./session-cookie";

// An answer that depends on who asks must never be kept by a cache that answers someone else:
// not our page cache, not a CDN, not the browser's disk. Such answers are marked once
// (res.locals.privateAnswer), get `Cache-Control: private, no-store` then, and keep it: every
// handler behind the mark sets its Cache-Control through setCacheControl, which leaves a
// private answer's as it is. The page cache never meets them: it leaves every request with the
// session cookie, valid or not, to React Router (page-cache.ts).
//
// setCacheControl is also the one place that decides an answer's Cache-Control when two are set
// on its way: a handler that sets its own and then hands the request on to the pages (/go for a
// toy that is gone: the site's 404 page) meets the page's own, and two headers would leave every
// cache to pick one. The most cautious wins. (Until issue 29 this was a hook on the response's
// writeHead, on-headers: a patch of Node's response that every answer paid for.)

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

function isPrivateAnswer(res: Response): boolean {
  return res.locals.privateAnswer === true;
}

/** How cautious a Cache-Control value is: never stored, then kept by the browser only, then revalidated each time. */
function caution(value: string): number {
  const directives = value
    .toLowerCase()
    .split(",")
    .map((directive) => directive.trim());
  const says = (name: string) => directives.some((d) => d === name || d.startsWith(`${name}=`));
  return (says("no-store") ? 4 : 0) + (says("private") ? 2 : 0) + (says("no-cache") || says("max-age=0") ? 1 : 0);
}

/**
 * The one Cache-Control of an answer that was given these, in the order they were set: the most
 * cautious, so no cache keeps what one of them forbade (of two as cautious, the later one).
 */
export function decidedCacheControl(values: readonly string[]): string | undefined {
  let decided: string | undefined;
  for (const value of values) {
    if (decided === undefined || caution(value) >= caution(decided)) decided = value;
  }
  return decided;
}

/**
 * Sets the answer's Cache-Control: for a private answer `private, no-store` whatever is asked,
 * and of the one already set and this one, the most cautious (see above).
 */
export function setCacheControl(res: Response, value: string): void {
  if (isPrivateAnswer(res)) {
    res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return;
  }
  const set = res.getHeader("cache-control");
  const already = set === undefined ? [] : Array.isArray(set) ? set : [String(set)];
  res.setHeader("Cache-Control", decidedCacheControl([...already, value]) ?? value);
}

/** After the session lookup: the answer to a request that carries a session cookie (valid or not) is private. */
export function privateAnswers(sessionCookie: string): RequestHandler {
  return (req, res, next) => {
    if (res.locals.session || readCookie(req, sessionCookie) !== undefined) keepPrivate(res);
    next();
  };
}
