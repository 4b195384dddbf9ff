import type { Request, RequestHandler, Response } from "express";
import type { ApiErrorBody } from "#domain/api-error.ts";
import type { Logger } from "#server/logger.ts";
import { isApiPath } from "./canonical-path";
import { errorPage } from "./error-page";
import { setCacheControl } from "./private-answers";

// 503 answers: for an overloaded process (load shedding) and for a database that cannot be
// reached. Both say when to come back; neither is cached; neither needs the database.

export const UNAVAILABLE_TEXT = {
  overloaded: "Pawsome Picks is very busy right now. Please try again in a few seconds.",
  database: "Pawsome Picks is temporarily unavailable. Please try again in a minute.",
} as const;

function busyPage(message: string): string {
  return errorPage({
    title: "Pawsome Picks is busy",
    heading: "We'll be right back",
    message,
    link: { href: "", text: "Try again" },
  });
}

/** Answers 503 with Retry-After: JSON under /api, a small page elsewhere. */
export function sendUnavailable(req: Request, res: Response, message: string, retryAfterSeconds: number): void {
  res.status(503).set("Retry-After", String(retryAfterSeconds));
  setCacheControl(res, "no-store");
  if (isApiPath(req.originalUrl.split("?")[0] ?? "")) {
    res.json({ message } satisfies ApiErrorBody);
  } else {
    res.type("html").send(busyPage(message));
  }
}

/** The same 503 page as a Fetch Response, for the page handler (render-queue.ts). */
export function unavailablePage(message: string, retryAfterSeconds: number): globalThis.Response {
  return new globalThis.Response(busyPage(message), {
    status: 503,
    headers: {
      "Retry-After": String(retryAfterSeconds),
      "Cache-Control": "no-store",
      "Content-Type": "text/html; charset=utf-8",
    },
  });
}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
// PostgreSQL SQLSTATE class 08 (connection exception), 57P01-03 (shutdown, cannot connect now), 53300 (too many connections)
const SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed|the database system is (starting up|shutting down)/i;

/** True when an error (or one it wraps) says the database server cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}

/**
 * Page requests while the database is down get the 503 page at once instead of waiting for
 * each query to time out. Whether it is down is known from the health check (cached briefly).
 */
export function pagesNeedTheDatabase(
  health: { databaseWasUpRecently(): Promise<boolean> },
  logger: Logger,
): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (await health.databaseWasUpRecently()) return next();
    logger.warn({ reqId: req.id }, "database unreachable: page answered 503");
    sendUnavailable(req, res, UNAVAILABLE_TEXT.database, 30);
  };
}
