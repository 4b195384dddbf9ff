import pino from "pino";
import type { DatabaseHandle } from "../../server/db/client";
import { seedDemoContent } from "../../server/db/seed/seed";
import { createServices, type Services, type ServicesConfig } from "../../server/services/create-services";
import { createTestDatabase } from "./test-database";

/** What a test changes of the app's configuration; the rest is the tests' default. */
export type TestServicesConfig = Partial<Omit<ServicesConfig, "mail">> & { mail?: Partial<ServicesConfig["mail"]> };

/**
 * The services as the app wires them (create-services.ts), over a test database: silent logs, the
 * test site's address, no mail server (messages wait in the outbox). Another app instance on the
 * same database is one more call with that database.
 */
export function testServices(database: DatabaseHandle, config: TestServicesConfig = {}): Services {
  const { mail, ...rest } = config;
  return createServices(database, {
    logger: pino({ level: "silent" }),
    siteUrl: "https://www.pawsomepicks.test",
    ...rest,
    mail: { transport: null, contactTo: "owner@pawsomepicks.test", sendTimeoutMs: 3_000, ...mail },
  });
}

/** A fresh embedded database with the demo content, and the services over it. */
export async function seededServices(
  config: TestServicesConfig = {},
): Promise<{ database: DatabaseHandle; services: Services }> {
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  return { database, services: testServices(database, config) };
}
