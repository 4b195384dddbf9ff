import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// The tables of spec/quiz-and-admin.md §3. JSON field names are the spec's; column
// names are snake_case. Later features add their own tables in new migrations.

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  /** an argon2id hash (PHC string), never the password itself */
  password: text("password").notNull(),
});

// Admin sign-in sessions. The cookie carries a random token; only its SHA-256 is stored, so
// a leaked database row cannot be replayed as a cookie.
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** idle timeout counts from here */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    /** absolute end of the session, whatever the activity */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

// One-time sign-in links e-mailed to the owner while sign-in is throttled (issue 26): as with
// sessions, only the SHA-256 of the link's token is stored. A link is used at most once
// (used_at is set by the statement that signs in) and only until expires_at.
export const signInLinks = pgTable(
  "sign_in_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("sign_in_links_user_id_idx").on(t.userId), index("sign_in_links_expires_at_idx").on(t.expiresAt)],
);

export const breeds = pgTable("breeds", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  /** the breed page's address, /breeds/{slug}, generated from the name */
  slug: text("slug").notNull().unique(),
  size: text("size").notNull(),
  description: text("description").notNull(),
  imageUrl: text("image_url"),
  /** the breed page's sitemap lastmod (with its recommendations' changes) */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description"),
  icon: text("icon"),
  imageUrl: text("image_url"),
  /** the owner's order (the home page shows the first six); ties by id */
  position: integer("position").notNull().default(0),
});

export const POST_TYPES = ["review", "guide", "comparison"] as const;
export const POST_STORED_STATUSES = ["draft", "published"] as const;

export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    authorName: text("author_name"),
    authorImageUrl: text("author_image_url"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    readingTime: integer("reading_time").notNull().default(5),
    /**
     * true: the reading time is worked out from the body at every save (domain/reading-time.ts);
     * false: it is the number the writer (or an API client) gave, kept as given
     */
    readingTimeAuto: boolean("reading_time_auto").notNull().default(false),
    // the check below holds it to POST_TYPES
    postType: text("post_type").$type<(typeof POST_TYPES)[number]>().notNull().default("review"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    /** the toy a review is about: its buy box and the JSON-LD `itemReviewed` */
    reviewedToyId: integer("reviewed_toy_id").references((): AnyPgColumn => toys.id, { onDelete: "set null" }),
    /** the editor's verdict, 1-5 in halves (`reviewRating` in the JSON-LD) */
    reviewRating: numeric("review_rating", { precision: 2, scale: 1, mode: "number" }),
    /** last change of what a visitor sees: "Updated {date}", dateModified, sitemap lastmod */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * draft or published; a published post whose publishedAt is still ahead is "scheduled"
     * (derived, so it goes live by itself when the time comes: no job has to flip it)
     */
    status: text("status").$type<(typeof POST_STORED_STATUSES)[number]>().notNull().default("published"),
    /** the search result's title and description, when they should differ from the post's */
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    /** the image shared links show (og:image), when not the featured image */
    socialImageUrl: text("social_image_url"),
    /** the featured image's alt text (the title when empty) */
    imageAlt: text("image_alt"),
    /** in the trash since; invisible to visitors, purged 30 days later */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * the toy slugs the body places ([[toy:]] boxes, [[compare:]] tables), written at every
     * save (domain/markdown.ts placedToySlugs); null until computed for rows stored before it
     */
    placedToySlugs: text("placed_toy_slugs").array(),
  },
  (t) => [
    index("posts_published_at_idx").on(t.publishedAt.desc()),
    index("posts_post_type_published_at_idx").on(t.postType, t.publishedAt.desc()),
    index("posts_category_id_idx").on(t.categoryId),
    check("posts_post_type_check", sql`${t.postType} in ('review', 'guide', 'comparison')`),
    check("posts_reading_time_check", sql`${t.readingTime} >= 1`),
    check("posts_review_rating_check", sql`${t.reviewRating} between 1 and 5`),
    check("posts_status_check", sql`${t.status} in ('draft', 'published')`),
    index("posts_reviewed_toy_id_idx").on(t.reviewedToyId),
    index("posts_deleted_at_idx").on(t.deletedAt),
    // the resources page's `ilike '%…%'` on titles and excerpts (the site search reads
    // search_documents instead, decision 062)
    index("posts_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    index("posts_excerpt_trgm_idx").using("gin", t.excerpt.op("gin_trgm_ops")),
    // The newest published posts (the home page's featured three, the feed) are the first
    // entries of this index, so the query reads three rows instead of sorting every post.
    index("posts_live_published_at_idx")
      .on(t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'published' and ${t.deletedAt} is null`),
  ],
);

// Every save keeps the version it replaced, so any earlier one can be brought back (restoring is
// itself a save, so it is a revision too). The snapshot holds the post's editable fields.
export const postRevisions = pgTable(
  "post_revisions",
  {
    id: serial("id").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** when this version was replaced */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("post_revisions_post_id_idx").on(t.postId, t.createdAt.desc())],
);

// Earlier addresses of posts: /reviews/{old} and /guides/{old} answer 301 to the current one.
export const postSlugHistory = pgTable(
  "post_slug_history",
  {
    slug: text("slug").primaryKey(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("post_slug_history_post_id_idx").on(t.postId)],
);

// price and rating are display text in the spec ("$12.99", "4.5"); the generated
// numeric twins make sorting and range filters numeric and can never drift from the text.
const priceAsNumber = sql`case when regexp_replace(price, '[$,[:space:]]', '', 'g') ~ '^[0-9]{1,8}(\\.[0-9]{1,2})?$' then regexp_replace(price, '[$,[:space:]]', '', 'g')::numeric(10, 2) end`;
const ratingAsNumber = sql`case when rating ~ '^[0-9](\\.[0-9])?$' then rating::numeric(2, 1) end`;
const discountAsNumber = sql`case when regexp_replace(price_discount, '[$,[:space:]]', '', 'g') ~ '^[0-9]{1,8}(\\.[0-9]{1,2})?$' then regexp_replace(price_discount, '[$,[:space:]]', '', 'g')::numeric(10, 2) end`;
// The price a visitor sees and pays (domain/price.ts effectivePrice): the sale price whenever one
// is written, else the regular price. The catalogue sorts and filters by it, so a toy on sale for
// $6.99 sorts before one at $7.99 whatever their regular prices.
const effectivePriceAsNumber = sql`case when price_discount ~ '[^[:space:]]' then ${discountAsNumber} else ${priceAsNumber} end`;

/**
 * A toy is published (visitors see it) or a draft (the owner's alone: a duplicate starts as one,
 * so a half-edited "(copy)" never reaches the catalogue, breed pages, the sitemap or the quiz).
 */
export const TOY_STATUSES = ["draft", "published"] as const;

export const toys = pgTable(
  "toys",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** the toy page's address, /toys/{slug}: generated from the name once, kept when the name changes */
    slug: text("slug").notNull().unique(),
    description: text("description").notNull(),
    details: text("details").notNull(),
    price: text("price").notNull(),
    rating: text("rating").notNull().default("4.5"),
    imageUrl: text("image_url"),
    isTopPick: boolean("is_top_pick").notNull().default(false),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    amazonUrl: text("amazon_url"),
    amazonAsin: text("amazon_asin"),
    /** the product's id in another programme's feed (g:id), when it is not the ASIN (issue 27) */
    retailerItemId: text("retailer_item_id"),
    /**
     * When the price and stock shown were last confirmed, and by whom: the owner's save
     * ("owner"), or a product source ("amazon", "feed"). Pages stamp prices with it and hide
     * a price older than PRICE_MAX_AGE_HOURS (issue 27).
     */
    priceConfirmedAt: timestamp("price_confirmed_at", { withTimezone: true }),
    priceSource: text("price_source").$type<"owner" | "amazon" | "feed">(),
    affiliateUrl: text("affiliate_url"),
    affiliateCode: text("affiliate_code"),
    priceDiscount: text("price_discount"),
    inStock: boolean("in_stock").notNull().default(true),
    isPrimeEligible: boolean("is_prime_eligible").notNull().default(false),
    reviewCount: integer("review_count").notNull().default(0),
    materialType: text("material_type"),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    ageRecommendation: text("age_recommendation"),
    suitableFor: text("suitable_for"),
    /** the toy page's sitemap lastmod */
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** in the trash since: invisible to visitors, restorable with its links and clicks, purged 30 days later */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** draft or published (the check below holds it to TOY_STATUSES); visitors see published toys only */
    status: text("status").$type<(typeof TOY_STATUSES)[number]>().notNull().default("published"),
    priceValue: numeric("price_value", { precision: 10, scale: 2, mode: "number" }).generatedAlwaysAs(priceAsNumber),
    ratingValue: numeric("rating_value", { precision: 2, scale: 1, mode: "number" }).generatedAlwaysAs(ratingAsNumber),
    effectivePriceValue: numeric("effective_price_value", {
      precision: 10,
      scale: 2,
      mode: "number",
    }).generatedAlwaysAs(effectivePriceAsNumber),
  },
  (t) => [
    index("toys_is_top_pick_idx").on(t.isTopPick),
    // Top picks in their order (rating, name, id): the home page's eight are the first entries,
    // so the query no longer sorts every top pick and looks up each one's image alt text.
    index("toys_top_picks_idx")
      .on(t.ratingValue.desc().nullsLast(), t.name, t.id)
      .where(sql`${t.isTopPick} and ${t.deletedAt} is null and ${t.status} = 'published'`),
    index("toys_deleted_at_idx").on(t.deletedAt),
    // a product source matches its items to toys by ASIN or by the feed's own id
    index("toys_amazon_asin_idx").on(t.amazonAsin),
    index("toys_retailer_item_id_idx").on(t.retailerItemId),
    check("toys_price_source_check", sql`${t.priceSource} in ('owner', 'amazon', 'feed')`),
    check("toys_status_check", sql`${t.status} in ('draft', 'published')`),
    index("toys_category_id_idx").on(t.categoryId),
    index("toys_name_idx").on(t.name),
    index("toys_price_value_idx").on(t.priceValue),
    // The catalogue's price sorts (ascending and descending, toys without a price last) and ranges.
    index("toys_effective_price_value_idx").on(t.effectivePriceValue),
    index("toys_effective_price_value_desc_idx").on(t.effectivePriceValue.desc().nullsLast()),
    index("toys_rating_value_idx").on(t.ratingValue.desc()),
    // The catalogue search is `ilike '%…%'` on name or description: trigram indexes answer it
    // without reading every toy (migration 0008 creates the pg_trgm extension they need).
    index("toys_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("toys_description_trgm_idx").using("gin", t.description.op("gin_trgm_ops")),
  ],
);

// Earlier addresses of toy pages: /toys/{old} answers 301 to the toy's current slug, and a
// `[[toy:old]]` in a post still finds its toy. A slug is either current or here, never both.
export const toySlugHistory = pgTable(
  "toy_slug_history",
  {
    slug: text("slug").primaryKey(),
    toyId: integer("toy_id")
      .notNull()
      .references(() => toys.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("toy_slug_history_toy_id_idx").on(t.toyId)],
);

export const toyCategories = pgTable(
  "toy_categories",
  {
    id: serial("id").primaryKey(),
    toyId: integer("toy_id")
      .notNull()
      .references(() => toys.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("toy_categories_toy_id_category_id_key").on(t.toyId, t.categoryId),
    index("toy_categories_category_id_idx").on(t.categoryId),
  ],
);

export const breedRecommendations = pgTable(
  "breed_recommendations",
  {
    id: serial("id").primaryKey(),
    breedId: integer("breed_id")
      .notNull()
      .references(() => breeds.id, { onDelete: "cascade" }),
    toyId: integer("toy_id")
      .notNull()
      .references(() => toys.id, { onDelete: "cascade" }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("breed_recommendations_breed_id_toy_id_key").on(t.breedId, t.toyId),
    index("breed_recommendations_toy_id_idx").on(t.toyId),
  ],
);

export const testimonials = pgTable(
  "testimonials",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    dogBreed: text("dog_breed").notNull(),
    content: text("content").notNull(),
    rating: integer("rating").notNull(),
    imageUrl: text("image_url"),
  },
  (t) => [check("testimonials_rating_check", sql`${t.rating} between 1 and 5`)],
);

export const quizSubmissions = pgTable(
  "quiz_submissions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    dogSize: text("dog_size").notNull(),
    dogAge: text("dog_age").notNull(),
    chewStyle: text("chew_style").notNull(),
    playStyle: text("play_style").notNull(),
    toyPurpose: text("toy_purpose").notNull(),
    hasConsented: boolean("has_consented").notNull().default(false),
    // the wording the visitor agreed to and when: the record a consent must be able to show
    consentText: text("consent_text"),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The table's and the CSV export's order (newest first) is this index read backwards. It
    // must be ascending: PostgreSQL matches the export's keyset condition
    // `(created_at, id) < (…)` to an ascending index only (a descending one sorted the whole
    // table for every batch: 1.2 s instead of 20 ms on a million rows).
    index("quiz_submissions_order_idx").on(t.createdAt, t.id),
    index("quiz_submissions_email_idx").on(t.email),
    // the admin search, `ilike '%…%'` on the address (2.2 s -> 12 ms on a million rows, PGlite)
    index("quiz_submissions_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
  ],
);

// What visitors searched for (issue 28): the normalised words only, never who or from where;
// one row per term and UTC day, so a period's top terms are one grouped sum.
export const searchCounts = pgTable(
  "search_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    term: text("term").notNull(),
    searches: integer("searches").notNull().default(0),
    /** of them, the searches that found nothing */
    noResults: integer("no_results").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.term] })],
);

/** PostgreSQL's full-text document: its lexemes, sent as text ("'chew' 'rope'"). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

// The site search's index (issue 28, decision 062): one row per post, toy or breed that visitors
// may find, with its words as lexemes (`to_tsvector('simple', …)`, positions stripped), so a
// search matches and ranks without reading or parsing a single article or description. A post's
// text is in `words` only: kept apart, its words would be read back for every post a search ranks. Written
// only by the triggers of migration 0028 on posts, toys and breeds, so no write path (editors,
// imports, syncs, the trash, seeds, plain SQL) can leave it stale; a post is here once published
// and found once its `published_at` has come.
export const searchDocuments = pgTable(
  "search_documents",
  {
    kind: text("kind").$type<"post" | "toy" | "breed">().notNull(),
    itemId: integer("item_id").notNull(),
    /** all its words, a post's text too, for `@@`: which documents have the query's words */
    words: tsvector("words").notNull(),
    /** the title's or name's words */
    title: tsvector("title").notNull(),
    /** a post's excerpt, a toy's or breed's description (a word in neither is in a post's text) */
    summary: tsvector("summary").notNull(),
    /** a post's publication time (found from then on); null for toys and breeds */
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    check("search_documents_kind_check", sql`${t.kind} in ('post', 'toy', 'breed')`),
    // A stored column rather than an index on the parts joined, which every row read would join
    // again (15 ms against 1 in PGlite). Without fastupdate: every save writes its words into the
    // index itself, where GIN's default gathers them in a pending list that each search reads
    // in full until a vacuum (PGlite has no autovacuum), 30-60 ms after a bulk insert.
    index("search_documents_words_idx").using("gin", t.words).with({ fastupdate: false }),
  ],
);

// Every word (letters and digits) that search_documents has held, numbered as it arrived: the
// search service keeps them in memory to find a query word's forms ("chewy": "chew", "chewing";
// "rop": "rope") and reads only the words numbered after the last it has. Words of deleted
// documents stay: a word that no longer occurs widens a query by nothing.
export const searchWords = pgTable("search_words", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  word: text("word").notNull().unique(),
});

export const visitorStats = pgTable("visitor_stats", {
  id: serial("id").primaryKey(),
  // one row per calendar day (UTC); the unique key makes the daily upsert atomic
  date: date("date", { mode: "string" }).notNull().unique().default(sql`current_date`),
  visits: integer("visits").notNull().default(0),
  pageViews: integer("page_views").notNull().default(0),
  uniqueVisitors: integer("unique_visitors").notNull().default(0),
  avgTimeOnSite: integer("avg_time_on_site").notNull().default(0),
});

// Messages from the contact form: stored first, so nothing is lost whatever mail does.
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** the notification to the owner's inbox in the outbox (whether it went out is its status) */
    notificationOutboxId: integer("notification_outbox_id"),
    /** when the owner opened it; null: unread */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** archived messages leave the inbox but stay searchable */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** in the trash since (purged with posts and products after 30 days) */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** the last reply sent from the site */
    repliedAt: timestamp("replied_at", { withTimezone: true }),
  },
  (t) => [
    index("contact_messages_created_at_idx").on(t.createdAt.desc()),
    index("contact_messages_email_idx").on(t.email),
  ],
);

export const SUBSCRIBER_STATUSES = ["subscribed", "unsubscribed", "bounced"] as const;

// Newsletter audience: one row per address (normalised as domain/email.ts normalizeEmail does),
// with the consent that put it there.
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    status: text("status").notNull().default("subscribed"),
    source: text("source").notNull(),
    consentText: text("consent_text").notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** a mail server refused the address for good (SMTP 5xx): no newsletter goes to it */
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("newsletter_subscribers_status_check", sql`${t.status} in ('subscribed', 'unsubscribed', 'bounced')`),
    index("newsletter_subscribers_status_idx").on(t.status),
    index("newsletter_subscribers_created_at_idx").on(t.createdAt.desc()),
    index("newsletter_subscribers_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    // a quiz submission finds an address that left the list whatever its letter case (issue 26)
    index("newsletter_subscribers_email_lower_idx").on(sql`lower(${t.email})`),
  ],
);

// Every consent and withdrawal of a subscriber (issue 26), never overwritten: the subscriber row
// holds the state now, this table how it came to be (what the person was shown, when, and how).
// It goes with its subscriber (an erasure, or the owner deleting the address).
export const newsletterConsentEvents = pgTable(
  "newsletter_consent_events",
  {
    id: serial("id").primaryKey(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** domain/subscribers.ts CONSENT_ACTIONS */
    action: text("action").notNull(),
    /** how it came: quiz, confirmation-link, unsubscribe-link, one-click, admin, mail-server, earlier-record */
    source: text("source").notNull(),
    /** the wording the person was shown with a consent; null for a withdrawal */
    consentText: text("consent_text"),
  },
  (t) => [
    check(
      "newsletter_consent_events_action_check",
      sql`${t.action} in ('subscribed', 'confirmation-requested', 'resubscribed', 'unsubscribed', 'bounced')`,
    ),
    index("newsletter_consent_events_subscriber_idx").on(t.subscriberId, t.at),
  ],
);

export const NEWSLETTER_STATUSES = ["draft", "sending", "sent"] as const;

// Newsletters the owner writes (or makes from a post) and sends to every subscribed address.
export const newsletters = pgTable(
  "newsletters",
  {
    id: serial("id").primaryKey(),
    subject: text("subject").notNull(),
    /** markdown, with the same [[toy:]] and [[compare:]] tokens as posts */
    body: text("body").notNull(),
    /** the post it was made from ("send this post"), if any */
    postId: integer("post_id").references(() => posts.id, { onDelete: "set null" }),
    status: text("status").$type<(typeof NEWSLETTER_STATUSES)[number]>().notNull().default("draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** when the send to all subscribers began (once: a second start finds it set) */
    sendStartedAt: timestamp("send_started_at", { withTimezone: true }),
    /** the inbox's preview line (hidden in the message); null: the body's first paragraph */
    preheader: text("preheader"),
  },
  (t) => [
    check("newsletters_status_check", sql`${t.status} in ('draft', 'sending', 'sent')`),
    index("newsletters_created_at_idx").on(t.createdAt.desc()),
  ],
);

// One row per newsletter and subscriber, written in the transaction that queues the message:
// the unique key makes "each subscriber receives a newsletter exactly once" a database rule,
// whatever restarts, double starts or second instances do.
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    /** the message in the outbox (its status is the delivery's) */
    outboxId: integer("outbox_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.newsletterId, t.subscriberId] }),
    index("newsletter_deliveries_outbox_id_idx").on(t.outboxId),
  ],
);

// A person's data erased on request (GDPR/CCPA): when, and a hash of the address (never the
// address), so it can be shown later that it was done.
export const dataErasures = pgTable(
  "data_erasures",
  {
    id: serial("id").primaryKey(),
    /** a hash of the address trimmed and lower-cased, hex, made as hash_kind says */
    emailHash: text("email_hash").notNull(),
    /**
     * hmac-sha256 (keyed by the app secret) since issue 26; the default is the plain SHA-256 of
     * the rows written before, which cannot be re-hashed without their address. Every insert
     * names its kind.
     */
    hashKind: text("hash_kind").$type<"hmac-sha256" | "sha256">().notNull().default("sha256"),
    erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
    /** how many rows of each kind went */
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
  },
  (t) => [check("data_erasures_hash_kind_check", sql`${t.hashKind} in ('hmac-sha256', 'sha256')`)],
);

// What the owner did in the admin, and when (decision 029): the action, the kind of item and
// which one. Never personal data: a subscriber or message is named by its id, an erasure by
// counts and a hash prefix. Rows older than AUDIT_LOG_DAYS are purged hourly.
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").notNull(),
    itemKind: text("item_kind").notNull(),
    itemId: integer("item_id"),
    /** the item's title or name when it was recorded (it may be renamed or deleted since) */
    itemLabel: text("item_label"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    // newest first for the list and the dashboard; by kind for the kind filter
    index("audit_log_at_idx").on(t.at.desc()),
    index("audit_log_item_kind_at_idx").on(t.itemKind, t.at.desc()),
  ],
);

export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;

// Every outgoing e-mail is written here first (in the transaction of what caused it) and sent
// by the outbox worker, so a message survives a mail server that is down or a process restart.
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    /** what the message is, for logs and the admin: quiz-results, contact-notification */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** extra headers (List-Unsubscribe...), values already checked free of CR/LF */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /**
     * pending: not tried before this time (retry backoff). sending: the claim's lease; a message
     * still "sending" after it (its process died mid-send) is claimed again.
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    // the worker's claim query: due pending messages, and sending ones whose lease expired
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
  ],
);

// Fixed-window request counters shared by every app instance (per-IP limits on public forms,
// later login throttling). One row per key; the window restarts when it has run out.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  hits: integer("hits").notNull().default(0),
  /**
   * rolling limits only: the times of the hits allowed within the last window (at most its max);
   * their window_started_at is the latest attempt, which the pruning of day-old rows goes by
   */
  recentHits: timestamp("recent_hits", { withTimezone: true }).array(),
});

// Secrets the app generates for itself on first start (e.g. the key that signs unsubscribe
// links) when none is configured, stored so that every instance and restart uses the same one.
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer: both become a Buffer.
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

// Uploaded images, already re-encoded to WebP. They live in the database (not on a disk) so
// every app instance serves the same files; the SHA-256 of the bytes is the public name, so
// the same image is stored once and its URL can be cached forever.
export const media = pgTable("media", {
  id: serial("id").primaryKey(),
  /** lowercase hex SHA-256 of `bytes` */
  hash: text("hash").notNull().unique(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** byte length of `bytes` */
  size: integer("size").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** describes the image for people who cannot see it; pages use it where the image is shown */
  altText: text("alt_text"),
  /** the uploaded file's name, to find it again in the library */
  originalName: text("original_name"),
});

// Smaller copies of an upload (400, 800 and 1600 px wide, never wider than the original), so a
// phone downloads the small one: pages list them in srcset. Served as /uploads/{hash}-{width}.webp.
export const mediaRenditions = pgTable(
  "media_renditions",
  {
    mediaId: integer("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.width] })],
);

// Who was already counted as a unique visitor today: a salted hash (the salt changes every
// day) of IP and user agent, never the IP itself. Rows of earlier days are deleted as soon as
// a new day's first visitor is counted, so no hash outlives its day.
export const visitorDailyHashes = pgTable(
  "visitor_daily_hashes",
  {
    day: date("day", { mode: "string" }).notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

// The copy of an upload that e-mails show (decision 047): mail programs do not all show WebP
// (classic Outlook) nor SVG (Gmail), so e-mails use a JPEG, or a PNG where the image has
// transparency, at most EMAIL_IMAGE_WIDTH wide. Made from the stored image the first time an
// e-mail needs it, then kept, so every instance serves the same bytes at
// /uploads/{hash}-600.jpg (or .png) with immutable caching.
export const mediaEmailCopies = pgTable(
  "media_email_copies",
  {
    mediaId: integer("media_id")
      .primaryKey()
      .references(() => media.id, { onDelete: "cascade" }),
    format: text("format").$type<"jpeg" | "png">().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("media_email_copies_format_check", sql`${t.format} in ('jpeg', 'png')`)],
);

// Settings the owner edits in the admin (decision 047): one row per setting that has been
// saved; a setting without a row takes its default from the environment (server/env.ts).
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Clicks on "View on Amazon" links (through /go/{toyId}), one counter per toy, placement, day and
// visitor country. No foreign key on the toy: a deleted toy's clicks stay in the totals (what
// earned, earned).
export const affiliateClicks = pgTable(
  "affiliate_clicks",
  {
    toyId: integer("toy_id").notNull(),
    placement: text("placement").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** the visitor's country, two letters; '' when unknown (a key column cannot be null); never more (decision 058) */
    country: text("country").notNull().default(""),
    clicks: integer("clicks").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.toyId, t.placement, t.day, t.country] }),
    index("affiliate_clicks_day_idx").on(t.day),
    check("affiliate_clicks_country_check", sql`${t.country} ~ '^([A-Z]{2})?$'`),
  ],
);

// The quiz funnel per UTC day (issue 28, decision 063): how many walks reached each step, and
// how the walks that reached the e-mail step answered. Counts only: nothing about a person.
export const quizFunnelDaily = pgTable(
  "quiz_funnel_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    step: text("step").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.step] })],
);

export const quizAnswerDaily = pgTable(
  "quiz_answer_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.question, t.answer] })],
);

// The next free moment of a paced resource shared by every app instance, such as a retailer
// API's "1 request per second per account" (issue 27): each caller moves it on by the pace and
// waits for the moment it took, so instances together keep the pace without talking to each other.
export const requestTurns = pgTable("request_turns", {
  key: text("key").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
});

// One run of the product sync (issue 27): who started it, what it found. At most one row is
// `running` at a time over all instances (the partial unique index is the lock: a second
// instance's insert fails), and a run whose instance died is recognised by its stale heartbeat.
export const productSyncRuns = pgTable(
  "product_sync_runs",
  {
    id: serial("id").primaryKey(),
    trigger: text("trigger").$type<"schedule" | "admin">().notNull(),
    status: text("status").$type<"running" | "done" | "failed">().notNull().default("running"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    checked: integer("checked").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unavailable: integer("unavailable").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** what the owner should know: unreadable feeds, unknown ids, refused credentials (the first 200) */
    problems: jsonb("problems").$type<{ source: string; message: string; id?: string }[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex("product_sync_runs_one_running").on(t.status).where(sql`${t.status} = 'running'`),
    index("product_sync_runs_started_at_idx").on(t.startedAt),
    check("product_sync_runs_status_check", sql`${t.status} in ('running', 'done', 'failed')`),
    check("product_sync_runs_trigger_check", sql`${t.trigger} in ('schedule', 'admin')`),
  ],
);

// A toy's price, sale price, stock and link each time a source changed one of them (issue 27):
// the row holds the values from `recordedAt` on, so the history reads as a list of states.
export const toyPriceHistory = pgTable(
  "toy_price_history",
  {
    id: serial("id").primaryKey(),
    toyId: integer("toy_id")
      .notNull()
      .references(() => toys.id, { onDelete: "cascade" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
    source: text("source").$type<"owner" | "amazon" | "feed">().notNull(),
    price: text("price").notNull(),
    priceDiscount: text("price_discount"),
    inStock: boolean("in_stock").notNull(),
    link: text("link"),
  },
  (t) => [index("toy_price_history_toy_id_idx").on(t.toyId, t.recordedAt)],
);

// Links that work (issue 27): the last check of each toy's retailer link. A row is the link as it
// was checked; a toy whose link changed since has a row for the old address until the next run
// removes it, and reads join on the toy's current link.
export const linkChecks = pgTable(
  "link_checks",
  {
    id: serial("id").primaryKey(),
    toyId: integer("toy_id")
      .notNull()
      .references(() => toys.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    state: text("state").$type<"ok" | "redirected" | "broken" | "unreachable" | "unavailable">().notNull(),
    httpStatus: integer("http_status"),
    finalUrl: text("final_url"),
    /** why, in the owner's words ("No answer within 10 s") */
    detail: text("detail"),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    /** when the link was first found in its current state: the digest tells of states newer than its last */
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("link_checks_toy_url_idx").on(t.toyId, t.url),
    // the dashboard and the digest read the problems only
    index("link_checks_problems_idx").on(t.firstSeenAt).where(sql`${t.state} <> 'ok'`),
    check("link_checks_state_check", sql`${t.state} in ('ok', 'redirected', 'broken', 'unreachable', 'unavailable')`),
  ],
);

// One link check at a time over all instances: the partial unique index on the running row is
// the lock, its heartbeat tells a live run from one whose server died (as product_sync_runs).
export const linkCheckRuns = pgTable(
  "link_check_runs",
  {
    id: serial("id").primaryKey(),
    trigger: text("trigger").$type<"schedule" | "admin">().notNull(),
    status: text("status").$type<"running" | "done" | "failed">().notNull().default("running"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    checked: integer("checked").notNull().default(0),
    ok: integer("ok").notNull().default(0),
    redirected: integer("redirected").notNull().default(0),
    broken: integer("broken").notNull().default(0),
    unreachable: integer("unreachable").notNull().default(0),
    unavailable: integer("unavailable").notNull().default(0),
    /** Amazon links left unchecked: no Creators API credential, or no ASIN to ask about (the dashboard says so) */
    uncheckedNoApi: integer("unchecked_no_api").notNull().default(0),
    uncheckedNoAsin: integer("unchecked_no_asin").notNull().default(0),
  },
  (t) => [
    uniqueIndex("link_check_runs_one_running").on(t.status).where(sql`${t.status} = 'running'`),
    index("link_check_runs_started_at_idx").on(t.startedAt),
    check("link_check_runs_status_check", sql`${t.status} in ('running', 'done', 'failed')`),
    check("link_check_runs_trigger_check", sql`${t.trigger} in ('schedule', 'admin')`),
  ],
);

// The owner's daily e-mail of new link problems: one row per UTC day, so two instances finishing
// runs on the same day send one between them (the insert that wins queues the e-mail).
export const linkCheckDigests = pgTable("link_check_digests", {
  day: date("day", { mode: "string" }).primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  problems: integer("problems").notNull(),
  outboxId: integer("outbox_id"),
});

// Page views per article and UTC day (issue 28): the denominator of an article's RPM. Keyed by
// the post's slug, as its clicks are (`post:{slug}` in affiliate_clicks), so both join.
export const postViewsDaily = pgTable(
  "post_views_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    slug: text("slug").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slug] }), index("post_views_daily_slug_idx").on(t.slug)],
);

// One upload of a retailer's earnings or orders report (issue 28, decision 064): its progress
// while it is read (the admin polls it) and its outcome.
export const earningsImports = pgTable(
  "earnings_imports",
  {
    id: serial("id").primaryKey(),
    fileName: text("file_name"),
    /** what the header row said the file is; null until the header has been read */
    format: text("format").$type<"amazon-earnings" | "amazon-orders" | "generic">(),
    status: text("status").$type<"running" | "done" | "failed">().notNull().default("running"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** data lines read so far (the progress shown while a large file is read) */
    linesRead: integer("lines_read").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    duplicates: integer("duplicates").notNull().default(0),
    unmatched: integer("unmatched").notNull().default(0),
    errorCount: integer("error_count").notNull().default(0),
    /** the first errors, {line, message}: a broken file of 100,000 lines keeps a readable few */
    errors: jsonb("errors").$type<{ line: number; message: string }[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    index("earnings_imports_started_at_idx").on(t.startedAt),
    check("earnings_imports_status_check", sql`${t.status} in ('running', 'done', 'failed')`),
    check("earnings_imports_format_check", sql`${t.format} in ('amazon-earnings', 'amazon-orders', 'generic')`),
  ],
);

// The lines of the retailers' reports, as imported (issue 28, decision 064). A line's fingerprint
// is its content plus its place among identical lines of its file, so a file imported twice, or
// two reports that overlap, add each line once. Lines match toys when read (by ASIN or the
// retailer's item id), not when imported: a line that matched nothing counts once a toy has its id.
export const earningsRows = pgTable(
  "earnings_rows",
  {
    id: serial("id").primaryKey(),
    fingerprint: text("fingerprint").notNull().unique(),
    /** an earnings line (fees paid on shipped items) or an orders line (items ordered, no fees) */
    kind: text("kind").$type<"earnings" | "orders">().notNull(),
    /** the report's date: shipped (earnings) or ordered (orders), UTC day */
    day: date("day", { mode: "string" }).notNull(),
    /** the ASIN, or the programme's own item id */
    itemId: text("item_id").notNull(),
    itemName: text("item_name").notNull().default(""),
    trackingId: text("tracking_id").notNull().default(""),
    device: text("device").notNull().default(""),
    /** items shipped (earnings) or ordered (orders) */
    items: integer("items").notNull().default(0),
    returns: integer("returns").notNull().default(0),
    /** the sale amount, and what the retailer pays the site for it, in cents of `currency`; negative for a refund */
    revenueCents: integer("revenue_cents").notNull().default(0),
    earningsCents: integer("earnings_cents").notNull().default(0),
    currency: text("currency").notNull(),
    importId: integer("import_id").references(() => earningsImports.id, { onDelete: "set null" }),
  },
  (t) => [
    index("earnings_rows_day_idx").on(t.day),
    index("earnings_rows_item_id_idx").on(t.itemId),
    index("earnings_rows_import_id_idx").on(t.importId),
    check("earnings_rows_kind_check", sql`${t.kind} in ('earnings', 'orders')`),
    check("earnings_rows_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

// The owner's statement that a tracking ID is used in one placement only (issue 28): its lines
// go to that placement whole, instead of being shared by clicks (decision 064).
export const trackingIdPlacements = pgTable("tracking_id_placements", {
  trackingId: text("tracking_id").primaryKey(),
  placement: text("placement").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
