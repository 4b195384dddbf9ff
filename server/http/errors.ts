import type { ErrorRequestHandler, RequestHandler } from "express";
import type { Logger } from "../logger";
import { ServiceError } from "../services/service-error";
import { isDatabaseUnavailable, sendUnavailable, UNAVAILABLE_TEXT } from "./unavailable";

const SERVICE_ERROR_STATUS = { "not-found": 404, conflict: 409, invalid: 400 } as const;

/** An error that carries its HTTP status; the message is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API route for ${req.method} ${req.originalUrl.split("?")[0]}` });
};

// body-parser and other middleware report client errors through `type`/`status`.
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  "entity.too.large": { status: 413, message: "Request body is too large" },
  "entity.parse.failed": { status: 400, message: "Request body is not valid JSON" },
  "encoding.unsupported": { status: 415, message: "Unsupported content encoding" },
  "charset.unsupported": { status: 415, message: "Unsupported charset" },
  "request.aborted": { status: 400, message: "Request was aborted" },
};

/** Turns any error into the JSON error body of DESIGN.md; stack traces only reach the log. */
export function jsonErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof HttpError) {
      res.status(err.status).json(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
      return;
    }
    if (err instanceof ServiceError) {
      const body = err.field
        ? { message: err.message, errors: { [err.field]: [err.message] } }
        : { message: err.message };
      res.status(SERVICE_ERROR_STATUS[err.kind]).json(body);
      return;
    }
    const known = typeof err?.type === "string" ? CLIENT_ERRORS[err.type] : undefined;
    if (known) {
      res.status(known.status).json({ message: known.message });
      return;
    }
    const status = Number(err?.status ?? err?.statusCode);
    if (status >= 400 && status < 500) {
      res.status(status).json({ message: err.expose && err.message ? err.message : "Bad request" });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn(
        { reqId: req.id, err: { message: err?.message, code: err?.code } },
        "database unreachable: answered 503",
      );
      sendUnavailable(req, res, UNAVAILABLE_TEXT.database, 30);
      return;
    }
    logger.error({ reqId: req.id, err }, "unhandled error");
    res.status(500).json({ message: "Something went wrong on our side. Please try again later." });
  };
}
