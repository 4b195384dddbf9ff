import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import { createOutbox, type OutboxOptions } from "../mail/outbox";
import type { MailTransport } from "../mail/transport";
import { createAuthService } from "./auth.service";
import { createCatalogService } from "./catalog.service";
import { createContactService } from "./contact.service";
import { createContentService } from "./content.service";
import { createDashboardService } from "./dashboard.service";
import { createMediaService } from "./media.service";
import { createNewsletterService } from "./newsletter.service";
import { createPostEditorService } from "./post-editor.service";
import { createProductEditorService } from "./product-editor.service";
import { createQuizService } from "./quiz.service";
import { createQuizSubmissionsService } from "./quiz-submissions.service";
import { createRateLimitService } from "./rate-limit.service";
import { createSecretSource } from "./secrets.service";
import { createStatsService } from "./stats.service";

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
  /** the clock for session expiry (tests move it forward) */
  now?: () => Date;
}

/** Everything route loaders and API handlers may call; built once per process. */
export function createServices(database: DatabaseHandle, config: ServicesConfig) {
  const { db } = database;
  const outbox = createOutbox(db, { ...config.mail.outbox, transport: config.mail.transport, logger: config.logger });
  const catalog = createCatalogService(db);
  const rateLimits = createRateLimitService(db);
  const newsletter = createNewsletterService(db, createSecretSource(db, "unsubscribe-links", config.appSecret));
  return {
    catalog,
    content: createContentService(db),
    media: createMediaService(db),
    postEditor: createPostEditorService(db),
    productEditor: createProductEditorService(db, catalog),
    contact: createContactService(db, { outbox }, { contactTo: config.mail.contactTo }),
    quiz: createQuizService(
      db,
      { catalog, newsletter, outbox },
      { siteUrl: config.siteUrl, unsubscribeMailbox: config.mail.contactTo },
    ),
    newsletter,
    outbox,
    /** sends a queued form e-mail now; true when the mail server took it within the time limit */
    deliverNow: (messageId: number) => outbox.deliver(messageId, config.mail.sendTimeoutMs),
    rateLimits,
    stats: createStatsService(db, createSecretSource(db, "visitor-salt"), { now: config.now }),
    dashboard: createDashboardService(db),
    quizSubmissions: createQuizSubmissionsService(db),
    auth: createAuthService(db, rateLimits, { now: config.now }),
    health: {
      /** true when the database answers */
      async databaseIsUp(): Promise<boolean> {
        try {
          await database.ping();
          return true;
        } catch {
          return false;
        }
      },
    },
  };
}

export type Services = ReturnType<typeof createServices>;
