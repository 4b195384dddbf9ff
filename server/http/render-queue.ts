import type { PageHandler } from "./page-cache";
import { UNAVAILABLE_TEXT, unavailablePage } from "./unavailable";

// Page renders share one event loop and, on PGlite, one database connection. Fifty renders
// started together interleave their queries and their React work, so all of them finish late:
// at 50 connections an uncached `/products` took 540 ms at the median and 3.3 s for the slowest
// 1 % (decision 044). Let in a few at a time, in the order they arrived, each render runs almost
// alone, and a page takes about as long as the renders ahead of it need. The throughput is the
// same, and the slowest pages come much closer to the median.
//
// It wraps React Router's handler inside the page cache (page-cache.ts), so hits and the
// requests that wait for a render of their URL never queue. A request whose visitor leaves while
// it waits is dropped from the line. When the line is full the answer is the load shedder's 503:
// a visitor waiting behind hundreds of renders would give up anyway.

export interface RenderQueueOptions {
  /** renders running at once */
  concurrency: number;
  /** renders waiting at most; more are answered 503 */
  maxWaiting: number;
}

export function queuedRenders<C>(
  handle: PageHandler<C>,
  { concurrency, maxWaiting }: RenderQueueOptions,
  /** settles once the request's answer has gone out (or its visitor has left) */
  answered: (context: C) => Promise<void> = async () => {},
): PageHandler<C> {
  let running = 0;
  const waiting: (() => void)[] = [];

  function admitNext() {
    while (running < concurrency) {
      const start = waiting.shift();
      if (!start) return;
      start();
    }
  }

  async function run(request: Request, context: C): Promise<Response> {
    running += 1;
    let release = true;
    try {
      const response = await handle(request, context);
      // The place is given up once the page has gone out, not when it is rendered: renders let in
      // while earlier pages were still being compressed and written interleaved with them as
      // unqueued renders did (uncached `/` at 50 connections: 121 -> 182 req/s, p99 1.9 -> 0.5 s
      // once the place is held until the answer is out; decision 067).
      release = false;
      answered(context).finally(() => {
        running -= 1;
        admitNext();
      });
      return response;
    } finally {
      if (release) {
        running -= 1;
        admitNext();
      }
    }
  }

  return (request, context) => {
    if (running < concurrency && waiting.length === 0) return run(request, context);
    if (waiting.length >= maxWaiting) {
      return Promise.resolve(unavailablePage(UNAVAILABLE_TEXT.overloaded, 2));
    }
    return new Promise<Response>((resolve, reject) => {
      const entry = () => {
        request.signal.removeEventListener("abort", leave);
        run(request, context).then(resolve, reject);
      };
      // the visitor left: no render for an answer no one reads
      const leave = () => {
        const at = waiting.indexOf(entry);
        if (at !== -1) waiting.splice(at, 1);
        reject(request.signal.reason);
      };
      waiting.push(entry);
      request.signal.addEventListener("abort", leave, { once: true });
    });
  };
}
