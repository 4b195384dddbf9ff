import { z } from "zod";
import { DEFAULT_DISCLOSURE_TEXT } from "#domain/disclosure.ts";
import { DEFAULT_EARNINGS_IMPORT_MAX_BYTES } from "#domain/earnings-import.ts";
import { ASSOCIATE_TAG_PATTERN, marketplaceOfHost, parseAssociateTags } from "#domain/marketplaces.ts";
import { disclosureTextSchema, postalAddressTextSchema } from "#domain/site-settings.ts";
import { CREDENTIAL_VERSIONS } from "#domain/site-settings-text.ts";

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

function parseRateLimit(value: string) {
  const [max, minutes] = value.split("/").map(Number) as [number, number];
  return { max, windowMs: minutes * 60_000 };
}

// The only place that reads process.env: every setting is validated once at start-up.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    DATA_DIR: z.string().default("./data"),
    /** "off" sends the embedded database's statements through PGlite's public query (decision 068) */
    PGLITE_PREPARED_STATEMENTS: z.enum(["on", "off"], 'PGLITE_PREPARED_STATEMENTS must be "on" or "off"').default("on"),
    /** public origin for canonical links, sitemaps and e-mails; defaults to http://localhost:PORT */
    SITE_URL: z
      .url({ protocol: /^https?$/, message: "SITE_URL must be an http(s) URL" })
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
    /** more host names (host[:port], comma-separated) the site answers to besides SITE_URL's; only used with SITE_URL */
    ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:]+\](:\d{1,5})?$/,
              "ALLOWED_HOSTS must list host names like www.example.com or example.com:8443",
            ),
        ),
      ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SEED_DEMO_CONTENT: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** worker processes behind the one port (node:cluster, decision 065); above 1 needs DATABASE_URL */
    WEB_CONCURRENCY: z.coerce
      .number("WEB_CONCURRENCY must be a whole number of processes from 1 to 64")
      .int("WEB_CONCURRENCY must be a whole number of processes from 1 to 64")
      .min(1, "WEB_CONCURRENCY must be a whole number of processes from 1 to 64")
      .max(64, "WEB_CONCURRENCY must be a whole number of processes from 1 to 64")
      .default(1),
    /** smtp:// or smtps:// URL of the mail server; without it messages are stored, not sent */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** sender of every e-mail, e.g. "Pawsome Picks <hello@pawsomepicks.com>"; defaults to no-reply@ the site's host */
    MAIL_FROM: optionalText,
    /** who receives contact-form notifications; defaults to the MAIL_FROM address */
    CONTACT_TO: z
      .email("CONTACT_TO must be an e-mail address")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** how long a form request waits for the mail server before answering 202 "saved, e-mail pending" */
    MAIL_SEND_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /** newsletter messages queued per minute, over all app instances (the mail provider's sending limit) */
    NEWSLETTER_RATE_PER_MINUTE: z.coerce
      .number("NEWSLETTER_RATE_PER_MINUTE must be a whole number from 1 to 100000")
      .int("NEWSLETTER_RATE_PER_MINUTE must be a whole number from 1 to 100000")
      .min(1, "NEWSLETTER_RATE_PER_MINUTE must be a whole number from 1 to 100000")
      .max(100_000, "NEWSLETTER_RATE_PER_MINUTE must be a whole number from 1 to 100000")
      .default(60),
    /** key that signs unsubscribe links; when unset one is generated and kept in the database */
    APP_SECRET: z
      .string()
      .min(32, "APP_SECRET must be at least 32 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** the admin password set on first start (when no admin account exists yet) */
    ADMIN_PASSWORD: z
      .string()
      .min(8, "ADMIN_PASSWORD must be at least 8 characters")
      .max(1024)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * the sender's postal address that every marketing e-mail shows (CAN-SPAM): one line with
     * commas, or several lines; the address the owner saves in the admin's Settings replaces it
     */
    SITE_POSTAL_ADDRESS: z
      .string()
      .default("")
      .pipe(postalAddressTextSchema)
      .transform((address) => address ?? undefined),
    /** the footer's affiliate disclosure on every page (plain text, one line); the one the owner saves in Settings replaces it */
    SITE_DISCLOSURE_TEXT: z
      .string()
      .optional()
      .transform((text) => (text?.trim() ? text : DEFAULT_DISCLOSURE_TEXT))
      .pipe(disclosureTextSchema),
    /** Amazon Associates tag of the default marketplace (AMAZON_CREATORS_MARKETPLACE), added to links that carry none */
    AMAZON_ASSOCIATE_TAG: z
      .string()
      .regex(ASSOCIATE_TAG_PATTERN, "AMAZON_ASSOCIATE_TAG must be letters, digits and hyphens")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** tags of other marketplaces, by country: "US=pawsome-20,GB=pawsomeuk-21,DE=pawsomede-21" (decision 058) */
    AMAZON_ASSOCIATE_TAGS: z
      .string()
      .default("")
      .transform((text, ctx) => {
        const parsed = parseAssociateTags(text);
        if ("tags" in parsed) return parsed.tags;
        ctx.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }),
    /**
     * the header in which the CDN or proxy names the visitor's country (e.g. cf-ipcountry); only
     * read with TRUST_PROXY set, since without a proxy anyone can send it
     */
    COUNTRY_HEADER: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,64}$/, "COUNTRY_HEADER must be a header name such as cf-ipcountry")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** per-IP limit on visit and page view tracking calls: "<requests>/<minutes>" */
    TRACK_RATE_LIMIT: z
      .string()
      .regex(/^\d+\/\d+$/, 'TRACK_RATE_LIMIT must look like "600/10" (requests per minutes)')
      .default("600/10")
      .transform(parseRateLimit),
    /** per-IP limit on the site search (/api/search and /search with a query, together): "<requests>/<minutes>" */
    SEARCH_RATE_LIMIT: z
      .string()
      .regex(/^\d+\/\d+$/, 'SEARCH_RATE_LIMIT must look like "300/5" (requests per minutes)')
      .default("300/5")
      .transform(parseRateLimit),
    /** Express "trust proxy": set it (e.g. 1, or "loopback") when a reverse proxy sets X-Forwarded-For */
    TRUST_PROXY: optionalText,
    /** per-IP limit on the contact and quiz forms: "<requests>/<minutes>" */
    FORM_RATE_LIMIT: z
      .string()
      .regex(/^\d+\/\d+$/, 'FORM_RATE_LIMIT must look like "30/10" (requests per minutes)')
      .default("30/10")
      .transform(parseRateLimit),
    /** new requests get 503 + Retry-After while the mean event-loop delay over a second is above this (ms); 0: never */
    LOAD_SHED_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** log process.memoryUsage() every this many ms (soak tests, leak hunting); 0: never */
    MEMORY_LOG_INTERVAL_MS: z.coerce.number().int().min(0).default(0),
    /** how long public catalogue and content reads are reused in each process; admin writes clear them */
    READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
    /** days the admin audit log keeps an entry; older ones are purged every hour (decision 029) */
    AUDIT_LOG_DAYS: z.coerce
      .number("AUDIT_LOG_DAYS must be a whole number of days from 1 to 36500")
      .int("AUDIT_LOG_DAYS must be a whole number of days from 1 to 36500")
      .min(1, "AUDIT_LOG_DAYS must be a whole number of days from 1 to 36500")
      .max(36_500, "AUDIT_LOG_DAYS must be a whole number of days from 1 to 36500")
      .default(365),
    // Product truth (issue 27): the retailer's own sources of prices, stock and links.
    /** Amazon Creators API credential (Associates Central > Tools > Creators API); unset: no Amazon look-ups */
    AMAZON_CREATORS_CLIENT_ID: optionalText,
    AMAZON_CREATORS_CLIENT_SECRET: optionalText,
    /** the version shown beside the credential: 2.1-2.3 (Cognito) or 3.1-3.3 (Login with Amazon) */
    AMAZON_CREATORS_CREDENTIAL_VERSION: z
      .enum(CREDENTIAL_VERSIONS, {
        message:
          "AMAZON_CREATORS_CREDENTIAL_VERSION must be the version shown beside the credential: 2.1, 2.2, 2.3, 3.1, 3.2 or 3.3",
      })
      .default("2.1"),
    /** the API's and the token endpoint's addresses; defaults are Amazon's (tests point them at a local server) */
    AMAZON_CREATORS_API_URL: z
      .url({ protocol: /^https?$/, message: "AMAZON_CREATORS_API_URL must be an http(s) URL" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    AMAZON_CREATORS_TOKEN_URL: z
      .url({ protocol: /^https?$/, message: "AMAZON_CREATORS_TOKEN_URL must be an http(s) URL" })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** the marketplace whose prices the site shows (Amazon's host name) */
    AMAZON_CREATORS_MARKETPLACE: z
      .string()
      .regex(
        /^www\.amazon\.[a-z.]{2,12}$/,
        "AMAZON_CREATORS_MARKETPLACE must be a marketplace host such as www.amazon.com",
      )
      .default("www.amazon.com"),
    /** hosts outbound requests may reach although they resolve to private or loopback addresses */
    OUTBOUND_ALLOW_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(
              /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/,
              "OUTBOUND_ALLOW_HOSTS must list hosts like feeds.internal or 127.0.0.1:8080",
            ),
        ),
      ),
    /** product feeds (Google Merchant Center RSS or tab-separated), comma-separated http(s) URLs */
    PRODUCT_FEED_URLS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? "")
          .split(",")
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z.url({
            protocol: /^https?$/,
            message: "PRODUCT_FEED_URLS must list http(s) URLs separated by commas",
          }),
        ),
      ),
    /** minutes between product syncs over all instances */
    PRODUCT_SYNC_INTERVAL_MINUTES: z.coerce
      .number({ message: "PRODUCT_SYNC_INTERVAL_MINUTES must be a number of minutes" })
      .int("PRODUCT_SYNC_INTERVAL_MINUTES must be a whole number of minutes")
      .min(5, "PRODUCT_SYNC_INTERVAL_MINUTES must be at least 5")
      .max(1440, "PRODUCT_SYNC_INTERVAL_MINUTES must be at most 1440 (Amazon wants prices refreshed daily)")
      .default(60),
    /**
     * hours a confirmed price may be shown (a decimal: 0.5 is half an hour); older ones are shown
     * nowhere ("Check the price on Amazon"); 0: any age (programmes without Amazon's rule)
     */
    PRICE_MAX_AGE_HOURS: z.coerce
      .number({ message: "PRICE_MAX_AGE_HOURS must be a number of hours, such as 24 or 0.5" })
      .min(0, "PRICE_MAX_AGE_HOURS must be 0 (no limit) or more")
      .max(8760, "PRICE_MAX_AGE_HOURS must be at most 8760 (a year)")
      .default(24),
    /** the largest earnings or orders report an upload may carry, in bytes (issue 28) */
    EARNINGS_IMPORT_MAX_BYTES: z.coerce
      .number("EARNINGS_IMPORT_MAX_BYTES must be a whole number of bytes from 1024 to 1073741824")
      .int("EARNINGS_IMPORT_MAX_BYTES must be a whole number of bytes from 1024 to 1073741824")
      .min(1024, "EARNINGS_IMPORT_MAX_BYTES must be a whole number of bytes from 1024 to 1073741824")
      .max(1_073_741_824, "EARNINGS_IMPORT_MAX_BYTES must be a whole number of bytes from 1024 to 1073741824")
      .default(DEFAULT_EARNINGS_IMPORT_MAX_BYTES),
    /** hours between checks of every retailer link over all instances; a decimal number (0.5 is half an hour) */
    LINK_CHECK_INTERVAL_HOURS: z.coerce
      .number({ message: "LINK_CHECK_INTERVAL_HOURS must be a number of hours, such as 24 or 0.5" })
      .positive("LINK_CHECK_INTERVAL_HOURS must be more than 0")
      .max(8_760, "LINK_CHECK_INTERVAL_HOURS must be at most 8760 (a year)")
      .default(24),
  })
  .superRefine((env, ctx) => {
    const home = marketplaceOfHost(env.AMAZON_CREATORS_MARKETPLACE);
    const listed = home ? env.AMAZON_ASSOCIATE_TAGS[home] : undefined;
    if (home && listed && env.AMAZON_ASSOCIATE_TAG && listed !== env.AMAZON_ASSOCIATE_TAG) {
      ctx.addIssue({
        code: "custom",
        path: ["AMAZON_ASSOCIATE_TAGS"],
        message: `AMAZON_ASSOCIATE_TAG (${env.AMAZON_ASSOCIATE_TAG}) and AMAZON_ASSOCIATE_TAGS (${home}=${listed}) name two tags for ${env.AMAZON_CREATORS_MARKETPLACE}: keep one`,
      });
    }
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: `WEB_CONCURRENCY=${env.WEB_CONCURRENCY} needs DATABASE_URL: the embedded database serves one process`,
      });
    }
    if (Boolean(env.AMAZON_CREATORS_CLIENT_ID) !== Boolean(env.AMAZON_CREATORS_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["AMAZON_CREATORS_CLIENT_SECRET"],
        message: "AMAZON_CREATORS_CLIENT_ID and AMAZON_CREATORS_CLIENT_SECRET are set together, or neither",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Parses the environment, or throws an error whose message is one readable line. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`invalid configuration: ${problems.join("; ")}`);
  }
  return parsed.data;
}
