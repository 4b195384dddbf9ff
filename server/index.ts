import cluster from "node:cluster";
import type { Server } from "node:http";
import { associateTagsFrom } from "#domain/marketplaces.ts";
import { ensureAdminAccount } from "./admin-account";
import { createApp } from "./app";
import { runPrimary, runsStartupTasks } from "./cluster";
import { serveBackups } from "./db/backup";
import { type DatabaseHandle, DatabaseUnavailableError, openDatabase } from "./db/client";
import { seedDemoActivity } from "./db/seed/demo-activity";
import { isDatabaseEmpty, seedDemoContent } from "./db/seed/seed";
import { type Env, readEnv } from "./env";
import { createHttpServer } from "./http/http-server";
import { createLoadShedder } from "./http/load-shedding";
import { createLogger } from "./logger";
import { mailSettings } from "./mail/settings";
import { createSmtpTransport } from "./mail/transport";
import { createServices } from "./services/create-services";
import { createPageHandlers } from "./ssr";

// Process entry: configuration, database, migrations, demo content, HTTP server and a
// graceful shutdown. Start-up failures print one readable line, never a stack trace.
// With WEB_CONCURRENCY above 1 this process becomes the cluster primary (server/cluster.ts) and
// each worker runs everything below; the one-time work (migrations, demo content, admin
// account, stored slugs) only in the first worker, before the others are forked (decision 065).

function fail(message: string): never {
  console.error(`Pawsome Picks could not start: ${message}`);
  process.exit(1);
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "unknown error";
}

async function openAndMigrate(env: Env, migrate: boolean): Promise<DatabaseHandle> {
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      preparedStatements: env.PGLITE_PREPARED_STATEMENTS === "on",
    });
    if (migrate) await database.migrate();
    return database;
  } catch (error) {
    await database?.close().catch(() => {});
    if (error instanceof DatabaseUnavailableError) fail(error.message);
    fail(`database migration failed (${firstLine(error)})`);
  }
}

/** TRUST_PROXY as Express reads it: "true"/"false", a hop count, or addresses/subnet names. */
function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

async function main() {
  let env: Env;
  try {
    env = readEnv();
  } catch (error) {
    fail(firstLine(error));
  }
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) {
    runPrimary({
      workers: env.WEB_CONCURRENCY,
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      logger: createLogger(env.LOG_LEVEL),
    });
    return;
  }
  // a worker's lines carry its pid, so the log tells the workers apart
  const logger = cluster.isWorker
    ? createLogger(env.LOG_LEVEL).child({ pid: process.pid, worker: cluster.worker?.id })
    : createLogger(env.LOG_LEVEL);
  const startupTasks = runsStartupTasks();
  const database = await openAndMigrate(env, startupTasks);
  logger.info(
    { database: database.kind, location: database.location, statements: database.statements },
    "database ready",
  );
  // `npm run db:backup` asks this process for a snapshot of the embedded database (decision 052)
  const backups = serveBackups(database, logger);

  if (startupTasks && env.SEED_DEMO_CONTENT && (await isDatabaseEmpty(database.db))) {
    const report = await seedDemoContent(database.db);
    logger.info({ report }, "empty database: demo content added");
    // a month of visits, clicks and earnings, so the dashboard's figures show how they work
    const activity = await seedDemoActivity(database.db);
    if (activity) logger.info({ activity }, "demo activity added");
  }

  // PGlite has no autovacuum (decision 041): the tables that need it are vacuumed and analyzed
  // before the first request, then every ten minutes. On PostgreSQL this does nothing.
  const maintainDatabase = () =>
    database
      .maintain()
      .then((report) => {
        if (report.tables.length > 0) logger.info(report, "database: tables vacuumed and analyzed");
      })
      .catch((error) => logger.error({ err: error }, "database maintenance failed"));
  await maintainDatabase();
  setInterval(() => void maintainDatabase(), 10 * 60_000).unref();

  const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
  let mail: ReturnType<typeof mailSettings>;
  try {
    mail = mailSettings(env, siteUrl);
  } catch (error) {
    fail(firstLine(error));
  }
  const transport = env.SMTP_URL ? createSmtpTransport({ url: env.SMTP_URL, from: mail.from }) : null;
  if (!transport) {
    logger.warn("SMTP_URL is not set: e-mails are stored in the outbox and not sent until a mail server is configured");
  }
  if (env.COUNTRY_HEADER && !trustProxySetting(env.TRUST_PROXY)) {
    logger.warn(
      `COUNTRY_HEADER (${env.COUNTRY_HEADER}) is ignored while TRUST_PROXY is not set: without a proxy in front, anyone can send it`,
    );
  }
  const services = createServices(database, {
    logger,
    siteUrl,
    appSecret: env.APP_SECRET,
    readCacheTtlMs: env.READ_CACHE_TTL_MS,
    formRateLimit: env.FORM_RATE_LIMIT,
    trackRateLimit: env.TRACK_RATE_LIMIT,
    searchRateLimit: env.SEARCH_RATE_LIMIT,
    settings: {
      postalAddress: env.SITE_POSTAL_ADDRESS,
      associateTag: env.AMAZON_ASSOCIATE_TAG,
      associateTags: env.AMAZON_ASSOCIATE_TAGS,
      marketplace: env.AMAZON_CREATORS_MARKETPLACE,
      disclosureText: env.SITE_DISCLOSURE_TEXT,
    },
    retail: {
      allowHosts: env.OUTBOUND_ALLOW_HOSTS,
      feedUrls: env.PRODUCT_FEED_URLS,
      syncIntervalMinutes: env.PRODUCT_SYNC_INTERVAL_MINUTES,
      priceMaxAgeHours: env.PRICE_MAX_AGE_HOURS,
      linkCheckIntervalHours: env.LINK_CHECK_INTERVAL_HOURS,
      amazon:
        env.AMAZON_CREATORS_CLIENT_ID && env.AMAZON_CREATORS_CLIENT_SECRET
          ? {
              clientId: env.AMAZON_CREATORS_CLIENT_ID,
              clientSecret: env.AMAZON_CREATORS_CLIENT_SECRET,
              credentialVersion: env.AMAZON_CREATORS_CREDENTIAL_VERSION,
              marketplace: env.AMAZON_CREATORS_MARKETPLACE,
              // the default marketplace's tag, also when only AMAZON_ASSOCIATE_TAGS names it
              partnerTag:
                associateTagsFrom({
                  defaultTag: env.AMAZON_ASSOCIATE_TAG,
                  tags: env.AMAZON_ASSOCIATE_TAGS,
                  defaultMarketplace: env.AMAZON_CREATORS_MARKETPLACE,
                }).defaultTag ?? undefined,
            }
          : undefined,
      // also for a credential the owner saves in the admin
      amazonEndpoints: { apiUrl: env.AMAZON_CREATORS_API_URL, tokenUrl: env.AMAZON_CREATORS_TOKEN_URL },
    },
    mail: {
      transport,
      contactTo: mail.contactTo,
      sendTimeoutMs: env.MAIL_SEND_TIMEOUT_MS,
      newsletterRatePerMinute: env.NEWSLETTER_RATE_PER_MINUTE,
    },
    earnings: { importMaxBytes: env.EARNINGS_IMPORT_MAX_BYTES },
  });
  services.outbox.start();
  // goes on with newsletter sends, also those another instance or a stopped process began
  services.newsletters.start();
  // the first product sync within a minute of start-up, then every PRODUCT_SYNC_INTERVAL_MINUTES (issue 27)
  services.productSync.start();
  // every retailer link checked soon after start-up, then every LINK_CHECK_INTERVAL_HOURS (issue 27)
  services.linkCheck.start();
  // The trash keeps deleted posts, products and contact messages for TRASH_DAYS: purged at start and every hour
  // (on every instance and worker; the delete is idempotent, so they need no coordination).
  const purgeTrash = () =>
    services.trash
      .purgeExpired()
      .then((purged) => {
        if (purged > 0) logger.info({ purged }, "trash: items past their 30 days deleted");
      })
      .catch((error) => logger.error({ err: error }, "trash purge failed"));
  // The audit log keeps entries for AUDIT_LOG_DAYS (decision 029), purged the same way.
  const purgeAuditLog = () =>
    services.audit
      .purgeOlderThan(env.AUDIT_LOG_DAYS)
      .then((purged) => {
        if (purged > 0) logger.info({ purged }, `audit log: entries older than ${env.AUDIT_LOG_DAYS} days deleted`);
      })
      .catch((error) => logger.error({ err: error }, "audit log purge failed"));
  void purgeTrash();
  void purgeAuditLog();
  const trashTimer = setInterval(() => {
    void purgeTrash();
    void purgeAuditLog();
  }, 60 * 60_000);
  trashTimer.unref();
  // Posts saved before their placed toy slugs were stored get them before the first request
  // (decision 041); until then a toy page finds them by their text, so a failure here is logged only.
  if (startupTasks) {
    await services.content
      .fillPlacedToySlugs()
      .then((filled) => {
        if (filled > 0) logger.info({ filled }, "posts: placed toy slugs stored");
      })
      .catch((error) => logger.error({ err: error }, "storing placed toy slugs failed"));
    // one worker, or every worker would print its own generated password and only one would hold
    await ensureAdminAccount(services.auth, env.ADMIN_PASSWORD, logger);
  }
  const pages = await createPageHandlers(env.NODE_ENV, services, siteUrl, logger, mail.contactTo);
  let shuttingDown = false;
  const shedder = createLoadShedder({ maxDelayMs: env.LOAD_SHED_MAX_DELAY_MS, logger });
  const app = createApp({
    services,
    logger,
    pages: pages.handlers,
    pageMethods: pages.methods,
    serveClientBuild: env.NODE_ENV !== "development",
    siteUrl,
    isShuttingDown: () => shuttingDown,
    trackRateLimit: env.TRACK_RATE_LIMIT,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    countryHeader: env.COUNTRY_HEADER,
    mode: env.NODE_ENV,
    shedLoad: shedder.middleware,
    // a configured public name is the only one answered (DNS rebinding); without SITE_URL any Host
    allowedHosts: env.SITE_URL ? { extra: env.ALLOWED_HOSTS } : undefined,
  });

  if (env.MEMORY_LOG_INTERVAL_MS > 0) {
    // Started with --expose-gc (the soak run), each sample follows a full collection: it then
    // shows what the process keeps, not where the collector happened to be.
    const collect = (globalThis as { gc?: () => void }).gc;
    setInterval(() => {
      collect?.();
      logger.info({ memory: process.memoryUsage() }, "memory");
    }, env.MEMORY_LOG_INTERVAL_MS).unref();
  }

  const server: Server = createHttpServer(app).listen(env.PORT, env.HOST);
  server.on("error", (error: NodeJS.ErrnoException) => {
    fail(
      error.code === "EADDRINUSE" ? `port ${env.PORT} is already in use; set PORT to another port` : firstLine(error),
    );
  });
  server.on("listening", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port, mode: env.NODE_ENV }, `Pawsome Picks is running at http://localhost:${port}`);
  });

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // Stop accepting, let in-flight requests finish, then close the database.
    const forceTimer = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    forceTimer.unref();
    server.close(async () => {
      shedder.stop();
      clearInterval(trashTimer);
      await pages.close().catch(() => {});
      await services.newsletters
        .stop()
        .catch((error) => logger.error({ err: error }, "stopping the newsletter worker failed"));
      await services.productSync
        .stop()
        .catch((error) => logger.error({ err: error }, "stopping the product sync failed"));
      await services.linkCheck.stop().catch((error) => logger.error({ err: error }, "stopping the link check failed"));
      await services.outbox.stop().catch((error) => logger.error({ err: error }, "stopping the mail worker failed"));
      transport?.close();
      await backups?.close();
      await database.close().catch((error) => logger.error({ err: error }, "closing the database failed"));
      logger.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => fail(firstLine(error)));
