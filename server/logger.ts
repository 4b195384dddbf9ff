import pino from "pino";
import type { Env } from "./env";

export type Logger = pino.Logger;

/** JSON logs on stdout; one line per event, so any log collector can read them. */
export function createLogger(level: Env["LOG_LEVEL"]): Logger {
  return pino({
    level,
    base: { service: "pawsome-picks" },
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}
