import { z } from "zod";
import { csvLine } from "./csv";
import { SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES, type SubscriberStatus } from "./subscriber-text";
import { wireSchema } from "./wire-schema";

// Newsletter subscribers as the owner manages them (issue 19): the list, its filters, the CSV
// export and the one change the owner may make by hand (unsubscribing an address).

/** Subscribers per page, in the admin table and by default in the API. */
export const SUBSCRIBERS_PAGE_SIZE = 50;
export const MAX_SUBSCRIBER_SEARCH_LENGTH = 254;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_ZONE = /^[A-Za-z0-9_+\-/]{1,64}$/;

/** True when `zone` is an IANA time zone this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  if (!TIME_ZONE.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const day = (name: string) =>
  z
    .string(`${name} must be a day (yyyy-mm-dd)`)
    .regex(DAY, `${name} must be a day (yyyy-mm-dd)`)
    .refine(
      (text) =>
        !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
      {
        message: `${name} must be a day (yyyy-mm-dd)`,
      },
    )
    .optional()
    .or(z.literal("").transform(() => undefined));

const filterFields = wireSchema(() => ({
  search: z
    .string("search must be text")
    .max(MAX_SUBSCRIBER_SEARCH_LENGTH, `search must be at most ${MAX_SUBSCRIBER_SEARCH_LENGTH} characters`)
    .transform((text) => text.trim() || undefined)
    .optional(),
  status: z
    .enum([...SUBSCRIBER_STATUSES, "all"], { error: `status must be one of ${SUBSCRIBER_STATUSES.join(", ")} or all` })
    .default("all"),
  /** first signup day shown */
  from: day("from"),
  /** last signup day shown */
  to: day("to"),
  /** the zone the days are read in (and the export's times are written in); UTC by default */
  timeZone: z
    .string("timeZone must be a time zone name")
    .refine(isKnownTimeZone, "timeZone must be a time zone name like Europe/London")
    .optional(),
}));

const fromNotAfterTo = (q: { from?: string; to?: string }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;
const FROM_AFTER_TO = { path: ["from"], message: "from must not be after to" };

/** GET /api/admin/subscribers (and the admin page's URL): part of an address, a status, signup days, the page. */
export const subscriberListQuerySchema = wireSchema(() =>
  z
    .object({
      ...filterFields,
      page: z.coerce.number("page must be a whole number from 1").int().min(1).max(1_000_000).default(1),
      pageSize: z.coerce
        .number("pageSize must be a whole number from 1 to 500")
        .int()
        .min(1)
        .max(500)
        .default(SUBSCRIBERS_PAGE_SIZE),
    })
    .refine(fromNotAfterTo, FROM_AFTER_TO),
);
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>;
export type SubscriberFilter = Omit<SubscriberListQuery, "page" | "pageSize">;

/** GET /api/admin/subscribers.csv: the list's filters, and the locale the times are written in. */
export const subscriberExportQuerySchema = wireSchema(() =>
  z
    .object({
      ...filterFields,
      locale: z
        .string("locale must be a language tag")
        .max(50)
        .regex(/^[A-Za-z0-9-]+$/, "locale must be a language tag like en-GB")
        .optional(),
    })
    .refine(fromNotAfterTo, FROM_AFTER_TO),
);

/** One subscriber with the consent that put the address on the list. */
export const subscriberSchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    email: z.string(),
    status: z.enum(SUBSCRIBER_STATUSES),
    /** how its current consent was given: "quiz", or "confirmation-link" (subscribed again) */
    source: z.string(),
    /** the wording the visitor agreed to (the whole history: the personal-data export) */
    consentText: z.string(),
    /** ISO 8601 */
    consentedAt: z.iso.datetime(),
    /** ISO 8601: the first signup */
    createdAt: z.iso.datetime(),
    unsubscribedAt: z.iso.datetime().nullable(),
    /** ISO 8601: when a mail server refused the address for good */
    bouncedAt: z.iso.datetime().nullable(),
  }),
);
export type Subscriber = z.infer<typeof subscriberSchema>;

/**
 * PATCH /api/admin/subscribers/{id}. The owner may only take an address off the list: putting
 * it back needs the person's own consent (the quiz's signup), not the owner's.
 */
export const subscriberUpdateSchema = wireSchema(() =>
  z
    .object({
      status: z.literal("unsubscribed", { error: 'status can only be set to "unsubscribed"' }),
    })
    .strict(),
);

/** The start of an instant of `day` (yyyy-mm-dd) in `timeZone`, or of the next day with `next`. */
export function dayStart(day: string, timeZone = "UTC", next = false): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d + (next ? 1 : 0));
  const offset = (at: number) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }).formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - at;
  };
  // Twice: the offset at the guess may differ from the offset at the answer (a DST change that day).
  const first = guess - offset(guess);
  return new Date(guess - offset(first));
}

export const SUBSCRIBERS_CSV_FILENAME = "subscribers.csv";
export const SUBSCRIBERS_CSV_HEADERS = [
  "Email",
  "Status",
  "Source",
  "Consent Text",
  "Consented At",
  "Signed Up",
  "Unsubscribed At",
  "Bounced At",
] as const;

export interface SubscriberCsvRow {
  email: string;
  status: string;
  source: string;
  consentText: string;
  consentedAt: Date;
  createdAt: Date;
  unsubscribedAt: Date | null;
  bouncedAt: Date | null;
}

/** The export's line for one subscriber (same cell rules as the quiz export: domain/csv.ts). */
export function subscriberCsvLine(row: SubscriberCsvRow, formatTime: (date: Date) => string): string {
  const time = (date: Date | null) => (date ? formatTime(date) : null);
  return csvLine([
    row.email,
    SUBSCRIBER_STATUS_LABELS[row.status as SubscriberStatus] ?? row.status,
    row.source,
    row.consentText,
    time(row.consentedAt),
    time(row.createdAt),
    time(row.unsubscribedAt),
    time(row.bouncedAt),
  ]);
}

/**
 * Date and time in the browser's locale and zone ("02/01/2026 23:30" in en-US), without the
 * comma some locales put between them, so a cell needs no quoting: consent is a moment, not a
 * day. Unknown locales or zones fall back to en-US and UTC.
 */
export function localDateTimeFormatter(locale?: string, timeZone?: string): (date: Date) => string {
  const make = (loc: string, zone: string) => ({
    day: new Intl.DateTimeFormat(loc, { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }),
    time: new Intl.DateTimeFormat(loc, { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  });
  let format: ReturnType<typeof make>;
  try {
    format = make(locale || "en-US", timeZone || "UTC");
  } catch {
    format = make("en-US", "UTC");
  }
  return (date) => `${format.day.format(date)} ${format.time.format(date)}`;
}

// The consent history (issue 26): every consent and withdrawal of an address, as it happened,
// kept beside the subscriber's current state instead of overwriting it.

/** How long the "Do you want the newsletter again?" link works. */
export const RESUBSCRIBE_LINK_DAYS = 7;

/** What the confirmation page shows next to its button: the consent a click gives. */
export const RESUBSCRIBE_NOTICE =
  "Yes, send me the Pawsome Picks newsletter again, with dog toy tips and recommendations. I can unsubscribe at any time with the link in every e-mail.";
