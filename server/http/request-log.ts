import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "#server/logger.ts";

declare global {
  namespace Express {
    interface Request {
      /** this request's id: the caller's X-Request-Id when well-formed, else a new UUID */
      id: string;
    }
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Query parameters whose values are kept in the log: the catalogue's filters, paging and
 * placements, which say nothing about a person. Every other value (a search that may be a
 * visitor's e-mail address, an unsubscribe token, anything added later) is logged as "_".
 */
const LOGGED_PARAMETERS = new Set([
  "breed",
  "category",
  "minPrice",
  "maxPrice",
  "sort",
  "page",
  "pageSize",
  "id",
  "from",
  "locale",
  "timeZone",
  "dogSize",
  "dogAge",
  "chewStyle",
  "playStyle",
  "toyPurpose",
]);

/** The URL as it may be logged: path as sent, query values outside LOGGED_PARAMETERS replaced by "_". */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const parts = url
    .slice(queryAt + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return LOGGED_PARAMETERS.has(name) ? pair : `${name.slice(0, 40)}=_`;
    });
  return `${url.slice(0, queryAt)}?${parts.join("&")}`;
}

/**
 * Gives a request an id (echoed in X-Request-Id, for tracing a visitor's report to the log, as
 * `req.id`) and writes one JSON line when it ends: method, URL (personal values left out),
 * status, time taken. Nothing per request is allocated for logging unless the line's level is on.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader("X-Request-Id", id);
    if (req.url === "/healthz") return next();
    // read now: routers mounted under a prefix rewrite req.url while they run
    const url = req.url ?? "";
    const started = performance.now();
    res.once("close", () => {
      const level = res.statusCode >= 500 ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id, method: req.method, url: loggableUrl(url) },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        res.writableFinished ? "request completed" : "request aborted",
      );
    });
    next();
  };
}
