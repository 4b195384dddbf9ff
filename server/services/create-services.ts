import type { DatabaseHandle } from "#server/db/client.ts";
import type { Logger } from "#server/logger.ts";
import { createOutbox, type OutboxOptions } from "#server/mail/outbox.ts";
import type { MailTransport } from "#server/mail/transport.ts";
import { createAuthService } from "./auth.service";
import { createCatalogService } from "./catalog.service";
import { createContactService } from "./contact.service";
import { createContentService } from "./content.service";
import { createDashboardService } from "./dashboard.service";
import { createHealthService } from "./health.service";
import { createMediaService } from "./media.service";
import { createNewsletterService } from "./newsletter.service";
import { createPostEditorService } from "./post-editor.service";
import { createProductEditorService } from "./product-editor.service";
import { createProductPagesService } from "./product-pages.service";
import { createPublicFormsService, type FormRateLimit } from "./public-forms.service";
import { createQuizService } from "./quiz.service";
import { createQuizSubmissionsService } from "./quiz-submissions.service";
import { createRateLimitService } from "./rate-limit.service";
import { clearingReadCache, createReadCache, withReadCache } from "./read-cache";
import { createSecretSource } from "./secrets.service";
import { createStatsService } from "./stats.service";
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
    outbox?: Omit<OutboxOptions, "transport" | "logger">;
  };
  /** key for signed links; generated and stored in the database when absent */
  appSecret?: string;
  /** the clock for session expiry, throttling windows and statistics days (tests move it forward) */
  now?: () => Date;
  /** how long public catalogue and content reads are reused in this process (0: never) */
  readCacheTtlMs?: number;
  /** per client: at most this many contact and this many quiz submissions per window */
  formRateLimit?: FormRateLimit;
}

const CACHED_CATALOG_READS = [
  "listBreeds",
  "listCategories",
  "listToys",
  "listTopPicks",
  "listScorableToys",
  "getToysByIds",
  "getToy",
  "listToyCategories",
  "listToyBreedLinks",
  "getBreedRecommendations",
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

/** Everything route loaders and API handlers may call; built once per process. */
export function createServices(database: DatabaseHandle, config: ServicesConfig) {
  const { db } = database;
  const outbox = createOutbox(db, { ...config.mail.outbox, transport: config.mail.transport, logger: config.logger });
  const readCache = createReadCache({ ttlMs: config.readCacheTtlMs ?? 0 });
  // Editors read their own writes back from the database, never from the cache.
  const freshCatalog = createCatalogService(db);
  const catalog = withReadCache(freshCatalog, readCache, "catalog", CACHED_CATALOG_READS);
  const content = withReadCache(
    createContentService(db, { catalog }, { now: config.now }),
    readCache,
    "content",
    CACHED_CONTENT_READS,
  );
  // Every write a visitor could see clears the public read cache (and the page cache with it).
  const postEditor = clearingReadCache(createPostEditorService(db, { now: config.now }), readCache, [
    "create",
    "update",
    "remove",
    "restore",
    "restoreRevision",
    "purge",
  ]);
  const productEditor = clearingReadCache(
    createProductEditorService(db, freshCatalog, { now: config.now }),
    readCache,
    [
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
    ],
  );
  const rateLimits = createRateLimitService(db, { now: config.now });
  const newsletter = createNewsletterService(db, createSecretSource(db, "unsubscribe-links", config.appSecret));
  const contact = createContactService(db, { outbox }, { contactTo: config.mail.contactTo });
  const quiz = createQuizService(
    db,
    { catalog, newsletter, outbox },
    { siteUrl: config.siteUrl, unsubscribeMailbox: config.mail.contactTo },
  );
  /** sends a queued form e-mail now; true when the mail server took it within the time limit */
  const deliverNow = (messageId: number) => outbox.deliver(messageId, config.mail.sendTimeoutMs);
  return {
    catalog,
    content,
    productPages: createProductPagesService({ catalog, content }),
    media: createMediaService(db),
    postEditor,
    productEditor,
    trash: createTrashService(db, { postEditor, productEditor }),
    contact,
    quiz,
    publicForms: createPublicFormsService(
      { contact, quiz, outbox, rateLimits, deliverNow },
      { rateLimit: config.formRateLimit ?? { max: 30, windowMs: 10 * 60_000 } },
    ),
    newsletter,
    outbox,
    rateLimits,
    stats: createStatsService(db, { salt: createSecretSource(db, "visitor-salt"), rateLimits }, { now: config.now }),
    dashboard: createDashboardService(db),
    quizSubmissions: createQuizSubmissionsService(db),
    auth: createAuthService(db, rateLimits, {
      now: config.now,
      deviceSecret: createSecretSource(db, "device-cookies", config.appSecret),
    }),
    health: createHealthService(database),
    /** the public read cache (the page cache clears with it) */
    readCache,
    readCacheTtlMs: config.readCacheTtlMs ?? 0,
  };
}

export type Services = ReturnType<typeof createServices>;
