import { z } from "zod";
import { ASSOCIATE_TAG_NOTICE } from "./associate-tag-text";
import { MAX_DISCLOSURE_TEXT, normalizeDisclosure } from "./disclosure";
import {
  ASSOCIATE_TAG_PATTERN,
  checkAssociateTags,
  MARKETPLACE_HOSTS,
  type MarketplaceCountry,
  parseAssociateTags,
  type TagsByMarketplace,
} from "./marketplaces";
import { POSTAL_ADDRESS_ANCHOR, SETTINGS_PATH } from "./settings-links";
import { wireSchema } from "./wire-schema";

export { ASSOCIATE_TAG_NOTICE } from "./associate-tag-text";
export { ASSOCIATE_TAGS_ANCHOR, POSTAL_ADDRESS_ANCHOR } from "./settings-links";

// The site's settings (issue 26, decision 047; issue 27, decision 061): what the owner edits in
// the admin over the defaults of the server's configuration. The postal address every marketing
// e-mail must show (CAN-SPAM), the Amazon Associates tags, the Creators API credential, the
// product feeds, the sync and link check schedules, the price age and the footer's affiliate
// disclosure. Also what the admin says while something is missing.

export const MAX_POSTAL_ADDRESS = 300;
export const MAX_POSTAL_ADDRESS_LINES = 6;
const MIN_POSTAL_ADDRESS = 10;

/** Product feeds one site reads: more would make one sync take longer than its interval. */
export const MAX_FEED_URLS = 20;
const MAX_FEED_URL = 2000;
const MAX_CLIENT_ID = 200;
const MAX_CLIENT_SECRET = 500;

/** The versions Associates Central shows beside a Creators API credential: 2.x Amazon Cognito, 3.x Login with Amazon. */
export const CREDENTIAL_VERSIONS = ["2.1", "2.2", "2.3", "3.1", "3.2", "3.3"] as const;
export type CredentialVersion = (typeof CREDENTIAL_VERSIONS)[number];
export const CREDENTIAL_VERSION_LABELS: Record<CredentialVersion, string> = {
  "2.1": "2.1 (North America)",
  "2.2": "2.2 (Europe)",
  "2.3": "2.3 (Far East)",
  "3.1": "3.1 (North America, Login with Amazon)",
  "3.2": "3.2 (Europe, Login with Amazon)",
  "3.3": "3.3 (Far East, Login with Amazon)",
};

const MARKETPLACES = Object.values(MARKETPLACE_HOSTS) as [string, ...string[]];

/** The bounds of the schedules and the price age (the configuration's and the admin's alike). */
export const SCHEDULE_LIMITS = {
  syncIntervalMinutes: { min: 5, max: 1440 },
  linkCheckIntervalHours: { max: 8760 },
  priceMaxAgeHours: { min: 0, max: 8760 },
} as const;

export const SETTINGS_TEXT = {
  title: "Settings",
  intro:
    "What the site needs from you to earn from its links, keep its prices true and send e-mail lawfully. A field left empty uses the server's configuration.",
  postalAddressHeading: "Postal address",
  postalAddressLabel: "Your postal address",
  postalAddressHint:
    "Shown at the foot of every newsletter and quiz results e-mail, as the law requires (CAN-SPAM): your street address, or a PO box or private mailbox registered with the postal service. Up to 6 lines.",
  postalAddressTooShort: `The postal address must be at least ${MIN_POSTAL_ADDRESS} characters`,
  postalAddressTooLong: `The postal address must be at most ${MAX_POSTAL_ADDRESS} characters`,
  postalAddressTooManyLines: `The postal address must be at most ${MAX_POSTAL_ADDRESS_LINES} lines`,
  postalAddressText: "The postal address must be text",
  save: "Save settings",
  saving: "Saving...",
  saved: "Settings saved",
  associateTagHeading: "Amazon Associates",
  associateTagLabel: (marketplace: string) => `Your tag on ${marketplace}`,
  associateTagHint:
    "Every click through to Amazon carries it, so Amazon credits you for what visitors buy: letters, digits and hyphens, like yourname-20.",
  associateTagInvalid: "The tag must be letters, digits and hyphens (like yourname-20)",
  moreAssociateTagsLabel: "More marketplaces",
  moreAssociateTagsHint: (marketplace: string) =>
    `Your tags in Amazon's other stores, one COUNTRY=tag a line (like GB=pawsomeuk-21): visitors from those countries go to their own store. Everyone else goes to ${marketplace}.`,
  associateTagsText: "The associate tags must be text",
  creatorsHeading: "Amazon Creators API",
  creatorsIntro:
    "The credential Amazon gives in Associates Central (Tools → Creators API). With it the site reads each toy's price, stock and link from Amazon, and checks Amazon links without visiting Amazon's pages.",
  clientIdLabel: "Client id",
  clientIdRequired: "Enter the client id",
  clientIdTooLong: `The client id must be at most ${MAX_CLIENT_ID} characters`,
  clientIdWithSecret: "Enter the client id that goes with the secret",
  clientSecretLabel: "Client secret",
  clientSecretSaved: "Saved — leave empty to keep it",
  clientSecretHint: "Kept encrypted, and never shown again once saved.",
  clientSecretRequired: "Enter the client secret: none is saved yet",
  clientSecretTooLong: `The client secret must be at most ${MAX_CLIENT_SECRET} characters`,
  credentialVersionLabel: "Credential version",
  credentialVersionHint: "Shown beside the credential in Associates Central.",
  credentialVersionInvalid: `The credential version must be the one shown beside the credential: ${CREDENTIAL_VERSIONS.join(", ")}`,
  marketplaceLabel: "Marketplace",
  marketplaceHint: "The Amazon store whose prices the site shows, and where your product links point.",
  marketplaceInvalid: "The marketplace must be one of Amazon's stores, like www.amazon.com",
  feedsHeading: "Product feeds",
  feedUrlsLabel: "Feed addresses",
  feedUrlsHint:
    "One http(s) address a line: your other programmes' product feeds in Google Merchant Center format (RSS or tab-separated). The product sync reads them at every run.",
  feedUrlInvalid: "Each feed must be an http(s) address, like https://shop.example/feed.xml",
  feedUrlsTooMany: `At most ${MAX_FEED_URLS} feeds`,
  schedulesHeading: "Schedules and price age",
  syncIntervalLabel: "Product sync interval",
  syncIntervalUnit: "minutes",
  syncIntervalHint: "How often prices, stock and links are read from Amazon and the feeds: 5 to 1440 (a day).",
  syncIntervalInvalid: "The product sync interval must be a whole number of minutes from 5 to 1440",
  linkCheckIntervalLabel: "Link check interval",
  linkCheckIntervalUnit: "hours",
  linkCheckIntervalHint:
    "How often every retailer link is checked: more than 0, up to 8760 (a year); 0.5 is half an hour.",
  linkCheckIntervalInvalid: "The link check interval must be a number of hours more than 0 and at most 8760",
  priceMaxAgeLabel: "Price age",
  priceMaxAgeUnit: "hours",
  priceMaxAgeHint:
    'A price confirmed longer ago than this is shown nowhere: visitors see "Check the price on Amazon" instead, as Amazon\'s terms require. 0 turns hiding off (for programmes without that rule); 0.5 is half an hour.',
  priceMaxAgeInvalid: "The price age must be a number of hours from 0 (no limit) to 8760",
  disclosureHeading: "Disclosure",
  disclosureLabel: "Affiliate disclosure",
  disclosureHint:
    "The sentence at the foot of every page that tells visitors you earn from their purchases, as the FTC and Amazon's terms require. Plain text, up to 500 characters.",
  disclosureInvalid: `The disclosure must be text of 1 to ${MAX_DISCLOSURE_TEXT} characters`,
} as const;

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

/** Where the form's fields go in the API's body, for a service's refusal of one (the secret that is missing). */
export const SETTINGS_FORM_FIELDS: Partial<Record<string, string>> = {
  "creators.clientSecret": "creatorsClientSecret",
  "creators.clientId": "creatorsClientId",
};

/** Something the owner must set up before part of the site works as it should. */
export interface SiteNotice {
  id: "postal-address" | "associate-tag" | "product-sync" | "hidden-prices";
  title: string;
  text: string;
  link: { href: string; label: string };
}

export const POSTAL_ADDRESS_NOTICE: SiteNotice = {
  id: "postal-address",
  title: "Newsletters cannot be sent yet",
  text: "The law (CAN-SPAM) requires your postal address in every newsletter, and none is set, so sending is refused. Quiz results e-mails go out without it until you add it.",
  link: { href: `${SETTINGS_PATH}#${POSTAL_ADDRESS_ANCHOR}`, label: "Add your postal address" },
};

/** What the owner still has to set up, most pressing first. */
export function siteNotices(settings: Pick<SiteSettings, "postalAddress" | "associateTag">): SiteNotice[] {
  return [
    ...(settings.postalAddress ? [] : [POSTAL_ADDRESS_NOTICE]),
    ...(settings.associateTag ? [] : [ASSOCIATE_TAG_NOTICE]),
  ];
}
