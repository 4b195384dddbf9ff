import { monitorEventLoopDelay } from "node:perf_hooks";
import type { RequestHandler } from "express";
import type { Logger } from "#server/logger.ts";
import { sendUnavailable, UNAVAILABLE_TEXT } from "./unavailable";

export interface LoadSheddingOptions {
  /** mean event-loop delay (ms) over the last window above which new requests are refused; 0: never */
  maxDelayMs: number;
  windowMs?: number;
  retryAfterSeconds?: number;
  logger: Logger;
}

export interface LoadShedder {
  middleware: RequestHandler;
  /** the mean event-loop delay of the last window, in ms */
  delayMs(): number;
  stop(): void;
}

/**
 * Refuses new work with 503 + Retry-After while the event loop is saturated, so the requests
 * already accepted finish in time instead of every request timing out together. The signal is
 * the mean event-loop delay over a short window: one slow query is a spike the mean absorbs;
 * a process that cannot keep up shows a mean that stays high. Nothing already accepted is
 * dropped, and the middleware sits after /healthz and the static files, which are never shed.
 */
export function createLoadShedder({
  maxDelayMs,
  windowMs = 1_000,
  retryAfterSeconds = 2,
  logger,
}: LoadSheddingOptions): LoadShedder {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let delay = 0;
  let shedding = false;
  let lastTick = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    // The histogram counts the timer resolution into each sample; what is left is the delay.
    // This timer's own lateness covers a loop blocked for most of the window, whose one long
    // sample the histogram may not have recorded yet.
    const mean = histogram.count > 0 ? histogram.mean / 1e6 - 10 : 0;
    delay = Math.max(0, mean, now - lastTick - windowMs);
    lastTick = now;
    histogram.reset();
    const overloaded = maxDelayMs > 0 && delay > maxDelayMs;
    if (overloaded !== shedding) {
      shedding = overloaded;
      logger.warn(
        { eventLoopDelayMs: Math.round(delay) },
        shedding ? "overloaded: shedding new requests" : "load back to normal",
      );
    }
  }, windowMs);
  timer.unref();

  return {
    middleware(req, res, next) {
      if (!shedding) return next();
      sendUnavailable(req, res, UNAVAILABLE_TEXT.overloaded, retryAfterSeconds);
    },
    delayMs: () => delay,
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
