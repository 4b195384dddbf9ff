import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer } from "./http-server";

// A client that keeps a connection 5 s (Node's own agent, browsers' test clients) must never have
// it closed under it by the server at the same moment: the server keeps idle connections longer.

const server = createHttpServer((_req, res) => res.end("ok"));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(agent: Agent): Promise<{ body: string; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ body, socket: req.socket }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the site's HTTP server", () => {
  it("keeps an idle keep-alive connection open past Node's 5 s default", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, timeout: 60_000 });
    try {
      const first = await get(agent);
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const second = await get(agent);
      expect([first.body, second.body]).toEqual(["ok", "ok"]);
      // the same connection answered both: the server did not close it while idle
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  }, 15_000);
});
