import { z } from "zod";
import { MAX_DATABASE_ID } from "./ids";
import { formatBytes } from "./media";
import { isKnownTimeZone } from "./subscribers";
import { wireSchema } from "./wire-schema";

// The admin audit log (issue 19, decision 029): what the owner did, when, and to which item.
// It never holds personal data: a subscriber or a contact message is named by its id, an
// erasure by its row count and a prefix of the address's hash.

export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-out",
  "sign-in-throttled",
  "sign-in-link",
  "create",
  "update",
  "publish",
  "delete",
  "restore",
  "archive",
  "unsubscribe",
  "send",
  "look-up",
  "export",
  "import",
  "erase",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "sign-in": "Signed in",
  "sign-out": "Signed out",
  "sign-in-throttled": "Failed sign-ins throttled",
  "sign-in-link": "Sign-in link e-mailed",
  create: "Created",
  update: "Updated",
  publish: "Published",
  delete: "Deleted",
  restore: "Restored",
  archive: "Archived",
  unsubscribe: "Unsubscribed",
  send: "Sent",
  "look-up": "Looked up",
  export: "Exported",
  import: "Imported",
  erase: "Erased",
};

export const AUDIT_ITEM_KINDS = [
  "account",
  "post",
  "product",
  "category",
  "breed",
  "media",
  "message",
  "subscriber",
  "newsletter",
  "quiz-submission",
  "personal-data",
  "settings",
  "earnings",
] as const;
export type AuditItemKind = (typeof AUDIT_ITEM_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditItemKind, string> = {
  account: "Account",
  post: "Post",
  product: "Product",
  category: "Category",
  breed: "Breed",
  media: "Image",
  message: "Message",
  subscriber: "Subscriber",
  newsletter: "Newsletter",
  "quiz-submission": "Quiz submission",
  "personal-data": "Personal data",
  settings: "Settings",
  earnings: "Earnings",
};

/** Entries per page, in the admin list and by default in the API. */
export const AUDIT_PAGE_SIZE = 50;
/** Entries on the dashboard's "Recent Activity" panel. */
export const AUDIT_RECENT_COUNT = 8;
/** How long entries are kept unless AUDIT_LOG_DAYS says otherwise. */
export const AUDIT_LOG_DEFAULT_DAYS = 365;

/** What an entry adds about the action: flat values only (counts, flags, a hash prefix), never personal data. */
export type AuditDetails = Record<string, string | number | boolean>;

/** One admin action as GET /api/admin/audit-log answers it. */
export const auditEntrySchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    /** ISO 8601 */
    at: z.iso.datetime(),
    action: z.enum(AUDIT_ACTIONS),
    itemKind: z.enum(AUDIT_ITEM_KINDS),
    /** the item's id; null for actions on several items or none (a sign-in burst, an export) */
    itemId: z.number().int().positive().nullable(),
    /** the item's title or name when the action happened, or a neutral name ("Subscriber #12") */
    itemLabel: z.string().nullable(),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    /** true while the item can still be opened in the admin (not deleted, not in the trash) */
    itemExists: z.boolean(),
  }),
);
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (text: string) => DAY.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

const day = (name: string) =>
  z
    .string(`${name} must be a day (yyyy-mm-dd)`)
    .refine(isCalendarDay, `${name} must be a day (yyyy-mm-dd)`)
    .optional()
    .or(z.literal("").transform(() => undefined));

const ACTION_CHOICES = [...AUDIT_ACTIONS, "all"] as const;
const KIND_CHOICES = [...AUDIT_ITEM_KINDS, "all"] as const;

/** GET /api/admin/audit-log (and /admin/activity's URL): action, kind of item, days, the page. */
export const auditListQuerySchema = wireSchema(() =>
  z
    .object({
      // an empty value is "all": what a GET form sends for its first option
      action: z
        .union([z.enum(ACTION_CHOICES), z.literal("").transform(() => "all" as const)], {
          error: `action must be one of ${AUDIT_ACTIONS.join(", ")} or all`,
        })
        .default("all"),
      kind: z
        .union([z.enum(KIND_CHOICES), z.literal("").transform(() => "all" as const)], {
          error: `kind must be one of ${AUDIT_ITEM_KINDS.join(", ")} or all`,
        })
        .default("all"),
      /** first day shown */
      from: day("from"),
      /** last day shown */
      to: day("to"),
      /** the zone the days are read in; UTC by default */
      timeZone: z
        .string("timeZone must be a time zone name")
        .refine(isKnownTimeZone, "timeZone must be a time zone name like Europe/London")
        .optional(),
      page: z.coerce
        .number("page must be a whole number from 1")
        .int("page must be a whole number from 1")
        .min(1, "page must be a whole number from 1")
        .max(1_000_000, "page must be a whole number from 1 to 1000000")
        .default(1),
      pageSize: z.coerce
        .number("pageSize must be a whole number from 1 to 200")
        .int("pageSize must be a whole number from 1 to 200")
        .min(1, "pageSize must be a whole number from 1 to 200")
        .max(200, "pageSize must be a whole number from 1 to 200")
        .default(AUDIT_PAGE_SIZE),
    })
    .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
      path: ["from"],
      message: "from must not be after to",
    }),
);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;
export type AuditFilter = Omit<AuditListQuery, "page" | "pageSize">;

/** True when the list is narrowed by any filter. */
export function auditFiltered(filter: AuditFilter): boolean {
  return Boolean(filter.action !== "all" || filter.kind !== "all" || filter.from || filter.to);
}

const ITEM_PAGES: Partial<Record<AuditItemKind, string>> = {
  post: "/admin/posts",
  product: "/admin/products",
  category: "/admin/categories",
  breed: "/admin/breeds",
  message: "/admin/messages",
  newsletter: "/admin/newsletters",
};

/** The admin page of an entry's item while it still exists, or null. */
export function auditItemHref(entry: Pick<AuditEntry, "itemKind" | "itemId" | "itemExists">): string | null {
  const base = ITEM_PAGES[entry.itemKind];
  if (!base || entry.itemId === null || !entry.itemExists || entry.itemId > MAX_DATABASE_ID) return null;
  return `${base}/${entry.itemId}`;
}

/** The entry's item as a phrase: its label, or its kind and id. */
export function auditItemName(entry: Pick<AuditEntry, "itemKind" | "itemId" | "itemLabel">): string {
  if (entry.itemLabel) return entry.itemLabel;
  const kind = AUDIT_KIND_LABELS[entry.itemKind];
  return entry.itemId === null ? kind : `${kind} #${entry.itemId}`;
}

/** A setting saved, or removed so that the server's configuration applies again. */
const settingNote = (label: string) => (value: string | number | boolean) =>
  value === "removed" ? `${label}: back to the server's` : `${label} saved`;

const DETAIL_NOTES: Record<string, (value: string | number | boolean) => string | null> = {
  forever: (value) => (value === true ? "for good" : null),
  placement: (value) => (value === "" ? "no placement" : `placement ${value}`),
  previous: (value) => `was ${value}`,
  test: (value) => (value === true ? "test copy to the owner" : null),
  reply: (value) => (value === true ? "reply to the sender" : null),
  scheduled: (value) => (value === true ? "scheduled" : null),
  rows: (value) => `${value} ${value === 1 ? "row" : "rows"}`,
  count: (value) => `${value} ${value === 1 ? "item" : "items"}`,
  hash: (value) => `address hash ${value}…`,
  scope: (value) => (value === "account" ? "many clients at once" : "one client"),
  revision: (value) => `revision #${value}`,
  duplicateOf: (value) => `copy of #${value}`,
  bulk: (value) => `bulk: ${value}`,
  from: (value) => `from the ${value}`,
  fromPost: (value) => `from post #${value}`,
  unpublished: (value) => (value === true ? "back to draft" : null),
  password: (value) => (value === true ? "password changed" : null),
  via: (value) => `via ${value}`,
  moved: (value) => `moved ${value}`,
  order: (value) => (value === true ? "new order" : null),
  altText: (value) => (value === true ? "alt text" : null),
  moveTo: (value) => `its products moved to category #${value}`,
  complete: (value) => (value === false ? "cancelled before the end" : null),
  recommendationsRemoved: (value) => (value === true ? "with its recommendations" : null),
  postalAddress: (value) => (value === "removed" ? "postal address removed" : "postal address saved"),
  associateTags: settingNote("associate tags"),
  creators: settingNote("Creators API credential"),
  creatorsSecret: () => "new client secret",
  feedUrls: settingNote("product feeds"),
  syncIntervalMinutes: settingNote("sync interval"),
  linkCheckIntervalHours: settingNote("link check interval"),
  priceMaxAgeHours: settingNote("price age"),
  disclosureText: settingNote("disclosure"),
  read: (value) => (value === true ? "marked read" : "marked unread"),
  categoryAdded: (value) => `category ${value} added`,
  categoriesRemoved: (value) => `${value} ${value === 1 ? "category" : "categories"} removed`,
  breedRecommended: (value) => `recommended for ${value}`,
  breedUnrecommended: (value) => `no longer recommended for ${value}`,
  breedLinksRemoved: (value) => `${value} breed ${value === 1 ? "recommendation" : "recommendations"} removed`,
  uploadedAs: (value) => `uploaded as ${String(value).toUpperCase()}`,
  bytes: (value) => (typeof value === "number" ? formatBytes(value) : null),
  existing: (value) => (value === true ? "already in the library" : null),
  linkFromCheck: (value) => (value === true ? "link replaced by the address it redirects to" : null),
  created: (value) => `${value} created`,
  updated: (value) => `${value} updated`,
  unchanged: (value) => `${value} unchanged`,
};

/** The entry's details as short notes for people ("for good", "12 rows"); unknown keys are left out. */
export function auditDetailNotes(details: AuditDetails): string[] {
  return Object.entries(details).flatMap(([key, value]) => {
    const note = DETAIL_NOTES[key]?.(value);
    return note ? [note] : [];
  });
}
