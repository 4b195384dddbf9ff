import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import type { ApiErrorBody } from "#domain/api-error.ts";
import type { Logger } from "#server/logger.ts";
import { ServiceError } from "#server/services/service-error.ts";
import { isApiPath } from "./canonical-path";
import { errorPage } from "./error-page";
import { setCacheControl } from "./private-answers";
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
  res
    .status(404)
    .json({ message: `No API route for ${req.method} ${req.originalUrl.split("?")[0]}` } satisfies ApiErrorBody);
};

// body-parser and other middleware report client errors through `type`/`status`.
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  "entity.too.large": { status: 413, message: "Request body is too large" },
  "entity.parse.failed": { status: 400, message: "Request body is not valid JSON" },
  "encoding.unsupported": { status: 415, message: "Unsupported content encoding" },
  "charset.unsupported": { status: 415, message: "Unsupported charset" },
  "request.aborted": { status: 400, message: "Request was aborted" },
};

const PAGE_HEADINGS: Record<number, string> = {
  // an address with a control character, or a form that cannot be read: the message says which
  400: "That request can't be read",
  403: "Not allowed",
  404: "Page not found",
  405: "Not allowed here",
  413: "That's too much to send",
  415: "That can't be sent here",
  421: "Unknown site",
};

/** A client error: JSON `{message, errors?}` under /api and to API clients, a small page to browsers elsewhere. */
function sendClientError(req: Request, res: Response, status: number, body: ApiErrorBody) {
  res.status(status);
  if (isApiPath(req.originalUrl.split("?")[0] ?? "") || !req.accepts("html")) {
    res.json(body);
    return;
  }
  setCacheControl(res, "no-store");
  res.type("html").send(
    errorPage({
      title: PAGE_HEADINGS[status] ?? "Something is wrong with this request",
      heading: PAGE_HEADINGS[status] ?? "Something is wrong with this request",
      message: body.message,
      link: { href: "/", text: "Go to the home page" },
    }),
  );
}

/**
 * What of an error may be written to the log: its kind, code, first line and stack frames.
 * Never its parameters or details: Drizzle puts every bound value of a failed query in its
 * message ("params: name,email,message") and PostgreSQL puts row values in `detail`, and those
 * are visitors' names, addresses and messages.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const firstLine = (text: string) => text.split("\n")[0] ?? "";
  const out: Record<string, unknown> = {
    type: error.constructor.name,
    message: firstLine(error.message),
    stack: (error.stack ?? "")
      .split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .join("\n"),
  };
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === "string" || typeof code === "number") out.code = code;
  if (cause !== undefined && cause !== error) out.cause = loggableError(cause);
  return out;
}

// What Node and Express report when the other end of the connection is gone: express's sendFile
// ("Request aborted"), a stream pipeline whose response closed early, a write to a closed socket.
const ABORT_CODES = new Set([
  "ECONNABORTED",
  "ECONNRESET",
  "EPIPE",
  "ERR_STREAM_PREMATURE_CLOSE",
  // Node 24 names a pipeline whose destination closed first this way (22 says PREMATURE_CLOSE)
  "ERR_STREAM_UNABLE_TO_PIPE",
  "ERR_STREAM_DESTROYED",
]);

/** True when the client has closed the connection: there is nobody left to answer. */
function clientWentAway(req: Request, res: Response): boolean {
  return req.socket.destroyed || res.destroyed;
}

/**
 * True when `error` only says that the client hung up (a cancelled download, a closed tab).
 * Both must hold: an abort code alone could come from a connection of ours (the database's),
 * and a real failure that happens while the client leaves is still a failure.
 */
export function isClientAbort(error: unknown, req: Request, res: Response): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && ABORT_CODES.has(code) && clientWentAway(req, res);
}

/** Turns any error into the JSON error body of DESIGN.md (or a small page for a browser); stack traces only reach the log. */
export function jsonErrorHandler(logger: Logger): ErrorRequestHandler {
  // four parameters: Express recognises an error handler by its arity
  return (err, req, res, _next) => {
    // Before anything else: Express's own handler would print the abort to stderr once headers
    // are out, and answering it would only write to a closed socket (decision 034).
    if (isClientAbort(err, req, res)) {
      logger.debug({ reqId: req.id, err: loggableError(err) }, "client closed the connection");
      return;
    }
    if (res.headersSent) {
      // Too late for an error answer: the client must not take a cut-off body for a whole one.
      // Logged here rather than by Express's fallback, which prints the raw error to stderr.
      logger.error({ reqId: req.id, err: loggableError(err) }, "unhandled error after the answer started");
      res.destroy();
      return;
    }
    if (err instanceof HttpError) {
      sendClientError(
        req,
        res,
        err.status,
        err.errors ? { message: err.message, errors: err.errors } : { message: err.message },
      );
      return;
    }
    if (err instanceof ServiceError) {
      const errors = err.fieldErrors ?? (err.field ? { [err.field]: [err.message] } : undefined);
      const body = errors ? { message: err.message, errors } : { message: err.message };
      sendClientError(req, res, SERVICE_ERROR_STATUS[err.kind], body);
      return;
    }
    const known = typeof err?.type === "string" ? CLIENT_ERRORS[err.type] : undefined;
    if (known) {
      sendClientError(req, res, known.status, { message: known.message });
      return;
    }
    const status = Number(err?.status ?? err?.statusCode);
    if (status >= 400 && status < 500) {
      sendClientError(req, res, status, { message: err.expose && err.message ? err.message : "Bad request" });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn({ reqId: req.id, err: loggableError(err) }, "database unreachable: answered 503");
      sendUnavailable(req, res, UNAVAILABLE_TEXT.database, 30);
      return;
    }
    logger.error({ reqId: req.id, err: loggableError(err) }, "unhandled error");
    res
      .status(500)
      .json({ message: "Something went wrong on our side. Please try again later." } satisfies ApiErrorBody);
  };
}
