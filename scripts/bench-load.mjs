// The load generator of `npm run bench` (issue 20): keep-alive HTTP/1.1 GETs over N connections
// for D seconds, one request in flight per connection; prints requests/s and latencies as JSON.
//
//   node scripts/bench-load.mjs <url> --connections 50 --duration 8 [--header "Name: value"]...
//
// Why not autocannon: it appends every response body to a JavaScript string, which decodes the
// bytes as UTF-8. A compressed page is not valid UTF-8, and decoding it costs the client about
// ten times what it costs for the same number of ASCII bytes (17 KB: 4,600 against 42,600
// responses/s from the same bare node:http server). The client, not the server, set the pace:
// a cached page sat at 11 % of "raw" while the server process was three-quarters idle. This
// client reads only the status line, Content-Length or the chunk sizes, and skips the body, so
// what it measures is the server (decision 043).
import { connect } from "node:net";

const args = process.argv.slice(2);
const url = new URL(args[0] ?? "");
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const CONNECTIONS = option("connections", 50);
const DURATION_MS = option("duration", 8) * 1000;
const TIMEOUT_MS = 10_000;
const headers = args.flatMap((arg, i) => (args[i - 1] === "--header" ? [arg] : []));

const request = Buffer.from(
  [`GET ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`, "Connection: keep-alive", ...headers, "", ""].join(
    "\r\n",
  ),
  "latin1",
);
const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

let latencies = new Float64Array(1 << 16);
let completed = 0;
let non2xx = 0;
let errors = 0;
let timeouts = 0;
let bytes = 0;
const started = performance.now();
const deadline = started + DURATION_MS;

function record(ms) {
  if (completed === latencies.length) {
    const bigger = new Float64Array(latencies.length * 2);
    bigger.set(latencies);
    latencies = bigger;
  }
  latencies[completed] = ms;
  completed += 1;
}

/** One keep-alive connection: sends a request, parses just enough of the answer to find its end. */
function open() {
  const socket = connect(Number(url.port || 80), url.hostname);
  socket.setNoDelay(true);
  /** bytes of a header block or chunk-size line not complete yet */
  let pending = null;
  let state = "idle";
  let remaining = 0;
  let status = 0;
  let sentAt = 0;

  const send = () => {
    if (performance.now() >= deadline) {
      state = "done";
      socket.end();
      return;
    }
    state = "headers";
    sentAt = performance.now();
    socket.write(request);
  };

  const complete = () => {
    record(performance.now() - sentAt);
    if (status < 200 || status >= 300) non2xx += 1;
    send();
  };

  socket.on("connect", send);
  socket.on("data", (chunk) => {
    bytes += chunk.length;
    let data = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = null;
    let at = 0;
    while (at < data.length) {
      if (state === "headers") {
        const end = data.indexOf(HEADER_END, at);
        if (end === -1) {
          pending = data.subarray(at);
          return;
        }
        const head = data.toString("latin1", at, end);
        status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        at = end + 4;
        if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) state = "size";
        else {
          remaining = length ? Number(length[1]) : 0;
          state = "body";
          if (remaining === 0) complete();
        }
      } else if (state === "body" || state === "chunk") {
        const take = Math.min(remaining, data.length - at);
        remaining -= take;
        at += take;
        if (remaining > 0) return;
        if (state === "body") complete();
        else state = "chunk-end";
      } else if (state === "size" || state === "chunk-end" || state === "trailer") {
        const end = data.indexOf(CRLF, at);
        if (end === -1) {
          pending = data.subarray(at);
          return;
        }
        const line = data.toString("latin1", at, end);
        at = end + 2;
        if (state === "chunk-end") state = "size";
        else if (state === "trailer") {
          if (line === "") complete();
        } else {
          remaining = Number.parseInt(line, 16);
          state = remaining === 0 ? "trailer" : "chunk";
        }
      } else {
        // bytes nobody asked for: the connection is out of step, start a new one
        errors += 1;
        socket.destroy();
        return;
      }
    }
    data = null;
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    if (state !== "done" && state !== "idle") errors += 1;
    if (state !== "done" && performance.now() < deadline) open();
  });
  const watch = setInterval(() => {
    if (state === "done") clearInterval(watch);
    else if (state !== "idle" && performance.now() - sentAt > TIMEOUT_MS) {
      timeouts += 1;
      clearInterval(watch);
      state = "done";
      socket.destroy();
      if (performance.now() < deadline) open();
    }
  }, 1000);
  watch.unref();
}

for (let i = 0; i < CONNECTIONS; i++) open();

setTimeout(() => {
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.subarray(0, completed).sort();
  const at = (q) =>
    completed === 0 ? 0 : Math.round(sorted[Math.min(completed - 1, Math.floor(q * completed))] * 100) / 100;
  const mean = completed === 0 ? 0 : sorted.reduce((sum, ms) => sum + ms, 0) / completed;
  process.stdout.write(
    `${JSON.stringify({
      requests: { average: completed / seconds, total: completed },
      latency: { p50: at(0.5), p99: at(0.99), mean },
      non2xx,
      errors,
      timeouts,
      bytes,
    })}\n`,
  );
  process.exit(0);
}, DURATION_MS + 50);
