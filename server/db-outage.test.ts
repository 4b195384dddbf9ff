import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../tests/support/test-database";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import { type DatabaseHandle, openDatabase } from "./db/client";
import { seedDemoContent } from "./db/seed/seed";

// The PostgreSQL server goes away while the app runs, then comes back. A TCP proxy in front of
// the test server plays the outage: cutting it drops every connection and refuses new ones,
// as a stopped server does, without stopping the server other test files are using.
const serverUrl = process.env.TEST_DATABASE_URL;

/** A TCP proxy to PostgreSQL that can be cut and restored on the same port. */
function databaseProxy(target: URL) {
  const sockets = new Set<Socket>();
  let listener: Server | undefined;
  let port = 0;
  async function open() {
    listener = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => listener?.listen(port, "127.0.0.1", resolve));
    const address = listener.address();
    port = typeof address === "object" && address ? address.port : 0;
  }
  return {
    open,
    get port() {
      return port;
    },
    async cut() {
      await new Promise((resolve) => {
        listener?.close(resolve);
        for (const s of sockets) s.destroy();
      });
    },
  };
}

describe.skipIf(!serverUrl)("a PostgreSQL outage (needs TEST_DATABASE_URL)", () => {
  let owner: DatabaseHandle;
  let database: DatabaseHandle;
  let server: TestServer;
  let proxy: ReturnType<typeof databaseProxy>;

  beforeAll(async () => {
    owner = await createTestDatabase();
    await seedDemoContent(owner.db);
    proxy = databaseProxy(new URL(owner.location));
    const url = new URL(owner.location);
    await proxy.open();
    url.port = String(proxy.port);
    database = await openDatabase({ url: url.toString(), poolSize: 3 });
    server = await startTestServer(database, {
      readCacheTtlMs: 0,
      pages: [(_req, res) => void res.type("html").send("<h1>a page</h1>")],
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.close().catch(() => {});
    await owner?.close();
  });

  it("answers 503 while the database is gone, reports unhealthy, and recovers without a restart", async () => {
    expect((await fetch(`${server.url}/api/categories`)).status).toBe(200);
    expect((await fetch(`${server.url}/products`)).status).toBe(200);

    await proxy.cut();

    const api = await fetch(`${server.url}/api/categories`);
    expect(api.status).toBe(503);
    expect(api.headers.get("retry-after")).toBe("30");
    expect(await api.json()).toEqual({
      message: "Pawsome Picks is temporarily unavailable. Please try again in a minute.",
    });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable", database: "down" });
    const page = await fetch(`${server.url}/products`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("We'll be right back");

    await proxy.open();

    // The pool reconnects on the next query; the page guard re-checks at most a second later.
    const deadline = Date.now() + 10_000;
    let statuses: number[] = [];
    while (Date.now() < deadline) {
      statuses = await Promise.all(
        ["/api/categories", "/healthz", "/products"].map(async (path) => (await fetch(`${server.url}${path}`)).status),
      );
      if (statuses.every((s) => s === 200)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(statuses).toEqual([200, 200, 200]);
  });
});
