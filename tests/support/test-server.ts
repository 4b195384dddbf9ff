import type { AddressInfo } from "node:net";
import pino from "pino";
import { createApp } from "../../server/app";
import type { DatabaseHandle } from "../../server/db/client";
import { seedDemoContent } from "../../server/db/seed/seed";
import { createServices } from "../../server/services/create-services";
import { createTestDatabase } from "./test-database";

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

/** The real Express app (API and middleware, no page rendering) on a free local port. */
export async function startTestServer(database: DatabaseHandle): Promise<TestServer> {
  const app = createApp({ services: createServices(database), logger: pino({ level: "silent" }) });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export interface SeededTestServer extends TestServer {
  database: DatabaseHandle;
}

/** A fresh test database with the demo content and the app on a free port; close() ends both. */
export async function startSeededTestServer(): Promise<SeededTestServer> {
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  const server = await startTestServer(database);
  return {
    url: server.url,
    database,
    async close() {
      await server.close();
      await database.close();
    },
  };
}
