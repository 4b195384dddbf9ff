import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import { adminAuthRouter } from "./api/admin-auth";
import { adminContentRouter } from "./api/admin-content";
import { auditLogRouter } from "./api/audit-log";
import { catalogRouter } from "./api/catalog";
import { catalogEditorRouter } from "./api/catalog-editor";
import { catalogueCsvRouter } from "./api/catalogue-csv";
import { contentRouter } from "./api/content";
import { earningsRouter } from "./api/earnings";
import { earningsReportRouter } from "./api/earnings-report";
import { formsRouter } from "./api/forms";
import { insightsRouter } from "./api/insights";
import { linkCheckRouter } from "./api/link-check";
import { mediaRouter } from "./api/media";
import { messagesRouter } from "./api/messages";
import { newslettersRouter } from "./api/newsletters";
import { openApiRouter } from "./api/openapi";
import { personalDataRouter } from "./api/personal-data";
import { productSyncRouter } from "./api/product-sync";
import { searchRouter } from "./api/search";
import { siteSettingsRouter } from "./api/site-settings";
import { subscribersRouter } from "./api/subscribers";
import { uploadRouter } from "./api/upload";
import { requireAdminForPrivateApi } from "./http/access";
import { affiliateRedirect } from "./http/affiliate-redirect";
import { allowedHostsFor, refuseUnknownHosts } from "./http/allowed-hosts";
import { canonicalPath } from "./http/canonical-path";
import { refuseCrossSiteWrites } from "./http/csrf";
import { apiNotFound, jsonErrorHandler } from "./http/errors";
import { favicon } from "./http/favicon";
import { methodRules } from "./http/method-rules";
import type { PageMethods } from "./http/page-submissions";
import { precompressedAssets, staticFolder } from "./http/precompressed";
import { privateAnswers, setCacheControl } from "./http/private-answers";
import type { RateLimit } from "./http/rate-limit";
import { requestLog } from "./http/request-log";
import { recordRoutes, routeTable } from "./http/route-table";
import { createRouter } from "./http/router";
import { securityHeaders } from "./http/security-headers";
import { seoRouter } from "./http/seo-routes";
import { loadSession, sessionCookieName } from "./http/session-cookie";
import { socialImages } from "./http/social-images";
import { refuseControlCharactersInBody, refuseControlCharactersInQuery } from "./http/text-input";
import { pagesNeedTheDatabase } from "./http/unavailable";
import { uploadsHandler } from "./http/uploads";
import { requireJsonBody } from "./http/validation";
import type { Logger } from "./logger";
import { clientBuildFolder } from "./paths";
import type { Services } from "./services/create-services";

export interface AppOptions {
  services: Services;
  logger: Logger;
  /** page rendering (React Router, with Vite in front of it in development) */
  pages?: RequestHandler[];
  /** the methods each page address has (POST where its route has an action); 405 with Allow for others */
  pageMethods?: PageMethods;
  /** serve the hashed production assets from build/client */
  serveClientBuild?: boolean;
  /** public origin for absolute links (sitemap, feeds) */
  siteUrl?: string;
  /**
   * refuse requests for any other Host than siteUrl's (and these; loopback names always pass):
   * on when SITE_URL is configured, so a DNS-rebinding page cannot talk to the site
   */
  allowedHosts?: { extra: string[] };
  /** per-IP limit on visit and page view tracking */
  trackRateLimit?: RateLimit;
  /** Express "trust proxy" setting, so req.ip is the visitor behind a reverse proxy */
  trustProxy?: boolean | number | string;
  /** COUNTRY_HEADER: where the proxy names the visitor's country; read only when trustProxy is set */
  countryHeader?: string;
  /**
   * production: Secure __Host- session cookie, HSTS and CSP; test: CSP, plain cookie (http);
   * development: neither CSP nor HSTS (Vite injects its own scripts)
   */
  mode?: "production" | "development" | "test";
  /** refuses new work while the process is overloaded (production: event-loop delay) */
  shedLoad?: RequestHandler;
  /** set once SIGTERM arrived: health turns red and keep-alive connections are closed */
  isShuttingDown?: () => boolean;
}

/** Everything under /api (openapi.test.ts walks it to check the OpenAPI document is complete). */
export function apiRouter(
  services: Services,
  options: {
    secureCookies: boolean;
    trackRateLimit: RateLimit;
    /** the public origin: a page view's Referer on it names the article viewed */
    siteUrl: string;
  },
) {
  const api = createRouter();
  api.use((_req, res, next) => {
    // Responses carry ETags; revalidating keeps admins' edits visible at once.
    setCacheControl(res, "no-cache");
    next();
  });
  // Anonymous calls to admin endpoints are turned away before their body is even read.
  api.use(requireAdminForPrivateApi);
  // the multipart endpoints (an image, a catalogue CSV, an earnings report) read their own bodies, so they sit before the JSON-only rule
  api.use(uploadRouter(services));
  api.use(catalogueCsvRouter(services));
  api.use(earningsRouter(services));
  api.use(requireJsonBody);
  api.use(express.json({ limit: "100kb" }));
  api.use(refuseControlCharactersInBody);
  api.use(openApiRouter());
  api.use(adminAuthRouter(services, { secureCookies: options.secureCookies }));
  api.use(catalogRouter(services));
  api.use(contentRouter(services));
  api.use(searchRouter(services));
  api.use(adminContentRouter(services));
  api.use(catalogEditorRouter(services));
  api.use(mediaRouter(services));
  api.use(formsRouter(services));
  api.use(insightsRouter(services, { trackRateLimit: options.trackRateLimit, siteUrl: options.siteUrl }));
  api.use(messagesRouter(services));
  api.use(subscribersRouter(services));
  api.use(newslettersRouter(services));
  api.use(personalDataRouter(services));
  api.use(auditLogRouter(services));
  api.use(siteSettingsRouter(services));
  api.use(productSyncRouter(services));
  api.use(linkCheckRouter(services));
  api.use(earningsReportRouter(services));
  api.use(apiNotFound);
  return api;
}

export function createApp({
  services,
  logger,
  pages = [],
  pageMethods,
  serveClientBuild = false,
  siteUrl = "http://localhost:3000",
  isShuttingDown = () => false,
  trustProxy = false,
  countryHeader,
  mode = "test",
  trackRateLimit = { max: 600, windowMs: 10 * 60_000 },
  shedLoad,
  allowedHosts,
}: AppOptions): Express {
  const secureCookies = mode === "production";
  const securityOptions = { contentSecurityPolicy: mode !== "development", hsts: mode === "production" };
  const allowed = allowedHosts ? allowedHostsFor(siteUrl, allowedHosts.extra) : undefined;
  const app = recordRoutes(express());
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  // one spelling per path for the app's own routes too (decision 019)
  app.set("case sensitive routing", true);

  app.use(requestLog(logger));
  app.use((_req, res, next) => {
    if (isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });
  app.use(compression());
  app.use(securityHeaders(securityOptions));
  // Before any router reads the request: its path in the one form every layer agrees on, a query
  // without control characters, and a method the path has (405 with Allow otherwise).
  app.use(canonicalPath);
  app.use(refuseControlCharactersInQuery);
  app.use(methodRules(() => routeTable(app), pageMethods));

  app.get("/healthz", async (_req, res) => {
    const databaseUp = await services.health.databaseIsUp();
    const ok = databaseUp && !isShuttingDown();
    res
      .status(ok ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ok ? "ok" : "unavailable", database: databaseUp ? "up" : "down" });
  });

  if (allowed) app.use(refuseUnknownHosts(allowed));

  // Static files come before the session lookup: they need no database round trip.
  if (serveClientBuild) {
    // Vite puts content hashes in every file name under /assets, so they never change: read
    // once, answered from memory (precompressed.ts)
    app.use("/assets", precompressedAssets(`${clientBuildFolder}/assets`));
    app.use("/assets", staticFolder(`${clientBuildFolder}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(staticFolder(clientBuildFolder, { maxAge: "1h", index: false }));
  }

  // drawn once from favicon.svg, then from memory: no database, no session
  app.use(favicon());

  // Past this point requests cost real work: refused with 503 while the process cannot keep up.
  if (shedLoad) app.use(shedLoad);

  app.use("/uploads", uploadsHandler(services));

  app.use(refuseCrossSiteWrites(siteUrl));
  app.use(loadSession(services.auth, secureCookies));
  app.use(privateAnswers(sessionCookieName(secureCookies)));

  app.use("/api", apiRouter(services, { secureCookies, trackRateLimit, siteUrl }));

  app.use(seoRouter(services, siteUrl));
  app.use(socialImages(services));
  // without a proxy in front the country header is the visitor's own to write (decision 058)
  app.use(affiliateRedirect(services, { countryHeader: trustProxy ? countryHeader : undefined }));

  // React Router's handler, behind the page cache and the render queue (ssr.ts)
  if (pages.length > 0) app.use(pagesNeedTheDatabase(services.health, logger), ...pages);
  app.use(jsonErrorHandler(logger));
  return app;
}
