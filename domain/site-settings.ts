import { z } from "zod";
import { MAX_DISCLOSURE_TEXT, normalizeDisclosure } from "./disclosure";
import {
  ASSOCIATE_TAG_PATTERN,
  checkAssociateTags,
  MARKETPLACE_HOSTS,
  type MarketplaceCountry,
  parseAssociateTags,
  type TagsByMarketplace,
} from "./marketplaces";
import {
  CREDENTIAL_VERSIONS,
  MAX_CLIENT_ID,
  MAX_CLIENT_SECRET,
  MAX_FEED_URL,
  MAX_FEED_URLS,
  MAX_POSTAL_ADDRESS,
  MAX_POSTAL_ADDRESS_LINES,
  MIN_POSTAL_ADDRESS,
  SCHEDULE_LIMITS,
  SETTINGS_TEXT,
} from "./site-settings-text";
import { wireSchema } from "./wire-schema";

// The site's settings (issue 26, decision 047; issue 27, decision 061): what the owner edits in
// the admin over the defaults of the server's configuration. The postal address every marketing
// e-mail must show (CAN-SPAM), the Amazon Associates tags, the Creators API credential, the
// product feeds, the sync and link check schedules, the price age and the footer's affiliate
// disclosure. Also what the admin says while something is missing.

const MARKETPLACES = Object.values(MARKETPLACE_HOSTS) as [string, ...string[]];

/** Lines trimmed, spaces inside them collapsed, blank lines dropped: the address as e-mails show it ("" for none). */
export function normalizePostalAddress(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** What is wrong with a normalised postal address ("" is none, which is fine), or null. */
function postalAddressProblem(address: string): string | null {
  if (address.length > MAX_POSTAL_ADDRESS) return SETTINGS_TEXT.postalAddressTooLong;
  if (address !== "" && address.length < MIN_POSTAL_ADDRESS) return SETTINGS_TEXT.postalAddressTooShort;
  if (address.split("\n").length > MAX_POSTAL_ADDRESS_LINES) return SETTINGS_TEXT.postalAddressTooManyLines;
  return null;
}

// No pipe into a second string schema: the form kit (Conform) would read an empty value there
// as a missing one.
const checkedPostalAddress = (address: string, ctx: z.RefinementCtx) => {
  const problem = postalAddressProblem(address);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
};

/** A postal address as text (SITE_POSTAL_ADDRESS): normalised; null when empty. */
export const postalAddressTextSchema = wireSchema(() =>
  z
    .string(SETTINGS_TEXT.postalAddressText)
    .transform(normalizePostalAddress)
    .superRefine(checkedPostalAddress)
    .transform((address) => address || null),
);

/** The postal address as the form or the API sends it: normalised; empty or null for none. */
const postalAddressInputSchema = wireSchema(() =>
  z
    .string(SETTINGS_TEXT.postalAddressText)
    .nullable()
    .transform((value) => normalizePostalAddress(value ?? ""))
    .superRefine(checkedPostalAddress)
    .transform((address) => address || null),
);

/** A disclosure sentence (SITE_DISCLOSURE_TEXT, the admin's): one line of 1 to 500 characters. */
export const disclosureTextSchema = wireSchema(() =>
  z
    .string(SETTINGS_TEXT.disclosureInvalid)
    .transform(normalizeDisclosure)
    .refine((text) => text.length > 0 && text.length <= MAX_DISCLOSURE_TEXT, SETTINGS_TEXT.disclosureInvalid),
);

const feedUrlSchema = wireSchema(() =>
  z
    .string(SETTINGS_TEXT.feedUrlInvalid)
    .trim()
    .max(MAX_FEED_URL, SETTINGS_TEXT.feedUrlInvalid)
    .pipe(z.url({ protocol: /^https?$/, message: SETTINGS_TEXT.feedUrlInvalid })),
);

/** Feed addresses: each an http(s) URL, the same one kept once, at most MAX_FEED_URLS. */
const feedUrlsSchema = wireSchema(() =>
  z
    .array(feedUrlSchema, SETTINGS_TEXT.feedUrlInvalid)
    .max(MAX_FEED_URLS, SETTINGS_TEXT.feedUrlsTooMany)
    .transform((urls) => [...new Set(urls)]),
);

const syncIntervalSchema = wireSchema(() =>
  z
    .number(SETTINGS_TEXT.syncIntervalInvalid)
    .int(SETTINGS_TEXT.syncIntervalInvalid)
    .min(SCHEDULE_LIMITS.syncIntervalMinutes.min, SETTINGS_TEXT.syncIntervalInvalid)
    .max(SCHEDULE_LIMITS.syncIntervalMinutes.max, SETTINGS_TEXT.syncIntervalInvalid),
);
const linkCheckIntervalSchema = wireSchema(() =>
  z
    .number(SETTINGS_TEXT.linkCheckIntervalInvalid)
    .positive(SETTINGS_TEXT.linkCheckIntervalInvalid)
    .max(SCHEDULE_LIMITS.linkCheckIntervalHours.max, SETTINGS_TEXT.linkCheckIntervalInvalid),
);
const priceMaxAgeSchema = wireSchema(() =>
  z
    .number(SETTINGS_TEXT.priceMaxAgeInvalid)
    .min(SCHEDULE_LIMITS.priceMaxAgeHours.min, SETTINGS_TEXT.priceMaxAgeInvalid)
    .max(SCHEDULE_LIMITS.priceMaxAgeHours.max, SETTINGS_TEXT.priceMaxAgeInvalid),
);

/** Associate tags by marketplace country (`{ "US": "pawsome-20", "GB": "pawsomeuk-21" }`), by AMAZON_ASSOCIATE_TAGS' rules. */
const associateTagsSchema = wireSchema(() =>
  z
    .record(z.string(), z.string(SETTINGS_TEXT.associateTagsText), SETTINGS_TEXT.associateTagsText)
    .transform((given, ctx): TagsByMarketplace => {
      const checked = checkAssociateTags(Object.entries(given).map(([country, tag]) => [country, tag.trim()]));
      if ("tags" in checked) return checked.tags;
      ctx.addIssue({ code: "custom", message: checked.problem });
      return z.NEVER;
    }),
);

const credentialVersionSchema = wireSchema(() => z.enum(CREDENTIAL_VERSIONS, SETTINGS_TEXT.credentialVersionInvalid));
const marketplaceSchema = wireSchema(() => z.enum(MARKETPLACES, SETTINGS_TEXT.marketplaceInvalid));

/** The Creators API credential as the owner saves it; an empty or missing secret keeps the saved one. */
const creatorsInputSchema = wireSchema(() =>
  z.object({
    clientId: z
      .string(SETTINGS_TEXT.clientIdRequired)
      .trim()
      .min(1, SETTINGS_TEXT.clientIdRequired)
      .max(MAX_CLIENT_ID, SETTINGS_TEXT.clientIdTooLong),
    clientSecret: z
      .string(SETTINGS_TEXT.clientSecretRequired)
      .trim()
      .max(MAX_CLIENT_SECRET, SETTINGS_TEXT.clientSecretTooLong)
      .optional()
      .transform((secret) => secret || undefined),
    credentialVersion: credentialVersionSchema.default("2.1"),
    marketplace: marketplaceSchema.default("www.amazon.com"),
  }),
);
export type CreatorsInput = z.output<typeof creatorsInputSchema>;

/**
 * PUT /api/admin/settings and the settings form: the settings the owner changes. A setting left
 * out stays as it is; null removes the owner's own, and the server's configuration applies again
 * (a postal address may also be sent empty for that).
 */
export const siteSettingsInputSchema = wireSchema(() =>
  z.object({
    postalAddress: postalAddressInputSchema.optional(),
    /** tags by marketplace country; they replace the configuration's (AMAZON_ASSOCIATE_TAG, AMAZON_ASSOCIATE_TAGS) whole */
    associateTags: associateTagsSchema.nullable().optional(),
    /** the Creators API credential; the secret is stored encrypted and never answered back */
    creators: creatorsInputSchema.nullable().optional(),
    /** product feeds (PRODUCT_FEED_URLS) */
    feedUrls: feedUrlsSchema.nullable().optional(),
    /** minutes between product syncs (PRODUCT_SYNC_INTERVAL_MINUTES) */
    syncIntervalMinutes: syncIntervalSchema.nullable().optional(),
    /** hours between link checks (LINK_CHECK_INTERVAL_HOURS) */
    linkCheckIntervalHours: linkCheckIntervalSchema.nullable().optional(),
    /** hours a confirmed price may be shown; 0: any age (PRICE_MAX_AGE_HOURS) */
    priceMaxAgeHours: priceMaxAgeSchema.nullable().optional(),
    /** the footer's affiliate disclosure (SITE_DISCLOSURE_TEXT) */
    disclosureText: disclosureTextSchema.nullable().optional(),
  }),
);
export type SiteSettingsInput = z.output<typeof siteSettingsInputSchema>;
/** The settings the owner can save, by their names in the API. */
export type SettingName = keyof SiteSettingsInput;

/** Whose value applies: the owner's (saved in the admin), the server's configuration's, or nobody's. */
const settingSourceSchema = wireSchema(() => z.enum(["admin", "environment"]).nullable());
export type SettingSource = z.infer<typeof settingSourceSchema>;

const tagsByMarketplaceSchema = wireSchema(() => z.record(z.string(), z.string()));

/** A Creators API credential as the admin shows it: never its secret. */
const creatorsViewSchema = wireSchema(() =>
  z.object({
    clientId: z.string(),
    credentialVersion: credentialVersionSchema,
    /** the Amazon store it reads (www.amazon.com, ...) */
    marketplace: z.string(),
    /** false only when a saved secret cannot be read (the app secret changed): type it again */
    hasSecret: z.boolean(),
  }),
);

/** The settings as the admin shows them (GET /api/admin/settings): each value in force, whose it is, and the configuration's. */
export const siteSettingsSchema = wireSchema(() =>
  z.object({
    /** the address e-mails show now: the owner's, else SITE_POSTAL_ADDRESS; null when neither is set */
    postalAddress: z.string().nullable(),
    /** where it comes from */
    postalAddressSource: settingSourceSchema,
    /** SITE_POSTAL_ADDRESS: what applies when the owner has set none */
    environmentPostalAddress: z.string().nullable(),
    /** the default marketplace's tag, which /go adds to Amazon links without a tag; null: clicks there earn nothing */
    associateTag: z.string().nullable(),
    /** the store stored links point to and prices come from (the credential's marketplace, else AMAZON_CREATORS_MARKETPLACE) */
    defaultMarketplace: z.string(),
    /** the tags /go uses, by marketplace country */
    associateTags: tagsByMarketplaceSchema,
    associateTagsSource: settingSourceSchema,
    /** AMAZON_ASSOCIATE_TAG and AMAZON_ASSOCIATE_TAGS, by marketplace country */
    environmentAssociateTags: tagsByMarketplaceSchema,
    /** the Creators API credential in force, without its secret; null: no Amazon look-ups */
    creators: creatorsViewSchema.extend({ source: z.enum(["admin", "environment"]) }).nullable(),
    creatorsSource: settingSourceSchema,
    /** AMAZON_CREATORS_CLIENT_ID and its companions, without the secret */
    environmentCreators: creatorsViewSchema.nullable(),
    feedUrls: z.array(z.string()),
    feedUrlsSource: settingSourceSchema,
    /** PRODUCT_FEED_URLS */
    environmentFeedUrls: z.array(z.string()),
    syncIntervalMinutes: z.number(),
    syncIntervalMinutesSource: settingSourceSchema,
    /** PRODUCT_SYNC_INTERVAL_MINUTES */
    environmentSyncIntervalMinutes: z.number(),
    linkCheckIntervalHours: z.number(),
    linkCheckIntervalHoursSource: settingSourceSchema,
    /** LINK_CHECK_INTERVAL_HOURS */
    environmentLinkCheckIntervalHours: z.number(),
    priceMaxAgeHours: z.number(),
    priceMaxAgeHoursSource: settingSourceSchema,
    /** PRICE_MAX_AGE_HOURS */
    environmentPriceMaxAgeHours: z.number(),
    disclosureText: z.string(),
    disclosureTextSource: settingSourceSchema,
    /** SITE_DISCLOSURE_TEXT */
    environmentDisclosureText: z.string(),
  }),
);
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type CreatorsView = z.infer<typeof creatorsViewSchema>;

/** One line a box: trimmed, blank ones dropped. */
function lines(text: string | undefined): string[] {
  return (text ?? "")
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The settings form's fields as the page posts them (every value text, an empty one missing):
 * an empty field means "use the server's configuration", but an empty client secret keeps the
 * saved one. The numbers are read by the form kit from their inputs.
 */
const settingsFormFields = wireSchema(() =>
  z.object({
    postalAddress: z.string(SETTINGS_TEXT.postalAddressText).optional(),
    /** the default marketplace's tag */
    associateTag: z.string().trim().regex(ASSOCIATE_TAG_PATTERN, SETTINGS_TEXT.associateTagInvalid).optional(),
    /** the other marketplaces' tags, one COUNTRY=tag a line */
    moreAssociateTags: z
      .string()
      .optional()
      .transform((text, ctx) => {
        const parsed = parseAssociateTags(lines(text).join("\n"));
        if ("tags" in parsed) return parsed.tags;
        ctx.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }),
    creatorsClientId: z.string().trim().max(MAX_CLIENT_ID, SETTINGS_TEXT.clientIdTooLong).optional(),
    creatorsClientSecret: z.string().trim().max(MAX_CLIENT_SECRET, SETTINGS_TEXT.clientSecretTooLong).optional(),
    creatorsCredentialVersion: credentialVersionSchema.optional(),
    creatorsMarketplace: marketplaceSchema.optional(),
    feedUrls: z
      .string()
      .optional()
      .transform((text, ctx) => {
        const checked = feedUrlsSchema.safeParse(lines(text));
        if (checked.success) return checked.data;
        ctx.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? SETTINGS_TEXT.feedUrlInvalid });
        return z.NEVER;
      }),
    syncIntervalMinutes: syncIntervalSchema.optional(),
    linkCheckIntervalHours: linkCheckIntervalSchema.optional(),
    priceMaxAgeHours: priceMaxAgeSchema.optional(),
    disclosureText: z
      .string(SETTINGS_TEXT.disclosureInvalid)
      .max(MAX_DISCLOSURE_TEXT * 2, SETTINGS_TEXT.disclosureInvalid)
      .optional(),
  }),
);

/**
 * The settings page's form (its route action parses with it, the browser checks with it): its
 * fields become the PUT /api/admin/settings body, every setting in it, and pass the API's schema.
 * `home` is the default marketplace's country, whose tag the form's first tag field is.
 */
export function siteSettingsFormSchema(home: MarketplaceCountry | null) {
  return settingsFormFields
    .superRefine((form, ctx) => {
      if (home && form.associateTag && form.moreAssociateTags[home] !== undefined) {
        ctx.addIssue({ code: "custom", path: ["moreAssociateTags"], message: `${home} is given twice` });
      }
      if (form.creatorsClientSecret && !form.creatorsClientId) {
        ctx.addIssue({ code: "custom", path: ["creatorsClientId"], message: SETTINGS_TEXT.clientIdWithSecret });
      }
    })
    .transform((form): z.input<typeof siteSettingsInputSchema> => {
      const tags: Record<string, string> = { ...form.moreAssociateTags };
      if (home && form.associateTag) tags[home] = form.associateTag;
      return {
        postalAddress: form.postalAddress ?? null,
        associateTags: Object.keys(tags).length > 0 ? tags : null,
        creators: form.creatorsClientId
          ? {
              clientId: form.creatorsClientId,
              clientSecret: form.creatorsClientSecret,
              credentialVersion: form.creatorsCredentialVersion,
              marketplace: form.creatorsMarketplace,
            }
          : null,
        feedUrls: form.feedUrls.length > 0 ? form.feedUrls : null,
        syncIntervalMinutes: form.syncIntervalMinutes ?? null,
        linkCheckIntervalHours: form.linkCheckIntervalHours ?? null,
        priceMaxAgeHours: form.priceMaxAgeHours ?? null,
        disclosureText: form.disclosureText ?? null,
      };
    })
    .pipe(siteSettingsInputSchema);
}
