import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import pino from "pino";
import type { TagsByMarketplace } from "../../domain/marketplaces";
import { type AppOptions, createApp } from "../../server/app";
import type { DatabaseHandle } from "../../server/db/client";
import { seedDemoContent } from "../../server/db/seed/seed";
import { createHttpServer } from "../../server/http/http-server";
import type { RateLimit } from "../../server/http/rate-limit";
import type { Logger } from "../../server/logger";
import type { MailTransport } from "../../server/mail/transport";
import { serverBuildFile } from "../../server/paths";
import { createServices, type Services, type ServicesConfig } from "../../server/services/create-services";
import { createPageHandlers } from "../../server/ssr";
import { createTestDatabase } from "./test-database";

export interface TestServer {
  url: string;
  /** the Express app the server listens with */
  app: ReturnType<typeof createApp>;
  services: Services;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** the mail server to send through; none by default (messages stay in the outbox) */
  transport?: MailTransport | null;
  mail?: Partial<Omit<ServicesConfig["mail"], "transport">>;
  formRateLimit?: RateLimit;
  siteUrl?: string;
  /** "production" for Secure __Host- cookies and HSTS (default "test") */
  mode?: AppOptions["mode"];
  trustProxy?: AppOptions["trustProxy"];
  /** the services' clock (session expiry, statistics days) */
  now?: () => Date;
  trackRateLimit?: RateLimit;
  /** per-IP limit on /api/search */
  searchRateLimit?: RateLimit;
  associateTag?: string;
  /** AMAZON_ASSOCIATE_TAGS: other marketplaces' tags by country */
  associateTags?: TagsByMarketplace;
  /** COUNTRY_HEADER: read only with trustProxy set, as in production */
  countryHeader?: string;
  /** the sender's postal address e-mails carry (SITE_POSTAL_ADDRESS); TEST_POSTAL_ADDRESS unless given, null for none */
  postalAddress?: string | null;
  /** page handlers after the API (production: React Router's) */
  pages?: AppOptions["pages"];
  /** render pages with the built React Router bundle (`npm run build` first), after `pages` */
  renderPages?: boolean;
  /** a load shedder's middleware (production always has one) */
  shedLoad?: AppOptions["shedLoad"];
  /** public read cache lifetime; on by default, as in production */
  readCacheTtlMs?: number;
  /** refuse other Host names than the site URL's (production with SITE_URL set) */
  allowedHosts?: AppOptions["allowedHosts"];
  /** where the app logs (silent by default; tests of what is logged pass a capturing one) */
  logger?: Logger;
  /** the retailers' sources (issue 27): a local Creators API, local feeds, the hosts they may reach */
  retail?: ServicesConfig["retail"];
  /** the earnings reports' import (issue 28): its size limit */
  earnings?: ServicesConfig["earnings"];
}

export const TEST_SITE_URL = "https://www.pawsomepicks.test";
/** The postal address test servers send with, as a configured production site would. */
export const TEST_POSTAL_ADDRESS = "Pawsome Picks LLC\n100 Test Street\nSpringfield, IL 62701\nUSA";

/** The real Express app (API and middleware, no page rendering) on a free local port. */
export async function startTestServer(database: DatabaseHandle, options: TestServerOptions = {}): Promise<TestServer> {
  const logger = options.logger ?? pino({ level: "silent" });
  const siteUrl = options.siteUrl ?? TEST_SITE_URL;
  const contactTo = options.mail?.contactTo ?? "owner@pawsomepicks.test";
  const services = createServices(database, {
    logger,
    siteUrl,
    now: options.now,
    readCacheTtlMs: options.readCacheTtlMs ?? 5_000,
    formRateLimit: options.formRateLimit,
    trackRateLimit: options.trackRateLimit,
    searchRateLimit: options.searchRateLimit,
    settings: {
      postalAddress: options.postalAddress === undefined ? TEST_POSTAL_ADDRESS : (options.postalAddress ?? undefined),
      associateTag: options.associateTag,
      associateTags: options.associateTags,
    },
    mail: {
      transport: options.transport ?? null,
      contactTo,
      sendTimeoutMs: 3_000,
      ...options.mail,
    },
    retail: options.retail,
    earnings: options.earnings,
  });
  if (options.renderPages && !existsSync(serverBuildFile)) {
    throw new Error(`pages are rendered by the production build: run \`npm run build\` first (${serverBuildFile})`);
  }
  const rendered = options.renderPages
    ? await createPageHandlers(options.mode ?? "test", services, siteUrl, logger, contactTo)
    : null;
  const app = createApp({
    services,
    logger,
    siteUrl,
    mode: options.mode,
    trustProxy: options.trustProxy,
    countryHeader: options.countryHeader,
    trackRateLimit: options.trackRateLimit,
    shedLoad: options.shedLoad,
    pages: [...(options.pages ?? []), ...(rendered?.handlers ?? [])],
    pageMethods: rendered?.methods,
    allowedHosts: options.allowedHosts,
  });
  // a deep accept queue: concurrency tests open hundreds of connections at once
  const server = createHttpServer(app).listen(0, "127.0.0.1", 2048);
  // Tests pause (bulk inserts) longer than Node's 5 s keep-alive; a client reusing a socket the
  // server just closed would see a reset that has nothing to do with the code under test.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    services,
    async close() {
      await services.productSync.stop();
      await services.linkCheck.stop();
      await services.newsletters.stop();
      await services.outbox.stop();
      await new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}

export interface SeededTestServer extends TestServer {
  database: DatabaseHandle;
}

/** A fresh test database with the demo content and the app on a free port; close() ends both. */
export async function startSeededTestServer(options: TestServerOptions = {}): Promise<SeededTestServer> {
  const database = await createTestDatabase();
  await seedDemoContent(database.db);
  const server = await startTestServer(database, options);
  return {
    url: server.url,
    app: server.app,
    services: server.services,
    database,
    async close() {
      await server.close();
      await database.close();
    },
  };
}

/** Creates the admin account (if needed) and signs in; returns the Cookie header for admin calls. */
export async function adminCookie(server: TestServer, password = "test-admin-password"): Promise<string> {
  await server.services.auth.setPassword("admin", password);
  const res = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password }),
  });
  if (res.status !== 200) throw new Error(`admin sign-in failed with ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => /^(__Host-)?pawsome_session=/.test(c));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0] ?? "";
}
