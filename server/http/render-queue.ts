import type { RequestHandler } from "express";
import { sendUnavailable, UNAVAILABLE_TEXT } from "./unavailable";

// Page renders share one event loop and, on PGlite, one database connection. Fifty renders
// started together interleave their queries and their React work, so all of them finish late:
// at 50 connections an uncached `/products` took 540 ms at the median and 3.3 s for the slowest
// 1 % (docs/performance.md). Let in a few at a time, in the order they arrived, each render runs
// almost alone, and a page takes about as long as the renders ahead of it need. The throughput
// is the same, and the slowest pages come much closer to the median.
//
// The queue sits after the response cache, so hits and the requests that wait for a render of
// their URL never queue. A request whose visitor leaves while it waits is dropped from the
// line. When the line is full the answer is the load shedder's 503: a visitor waiting behind
// hundreds of renders would give up anyway.

export interface RenderQueueOptions {
  /** renders running at once */
  concurrency: number;
  /** renders waiting at most; more are answered 503 */
  maxWaiting: number;
}

export function renderQueue({ concurrency, maxWaiting }: RenderQueueOptions): RequestHandler {
  let running = 0;
  const waiting: (() => void)[] = [];

  function admitNext() {
    while (running < concurrency) {
      const start = waiting.shift();
      if (!start) return;
      start();
    }
  }

  return (req, res, next) => {
    const start = () => {
      running += 1;
      // 'close' comes once the answer is sent or the visitor has gone, whichever happens
      res.once("close", () => {
        running -= 1;
        admitNext();
      });
      next();
    };
    if (running < concurrency && waiting.length === 0) return start();
    if (waiting.length >= maxWaiting) {
      sendUnavailable(req, res, UNAVAILABLE_TEXT.overloaded, 2);
      return;
    }
    const entry = () => start();
    waiting.push(entry);
    res.once("close", () => {
      const at = waiting.indexOf(entry);
      if (at !== -1) waiting.splice(at, 1);
    });
  };
}
