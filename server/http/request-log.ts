import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger";

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
 * Gives every request an id (echoed in X-Request-Id, for tracing a visitor's report to the log)
 * and writes one JSON line when it ends: method, path, status, time taken. Nothing per request
 * is allocated for logging unless the line's level is on.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers["x-request-id"];
    req.id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", req.id);
    if (req.url === "/healthz") return next();
    const started = performance.now();
    res.once("close", () => {
      const level = res.statusCode >= 500 ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id: req.id, method: req.method, url: req.originalUrl },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        res.writableFinished ? "request completed" : "request aborted",
      );
    });
    next();
  };
}
