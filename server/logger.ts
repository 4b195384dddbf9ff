import pino from "pino";
import type { Env } from "./env";
import { loggableError } from "./http/errors";

export type Logger = pino.Logger;

/**
 * JSON logs on stdout; one line per event, so any log collector can read them. Every `err`
 * goes through loggableError: a failed query's parameters (visitors' data) never reach a log.
 */
export function createLogger(level: Env["LOG_LEVEL"], destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "pawsome-picks" },
      serializers: { err: (error: unknown) => (error instanceof Error ? loggableError(error) : error) },
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    },
    destination,
  );
}
