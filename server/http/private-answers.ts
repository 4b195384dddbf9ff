import type { RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import { readCookie } from "./session-cookie";

// An answer that depends on who asks must never be kept by a cache that answers someone else:
// not our page cache, not a CDN, not the browser's disk. Such answers are marked once
// (res.locals.privateAnswer) and, whatever a handler or React Router set meanwhile, leave with
// `Cache-Control: private, no-store`. The page cache never meets them: it leaves every request
// with the session cookie, valid or not, to React Router (page-cache.ts).
//
// This is also the one place that decides an answer's Cache-Control when more than one was set
// on its way: a handler that sets its own and then hands the request on to the pages (/go for a
// toy that is gone: the site's 404 page) meets the page's own, which React Router's Express
// adapter appends, and two headers would leave every cache to pick one. The most cautious wins.

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

/** Leaves the answer with its one Cache-Control (see above). */
function settleCacheControl(res: Response): void {
  // once the headers are out they were settled on their way (the hook below)
  if (res.headersSent) return;
  if (isPrivateAnswer(res)) {
    res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return;
  }
  const set = res.getHeader("cache-control");
  if (!Array.isArray(set)) return;
  const decided = decidedCacheControl(set);
  if (decided === undefined) res.removeHeader("Cache-Control");
  else res.setHeader("Cache-Control", decided);
}

/**
 * First in the chain: every answer's Cache-Control is settled as its headers go out. Its hook
 * was added first, so it runs after every later one (on-headers runs the newest first): it has
 * the last word, over the page handler's headers too.
 */
export const oneCacheControl: RequestHandler = (_req, res, next) => {
  onHeaders(res, () => settleCacheControl(res));
  next();
};

/** After the session lookup: the answer to a request that carries a session cookie (valid or not) is private. */
export function privateAnswers(sessionCookie: string): RequestHandler {
  return (req, res, next) => {
    if (res.locals.session || readCookie(req, sessionCookie) !== undefined) res.locals.privateAnswer = true;
    next();
  };
}
