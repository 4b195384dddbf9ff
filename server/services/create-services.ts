import { createHash } from "node:crypto";
import { DEFAULT_EARNINGS_IMPORT_MAX_BYTES } from "#domain/earnings-import.ts";
import type { TagsByMarketplace } from "#domain/marketplaces.ts";
import type { DatabaseHandle } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { createOutbox, type OutboxOptions } from "#server/mail/outbox.ts";
import type { MailTransport } from "#server/mail/transport.ts";
import { parseAllowHosts } from "#server/outbound/address-rules.ts";
import { createSafeFetch } from "#server/outbound/safe-fetch.ts";
import {
  type CreatorsApiClient,
  type CreatorsApiOptions,
  createCreatorsApiClient,
} from "#server/retailers/amazon-creators.ts";
import { audited, createAuditService } from "./audit.service";
import {
  authRules,
  breedEditorRules,
  catalogueCsvRules,
  categoryEditorRules,
  earningsImportRules,
  earningsRules,
  inboxRules,
  linkCheckRules,
  mediaRules,
  newslettersRules,
  personalDataRules,
  postEditorRules,
  productEditorRules,
  productSyncRules,
  quizSubmissionsRules,
  siteSettingsRules,
  subscribersRules,
} from "./audit-rules";
import { createAuthService } from "./auth.service";
import { createBreedEditorService } from "./breed-editor.service";
import { createCatalogService } from "./catalog.service";
import { createCatalogueCsvService } from "./catalogue-csv.service";
import { createCategoryEditorService } from "./category-editor.service";
import { createContactService } from "./contact.service";
import { createContentService } from "./content.service";
import { createDashboardService } from "./dashboard.service";
import { createEarningsService } from "./earnings.service";
import { createEarningsImportService } from "./earnings-import.service";
import { createHealthService } from "./health.service";
import { createInboxService } from "./inbox.service";
import { createLinkCheckService, type LinkCheckOptions } from "./link-check.service";
import { createMediaService } from "./media.service";
import { createNewsletterService } from "./newsletter.service";
import { createNewslettersService } from "./newsletters.service";
import { createPersonalDataService } from "./personal-data.service";
import { createPostEditorService } from "./post-editor.service";
import { createProductEditorService } from "./product-editor.service";
import { createProductPagesService } from "./product-pages.service";
import { createProductSyncService } from "./product-sync.service";
import { createPublicFormsService, type FormRateLimit } from "./public-forms.service";
import { createQuizService } from "./quiz.service";
import { createQuizFunnelService } from "./quiz-funnel.service";
import { createQuizSubmissionsService } from "./quiz-submissions.service";
import { createRateLimitService } from "./rate-limit.service";
import { clearingReadCache, createReadCache, withReadCache } from "./read-cache";
import { createRequestTurnsService } from "./request-turns.service";
import { createSearchService, type SearchRateLimit } from "./search.service";
import { createSecretSource } from "./secrets.service";
import { createSiteSettingsService, type RetailSettings } from "./site-settings.service";
import { createStatsService } from "./stats.service";
import { createSubscribersService } from "./subscribers.service";
import { createTrashService } from "./trash.service";

export interface ServicesConfig {
  logger: Logger;
  /** public origin, for links in e-mails */
  siteUrl: string;
  mail: {
    /** null: no mail service configured; messages are stored in the outbox and not sent */
    transport: MailTransport | null;
    contactTo: string;
    /** how long a form submission waits for its e-mail to reach the mail server */
    sendTimeoutMs: number;
    /** outbox tuning (tests shorten the retry backoff) */
    outbox?: Omit<OutboxOptions, "transport" | "logger" | "onFailed">;
    /** newsletter messages queued per minute, over all instances (default 60) */
    newsletterRatePerMinute?: number;
  };
  /** key for signed links; generated and stored in the database when absent */
  appSecret?: string;
  /** the clock for session expiry, throttling windows and statistics days (tests move it forward) */
  now?: () => Date;
  /** how long public catalogue and content reads are reused in this process (0: never) */
  readCacheTtlMs?: number;
  /** per client: at most this many contact and this many quiz submissions per window */
  formRateLimit?: FormRateLimit;
  /** TRACK_RATE_LIMIT: per client, the counting calls (the quiz page's action shares the quiz steps' share) */
  trackRateLimit?: FormRateLimit;
  /** SEARCH_RATE_LIMIT: per client, the searches of /api/search and the /search page together */
  searchRateLimit?: SearchRateLimit;
  /** the settings' defaults from the configuration (the owner's saved settings win, decision 047) */
  settings?: {
    /** SITE_POSTAL_ADDRESS */
    postalAddress?: string;
    /** AMAZON_ASSOCIATE_TAG, the default marketplace's tag, which /go adds to Amazon links */
    associateTag?: string;
    /** AMAZON_ASSOCIATE_TAGS: other marketplaces' tags by country (decision 058) */
    associateTags?: TagsByMarketplace;
    /** AMAZON_CREATORS_MARKETPLACE: the marketplace stored links point to */
    marketplace?: string;
    /** SITE_DISCLOSURE_TEXT: the footer's affiliate disclosure */
    disclosureText?: string;
  };
  /** the retailers' own sources of product facts (issue 27) */
  retail?: {
    /** PRODUCT_FEED_URLS */
    feedUrls?: readonly string[];
    /** PRODUCT_SYNC_INTERVAL_MINUTES */
    syncIntervalMinutes?: number;
    /** PRICE_MAX_AGE_HOURS: older prices are shown nowhere (default 24; 0: any age) */
    priceMaxAgeHours?: number;
    /** the first scheduled sync's delay after start-up; default a random 10-50 s */
    firstSyncDelayMs?: number;
    /** LINK_CHECK_INTERVAL_HOURS */
    linkCheckIntervalHours?: number;
    /** the link check's tuning (tests shorten the time-out and the per-host pace) */
    linkCheck?: Pick<LinkCheckOptions, "firstRunDelayMs" | "timeoutMs" | "concurrency" | "hostGapMs">;
    /** the Amazon Creators API credential of the configuration; absent: none unless the owner saves one */
    amazon?: Omit<CreatorsApiOptions, "acquireTurn" | "fetch" | "logger">;
    /** AMAZON_CREATORS_API_URL and AMAZON_CREATORS_TOKEN_URL, for whichever credential is in force (default: `amazon`'s, else Amazon's) */
    amazonEndpoints?: { apiUrl?: string; tokenUrl?: string };
    /** OUTBOUND_ALLOW_HOSTS: hosts outbound requests may reach at private addresses (tests, local set-ups) */
    allowHosts?: readonly string[];
  };
  /** the retailers' earnings and orders reports (issue 28) */
  earnings?: {
    /** EARNINGS_IMPORT_MAX_BYTES: the largest report an upload may carry (default 50 MiB) */
    importMaxBytes?: number;
  };
}

/** Amazon allows one Creators API request per second per account; a little more keeps network jitter from bunching two. */
const AMAZON_REQUEST_PACE_MS = 1_100;

const CACHED_CATALOG_READS = [
  "listBreeds",
  "listBreedOptions",
  "listCategories",
  "listToys",
  "listToyCards",
  "listTopPicks",
  "listTopPickCards",
  "listScorableToys",
  "getToysByIds",
  "getToy",
  "listToyCategories",
  "listToyBreedLinks",
  "getBreedRecommendations",
  "listRecommendationCards",
  "getBoxToysBySlugs",
  "getBoxToy",
  "findToyBySlug",
  "listToyBreedNotes",
  "listEarlierToySlugs",
  "listBreedSummaries",
  "findBreedBySlug",
  "listPageDates",
] as const;
const CACHED_CONTENT_READS = [
  "listPosts",
  "listFeaturedPosts",
  "getPostBySlug",
  "getRenderedPostBySlug",
  "getPostById",
  "findMovedPost",
  "listPostsAboutToy",
  "listPostsForBreed",
  "listTestimonials",
] as const;

/**
 * The outbound side of issue 27: one fetch that never reaches private addresses (decision 054),
 * and the Amazon Creators API client of the credential in force, paced over all instances.
 */
function createRetailSources(db: DatabaseHandle["db"], config: ServicesConfig) {
  const safeFetch = createSafeFetch({ allowHosts: parseAllowHosts(config.retail?.allowHosts ?? []) });
  const turns = createRequestTurnsService(db);
  const configured = config.retail?.amazon;
  const endpoints = {
    apiUrl: config.retail?.amazonEndpoints?.apiUrl ?? configured?.apiUrl,
    tokenUrl: config.retail?.amazonEndpoints?.tokenUrl ?? configured?.tokenUrl,
  };
  // One client per credential (decision 061): its token is reused from run to run until the
  // owner saves another credential, tag or marketplace, which makes a new client.
  let current: { fingerprint: string; client: CreatorsApiClient } | null = null;

  /** The client of the credential in the settings, or null when none is set up. */
  function amazonFor(settings: RetailSettings): CreatorsApiClient | null {
    const { creators } = settings;
    if (!creators) return null;
    // the configuration's own partner tag goes with its credential when no associate tag is set
    const partnerTag =
      settings.partnerTag ?? (creators.source === "environment" ? configured?.partnerTag : undefined) ?? undefined;
    const fingerprint = createHash("sha256")
      .update(
        JSON.stringify([
          creators.clientId,
          creators.clientSecret,
          creators.credentialVersion,
          creators.marketplace,
          partnerTag,
        ]),
      )
      .digest("hex");
    if (current?.fingerprint !== fingerprint) {
      current = {
        fingerprint,
        client: createCreatorsApiClient({
          ...configured,
          clientId: creators.clientId,
          clientSecret: creators.clientSecret,
          credentialVersion: creators.credentialVersion,
          marketplace: creators.marketplace,
          partnerTag,
          ...endpoints,
          // Amazon's limit is per account: the pace is the credential's, over all instances
          acquireTurn: turns.turns(`amazon-creators:${creators.clientId}`, AMAZON_REQUEST_PACE_MS),
          fetch: safeFetch.fetch,
          logger: config.logger,
        }),
      };
    }
    return current.client;
  }

  return { fetch: safeFetch, turns, amazonFor };
}

/** Everything route loaders and API handlers may call; built once per process. */
export function createServices(database: DatabaseHandle, config: ServicesConfig) {
  const { db } = database;
  // Admin actions are recorded by wrapping the services' methods (decision 029, audit-rules.ts).
  const audit = createAuditService(db, { now: config.now, logger: config.logger });
  const { lookUp } = audit;
  const outbox = createOutbox(db, {
    ...config.mail.outbox,
    transport: config.mail.transport,
    logger: config.logger,
    // a bounce marks its subscriber (issue 19); called only once services exist
    onFailed: (message, error) => subscribers.recordFailedMail(message, error),
  });
  const subscribers = audited(createSubscribersService(db, { now: config.now }), audit, subscribersRules());
  const readCache = createReadCache({ ttlMs: config.readCacheTtlMs ?? 0 });
  const retail = createRetailSources(db, config);
  // The owner's settings over the configuration's (decisions 047, 061), read from the database
  // at each use. A save clears the public caches: the price age, the tags and the disclosure
  // change what visitors see. The footer's disclosure, on every page, is read through the cache.
  const settingsCore = createSiteSettingsService(
    db,
    {
      ...config.settings,
      creators: config.retail?.amazon
        ? {
            clientId: config.retail.amazon.clientId,
            clientSecret: config.retail.amazon.clientSecret,
            credentialVersion: config.retail.amazon.credentialVersion,
            marketplace: config.retail.amazon.marketplace ?? config.settings?.marketplace ?? "www.amazon.com",
          }
        : null,
      feedUrls: config.retail?.feedUrls,
      syncIntervalMinutes: config.retail?.syncIntervalMinutes,
      linkCheckIntervalHours: config.retail?.linkCheckIntervalHours,
      priceMaxAgeHours: config.retail?.priceMaxAgeHours,
    },
    { appSecret: createSecretSource(db, "site-settings", config.appSecret), now: config.now },
  );
  const siteSettings = audited(
    clearingReadCache(withReadCache(settingsCore, readCache, "settings", ["disclosureText"]), readCache, ["update"]),
    audit,
    siteSettingsRules(),
  );
  const priceRule = async () => ({
    now: config.now?.() ?? new Date(),
    maxAgeHours: await settingsCore.priceMaxAgeHours(),
  });
  // Editors read their own writes back from the database, never from the cache.
  const freshCatalog = createCatalogService(db, { priceRule });
  const catalog = withReadCache(freshCatalog, readCache, "catalog", CACHED_CATALOG_READS);
  const content = withReadCache(
    createContentService(db, { catalog }, { now: config.now }),
    readCache,
    "content",
    CACHED_CONTENT_READS,
  );
  // Every write a visitor could see clears the public read cache (and the page cache with it).
  const postEditor = audited(
    clearingReadCache(createPostEditorService(db, { now: config.now }), readCache, [
      "create",
      "edit",
      "remove",
      "restore",
      "restoreRevision",
      "purge",
      "bulk",
    ]),
    audit,
    postEditorRules(lookUp),
  );
  const productEditor = audited(
    clearingReadCache(createProductEditorService(db, freshCatalog, { now: config.now }), readCache, [
      "create",
      "update",
      "remove",
      "restore",
      "purge",
      "addCategory",
      "removeCategories",
      "removeBreedLinks",
      "addBreedLink",
      "removeBreedLink",
      "bulk",
      "duplicate",
      "replaceLink",
      "saveAll",
    ]),
    audit,
    productEditorRules(lookUp),
  );
  // an import's saves go through the product editor (which clears the read cache); it is logged as one entry
  const catalogueCsv = audited(
    createCatalogueCsvService(db, { catalog: freshCatalog, productEditor }),
    audit,
    catalogueCsvRules(),
  );
  // Categories and breeds show on every storefront page that lists toys (decision 027).
  const categoryEditor = audited(
    clearingReadCache(createCategoryEditorService(db), readCache, ["create", "update", "reorder", "move", "remove"]),
    audit,
    categoryEditorRules(lookUp),
  );
  const breedEditor = audited(
    clearingReadCache(createBreedEditorService(db, { now: config.now }), readCache, ["create", "update", "remove"]),
    audit,
    breedEditorRules(lookUp),
  );
  const rateLimits = createRateLimitService(db, { now: config.now });
  const newsletter = createNewsletterService(db, createSecretSource(db, "unsubscribe-links", config.appSecret), {
    now: config.now,
  });
  // keys the hashes that stand for an address: erasure records, per-address e-mail counters
  const addressKeys = createSecretSource(db, "address-hashes", config.appSecret);
  const contact = createContactService(db, { outbox }, { contactTo: config.mail.contactTo, siteUrl: config.siteUrl });
  const inbox = audited(
    createInboxService(db, { outbox }, { contactTo: config.mail.contactTo, now: config.now }),
    audit,
    inboxRules(lookUp),
  );
  const quizFunnel = createQuizFunnelService(
    db,
    { rateLimits },
    { trackRateLimit: config.trackRateLimit ?? { max: 600, windowMs: 10 * 60_000 }, now: config.now },
  );
  const quiz = createQuizService(
    db,
    { catalog, newsletter, outbox, rateLimits, addressKeys, siteSettings, funnel: quizFunnel },
    { siteUrl: config.siteUrl, unsubscribeMailbox: config.mail.contactTo, now: config.now },
  );
  const auth = createAuthService(db, rateLimits, {
    now: config.now,
    deviceSecret: createSecretSource(db, "device-cookies", config.appSecret),
    // the owner's inbox is where the owner's other notifications go (contact messages)
    signInLinks: {
      outbox,
      ownerAddress: config.mail.contactTo,
      siteUrl: config.siteUrl,
      sendTimeoutMs: config.mail.sendTimeoutMs,
    },
  });
  /** sends a queued form e-mail now; true when the mail server took it within the time limit */
  const deliverNow = (messageId: number) => outbox.deliver(messageId, config.mail.sendTimeoutMs);
  const personalData = createPersonalDataService(db, { addressKeys }, { now: config.now });
  // an alt text shows with every product and breed that uses the image (toy and breed reads)
  const media = audited(
    clearingReadCache(createMediaService(db), readCache, ["updateAltText", "remove"]),
    audit,
    mediaRules(lookUp),
  );
  return {
    catalog,
    content,
    productPages: createProductPagesService({ catalog, content }),
    media,
    categoryEditor,
    breedEditor,
    postEditor,
    productEditor,
    /** the whole catalogue as CSV: export, and import with a preview (issue 27) */
    catalogueCsv,
    /** the retailers' earnings and orders reports, imported line by line (issue 28) */
    earningsImport: audited(
      createEarningsImportService(db, {
        maxFileBytes: config.earnings?.importMaxBytes ?? DEFAULT_EARNINGS_IMPORT_MAX_BYTES,
        now: config.now,
      }),
      audit,
      earningsImportRules(),
    ),
    trash: createTrashService(db, { postEditor, productEditor, inbox }),
    inbox,
    subscribers,
    newsletters: audited(
      createNewslettersService(
        db,
        { catalog, content, newsletter, outbox, media, siteSettings },
        {
          siteUrl: config.siteUrl,
          ownerAddress: config.mail.contactTo,
          ratePerMinute: config.mail.newsletterRatePerMinute ?? 60,
          now: config.now,
          logger: config.logger,
        },
      ),
      audit,
      newslettersRules(lookUp),
    ),
    personalData: audited(personalData, audit, personalDataRules(personalData)),
    /** sends a queued e-mail now; true when the mail server took it within the time limit */
    deliverNow,
    contact,
    quiz,
    /** how far visitors get through the quiz, per day (issue 28) */
    quizFunnel,
    /** earnings shared out to articles, placements, toys, countries and days, and tracking IDs (issue 28, decision 064) */
    earningsReport: audited(createEarningsService(db, { now: config.now }), audit, earningsRules()),
    publicForms: createPublicFormsService(
      {
        contact,
        quiz,
        outbox,
        rateLimits,
        sendNow: (messageId) => outbox.sendNow(messageId, config.mail.sendTimeoutMs),
      },
      { rateLimit: config.formRateLimit ?? { max: 30, windowMs: 10 * 60_000 } },
    ),
    newsletter,
    outbox,
    rateLimits,
    /** the owner's settings over the configuration's: the postal address, tags, sources, schedules, disclosure (decisions 047, 061) */
    siteSettings,
    search: createSearchService(db, { rateLimits }, { rateLimit: config.searchRateLimit, now: config.now }),
    stats: createStatsService(db, { salt: createSecretSource(db, "visitor-salt"), rateLimits }, { now: config.now }),
    dashboard: createDashboardService(db, { priceRule }),
    quizSubmissions: audited(createQuizSubmissionsService(db), audit, quizSubmissionsRules()),
    auth: audited(auth, audit, authRules(auth)),
    /** the admin audit log (the wrappers above write it; the streaming exports record themselves) */
    audit,
    health: createHealthService(database),
    /** the public read cache (the page cache clears with it) */
    readCache,
    readCacheTtlMs: config.readCacheTtlMs ?? 0,
    /** outbound requests and the retailers' APIs (issue 27) */
    retail,
    /** prices, stock and links from the retailers' sources (issue 27) */
    productSync: audited(
      createProductSyncService(db, {
        settings: async () => {
          const settings = await settingsCore.retail();
          return {
            amazon: retail.amazonFor(settings),
            amazonMarketplace: settings.creators?.marketplace ?? "www.amazon.com",
            feedUrls: settings.feedUrls,
            intervalMinutes: settings.syncIntervalMinutes,
          };
        },
        request: retail.fetch.request,
        firstRunDelayMs: config.retail?.firstSyncDelayMs,
        logger: config.logger,
        onChanged: () => readCache.clear(),
        now: config.now,
      }),
      audit,
      productSyncRules(),
    ),
    /** every toy's retailer link checked on a schedule, the owner told of new problems (issue 27) */
    linkCheck: audited(
      createLinkCheckService(
        db,
        { productEditor },
        {
          ...config.retail?.linkCheck,
          settings: async () => {
            const settings = await settingsCore.retail();
            return { amazon: retail.amazonFor(settings), intervalHours: settings.linkCheckIntervalHours };
          },
          request: retail.fetch.request,
          logger: config.logger,
          now: config.now,
          // the owner's inbox, as for contact messages
          digest: { outbox, to: config.mail.contactTo, siteUrl: config.siteUrl },
        },
      ),
      audit,
      linkCheckRules(),
    ),
  };
}

export type Services = ReturnType<typeof createServices>;
