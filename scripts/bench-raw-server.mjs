// The reference for `npm run bench` (issue 20): the fastest a Node.js server answers on this
// machine. A bare node:http server sends a fixed 20 KB HTML body, about what a compressed page
// weighs, so a page's requests/s can be read as a share of what the runtime itself allows.
import { createServer } from "node:http";

const body = Buffer.from(`<!doctype html><title>reference</title><p>${"x".repeat(20 * 1024 - 40)}</p>`);
const server = createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Length": body.length });
  res.end(body);
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
