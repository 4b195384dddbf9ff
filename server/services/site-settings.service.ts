import { inArray } from "drizzle-orm";
import { z } from "zod";
import { DEFAULT_DISCLOSURE_TEXT } from "#domain/disclosure.ts";
import {
  type AssociateTags,
  associateTagsFrom,
  MARKETPLACE_HOSTS,
  type MarketplaceCountry,
  marketplaceOfHost,
  type TagsByMarketplace,
} from "#domain/marketplaces.ts";
import type {
  CreatorsInput,
  SettingName,
  SettingSource,
  SiteSettings,
  SiteSettingsInput,
} from "#domain/site-settings.ts";
import { CREDENTIAL_VERSIONS, type CredentialVersion, SETTINGS_TEXT } from "#domain/site-settings-text.ts";
import type { Database } from "#server/db/client.ts";
import { siteSettings } from "#server/db/schema.ts";
import { seal, sealingKey, unseal } from "./sealed-secret";
import type { SecretSource } from "./secrets.service";
import { ServiceError } from "./service-error";

/** The row of each setting the owner may save (site_settings.key). */
const KEYS = {
  postalAddress: "postal-address",
  associateTags: "associate-tags",
  creators: "amazon-creators",
  feedUrls: "feed-urls",
  syncIntervalMinutes: "sync-interval-minutes",
  linkCheckIntervalHours: "link-check-interval-hours",
  priceMaxAgeHours: "price-max-age-hours",
  disclosureText: "disclosure-text",
} as const satisfies Record<SettingName, string>;
const SETTING_NAMES = Object.keys(KEYS) as SettingName[];

/** The HKDF purpose of the key that seals the Creators API secret: a key for nothing else. */
const CREATORS_SECRET_PURPOSE = "site settings: Amazon Creators API client secret";

/** A Creators API credential, its secret readable. */
export interface CreatorsCredential {
  clientId: string;
  clientSecret: string;
  credentialVersion: CredentialVersion;
  /** the Amazon store it reads, e.g. www.amazon.com */
  marketplace: string;
}

export interface SiteSettingsDefaults {
  /** SITE_POSTAL_ADDRESS, already normalised */
  postalAddress?: string | null;
  /** AMAZON_ASSOCIATE_TAG: the default marketplace's tag */
  associateTag?: string | null;
  /** AMAZON_ASSOCIATE_TAGS: the tags of other marketplaces, by country */
  associateTags?: TagsByMarketplace;
  /** AMAZON_CREATORS_MARKETPLACE: the marketplace the stored links point to (default www.amazon.com) */
  marketplace?: string;
  /** AMAZON_CREATORS_CLIENT_ID, _SECRET and _CREDENTIAL_VERSION; null: none configured */
  creators?: CreatorsCredential | null;
  /** PRODUCT_FEED_URLS */
  feedUrls?: readonly string[];
  /** PRODUCT_SYNC_INTERVAL_MINUTES (default 60) */
  syncIntervalMinutes?: number;
  /** LINK_CHECK_INTERVAL_HOURS (default 24) */
  linkCheckIntervalHours?: number;
  /** PRICE_MAX_AGE_HOURS (default 24) */
  priceMaxAgeHours?: number;
  /** SITE_DISCLOSURE_TEXT (default DEFAULT_DISCLOSURE_TEXT) */
  disclosureText?: string;
}

/** What the product sync and the link check read at the start of each run, and their schedulers at each tick. */
export interface RetailSettings {
  /** the credential in force and whose it is; null: no Amazon look-ups */
  creators: (CreatorsCredential & { source: "admin" | "environment" }) | null;
  /** the default marketplace's associate tag, which Amazon's answers put into their links */
  partnerTag: string | null;
  feedUrls: readonly string[];
  syncIntervalMinutes: number;
  linkCheckIntervalHours: number;
}

/** Which settings a save changed ("saved", or "removed": back to the configuration's), and whether a new secret came with it. */
export type SettingsChanges = Partial<Record<SettingName | "creatorsSecret", "saved" | "removed">>;

// What a row holds: text, a number, or JSON. A row that does not read as its setting (written by
// a later version, or by hand) counts as not saved, so the configuration applies.
const storedCreatorsSchema = z.object({
  clientId: z.string().min(1),
  credentialVersion: z.enum(CREDENTIAL_VERSIONS),
  marketplace: z.string().min(1),
  /** sealed (sealed-secret.ts) */
  secret: z.string(),
});
type StoredCreators = z.infer<typeof storedCreatorsSchema>;
const storedNumber = z.coerce.number().refine(Number.isFinite);
const STORED = {
  postalAddress: z.string().min(1),
  associateTags: z.record(z.string(), z.string()),
  creators: storedCreatorsSchema,
  feedUrls: z.array(z.string()),
  syncIntervalMinutes: storedNumber,
  linkCheckIntervalHours: storedNumber,
  priceMaxAgeHours: storedNumber,
  disclosureText: z.string().min(1),
} satisfies Record<SettingName, z.ZodType>;
const JSON_SETTINGS = new Set<SettingName>(["associateTags", "creators", "feedUrls"]);
type Stored = { [K in SettingName]?: z.output<(typeof STORED)[K]> };

/** A row's text as its setting, or undefined when it does not read as one. */
function fromRow<K extends SettingName>(name: K, value: string): Stored[K] {
  let raw: unknown = value;
  if (JSON_SETTINGS.has(name)) {
    try {
      raw = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const parsed = STORED[name].safeParse(raw);
  return parsed.success ? (parsed.data as Stored[K]) : undefined;
}

/** Tags in Amazon's order of marketplaces: one way to write one list, so an unchanged list is seen as unchanged. */
function orderedTags(tags: TagsByMarketplace): TagsByMarketplace {
  const ordered: TagsByMarketplace = {};
  for (const country of Object.keys(MARKETPLACE_HOSTS) as MarketplaceCountry[]) {
    const tag = tags[country];
    if (tag) ordered[country] = tag;
  }
  return ordered;
}

/**
 * The site's settings (decisions 047 and 061): what the owner saved in the admin, over the
 * defaults of the server's configuration. Read from the database on each call, never kept in
 * the process, so every instance uses the owner's latest value at once. The Creators API secret
 * is stored sealed with a key derived from the app secret (`appSecret`), and never answered back.
 */
export function createSiteSettingsService(
  db: Database,
  defaults: SiteSettingsDefaults,
  options: { appSecret: SecretSource; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const environment = {
    postalAddress: defaults.postalAddress || null,
    marketplace: defaults.marketplace ?? defaults.creators?.marketplace ?? "www.amazon.com",
    creators: defaults.creators ?? null,
    feedUrls: [...(defaults.feedUrls ?? [])],
    syncIntervalMinutes: defaults.syncIntervalMinutes ?? 60,
    linkCheckIntervalHours: defaults.linkCheckIntervalHours ?? 24,
    priceMaxAgeHours: defaults.priceMaxAgeHours ?? 24,
    disclosureText: defaults.disclosureText || DEFAULT_DISCLOSURE_TEXT,
  };
  const environmentTags = associateTagsFrom({
    defaultTag: defaults.associateTag,
    tags: defaults.associateTags,
    defaultMarketplace: environment.marketplace,
  });

  async function sealing(): Promise<Buffer> {
    return sealingKey(await options.appSecret.get(), CREATORS_SECRET_PURPOSE);
  }

  /** The saved rows of these settings, as text. */
  async function rows(names: readonly SettingName[]): Promise<Map<string, string>> {
    const found = await db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(
        inArray(
          siteSettings.key,
          names.map((name) => KEYS[name]),
        ),
      );
    return new Map(found.map((row) => [row.key, row.value]));
  }

  /** The owner's saved values of these settings. */
  async function stored(names: readonly SettingName[]): Promise<Stored> {
    const saved = await rows(names);
    const values: Stored = {};
    for (const name of names) {
      const value = saved.get(KEYS[name]);
      if (value !== undefined) (values as Record<string, unknown>)[name] = fromRow(name, value);
    }
    return values;
  }

  const source = (own: unknown, fallback: unknown): SettingSource =>
    own !== undefined ? "admin" : fallback !== null && fallback !== undefined ? "environment" : null;

  /** The marketplace prices come from and stored links point to, and the tags in force. */
  function tagsInForce(own: Stored) {
    const defaultMarketplace =
      own.creators?.marketplace ?? environment.creators?.marketplace ?? environment.marketplace;
    const byMarketplace: TagsByMarketplace = own.associateTags
      ? (own.associateTags as TagsByMarketplace)
      : environmentTags.byMarketplace;
    const home = marketplaceOfHost(defaultMarketplace);
    // a marketplace outside Amazon's list (a configuration's typo) keeps AMAZON_ASSOCIATE_TAG as it always did
    const defaultTag = home ? (byMarketplace[home] ?? null) : own.associateTags ? null : environmentTags.defaultTag;
    return { defaultMarketplace, tags: { defaultTag, byMarketplace } satisfies AssociateTags };
  }

  async function get(): Promise<SiteSettings> {
    const own = await stored(SETTING_NAMES);
    const { defaultMarketplace, tags } = tagsInForce(own);
    const ownCreators = own.creators
      ? {
          clientId: own.creators.clientId,
          credentialVersion: own.creators.credentialVersion,
          marketplace: own.creators.marketplace,
          hasSecret: unseal(await sealing(), own.creators.secret) !== null,
        }
      : null;
    const environmentCreators = environment.creators
      ? {
          clientId: environment.creators.clientId,
          credentialVersion: environment.creators.credentialVersion,
          marketplace: environment.creators.marketplace,
          hasSecret: environment.creators.clientSecret !== "",
        }
      : null;
    const creators = ownCreators
      ? { ...ownCreators, source: "admin" as const }
      : environmentCreators
        ? { ...environmentCreators, source: "environment" as const }
        : null;
    return {
      postalAddress: own.postalAddress ?? environment.postalAddress,
      postalAddressSource: source(own.postalAddress, environment.postalAddress),
      environmentPostalAddress: environment.postalAddress,
      associateTag: tags.defaultTag,
      defaultMarketplace,
      associateTags: tags.byMarketplace as Record<string, string>,
      associateTagsSource: own.associateTags
        ? "admin"
        : Object.keys(environmentTags.byMarketplace).length > 0 || environmentTags.defaultTag
          ? "environment"
          : null,
      environmentAssociateTags: environmentTags.byMarketplace as Record<string, string>,
      creators,
      creatorsSource: creators?.source ?? null,
      environmentCreators,
      feedUrls: own.feedUrls ?? environment.feedUrls,
      feedUrlsSource: own.feedUrls ? "admin" : environment.feedUrls.length > 0 ? "environment" : null,
      environmentFeedUrls: environment.feedUrls,
      syncIntervalMinutes: own.syncIntervalMinutes ?? environment.syncIntervalMinutes,
      syncIntervalMinutesSource: source(own.syncIntervalMinutes, environment.syncIntervalMinutes),
      environmentSyncIntervalMinutes: environment.syncIntervalMinutes,
      linkCheckIntervalHours: own.linkCheckIntervalHours ?? environment.linkCheckIntervalHours,
      linkCheckIntervalHoursSource: source(own.linkCheckIntervalHours, environment.linkCheckIntervalHours),
      environmentLinkCheckIntervalHours: environment.linkCheckIntervalHours,
      priceMaxAgeHours: own.priceMaxAgeHours ?? environment.priceMaxAgeHours,
      priceMaxAgeHoursSource: source(own.priceMaxAgeHours, environment.priceMaxAgeHours),
      environmentPriceMaxAgeHours: environment.priceMaxAgeHours,
      disclosureText: own.disclosureText ?? environment.disclosureText,
      disclosureTextSource: source(own.disclosureText, environment.disclosureText),
      environmentDisclosureText: environment.disclosureText,
    };
  }

  /** The credential to save: the new one, sealed, with the saved secret kept when none is given. */
  async function creatorsRow(
    input: CreatorsInput,
    before: StoredCreators | undefined,
  ): Promise<{ row: StoredCreators; secretChanged: boolean }> {
    const key = await sealing();
    const savedSecret = before ? unseal(key, before.secret) : null;
    const secret = input.clientSecret ?? savedSecret;
    if (secret === null) throw new ServiceError("invalid", SETTINGS_TEXT.clientSecretRequired, "creators.clientSecret");
    return {
      row: {
        clientId: input.clientId,
        credentialVersion: input.credentialVersion,
        marketplace: input.marketplace,
        // kept sealed as it is when unchanged: a save that changes nothing writes nothing
        secret: secret === savedSecret && before ? before.secret : seal(key, secret),
      },
      secretChanged: secret !== savedSecret,
    };
  }

  return {
    /** The settings as the admin shows them (never the Creators API secret). */
    get,

    /** The postal address marketing e-mails show: the owner's, else SITE_POSTAL_ADDRESS; null when neither is set. */
    async postalAddress(): Promise<string | null> {
      return (await stored(["postalAddress"])).postalAddress ?? environment.postalAddress;
    },

    /** Every marketplace's associate tag /go uses (decision 058): the owner's, else the configuration's. */
    async associateTags(): Promise<AssociateTags> {
      return tagsInForce(await stored(["associateTags", "creators"])).tags;
    },

    /** The price age in force (hours; 0: any age). */
    async priceMaxAgeHours(): Promise<number> {
      return (await stored(["priceMaxAgeHours"])).priceMaxAgeHours ?? environment.priceMaxAgeHours;
    },

    /** The footer's affiliate disclosure. */
    async disclosureText(): Promise<string> {
      return (await stored(["disclosureText"])).disclosureText ?? environment.disclosureText;
    },

    /** The retailer sources and schedules in force, the credential's secret readable (for the sync and the link check only). */
    async retail(): Promise<RetailSettings> {
      const own = await stored([
        "creators",
        "associateTags",
        "feedUrls",
        "syncIntervalMinutes",
        "linkCheckIntervalHours",
      ]);
      let creators: RetailSettings["creators"] = null;
      if (own.creators) {
        const secret = unseal(await sealing(), own.creators.secret);
        // a secret sealed under another app secret cannot be read: no look-ups until it is typed again
        if (secret !== null) {
          const { clientId, credentialVersion, marketplace } = own.creators;
          creators = { clientId, clientSecret: secret, credentialVersion, marketplace, source: "admin" };
        }
      } else if (environment.creators) {
        creators = { ...environment.creators, source: "environment" };
      }
      return {
        creators,
        partnerTag: tagsInForce(own).tags.defaultTag,
        feedUrls: own.feedUrls ?? environment.feedUrls,
        syncIntervalMinutes: own.syncIntervalMinutes ?? environment.syncIntervalMinutes,
        linkCheckIntervalHours: own.linkCheckIntervalHours ?? environment.linkCheckIntervalHours,
      };
    },

    /**
     * Saves the settings the input names (null: the owner's own removed, the configuration's
     * applies again); the others stay. Answers the settings after it and which ones changed.
     */
    async update(input: SiteSettingsInput): Promise<{ settings: SiteSettings; changes: SettingsChanges }> {
      const saved = await rows(SETTING_NAMES);
      const changes: SettingsChanges = {};
      const writes: { key: string; value: string | null }[] = [];
      for (const name of SETTING_NAMES) {
        const value = input[name];
        if (value === undefined) continue;
        const key = KEYS[name];
        const before = saved.get(key) ?? null;
        let after: string | null = null;
        if (value !== null) {
          if (name === "creators") {
            const previous = before === null ? undefined : fromRow("creators", before);
            const { row, secretChanged } = await creatorsRow(value as CreatorsInput, previous);
            if (secretChanged) changes.creatorsSecret = "saved";
            after = JSON.stringify(row);
          } else if (name === "associateTags") {
            after = JSON.stringify(orderedTags(value as TagsByMarketplace));
          } else {
            after = JSON_SETTINGS.has(name) ? JSON.stringify(value) : String(value);
          }
        }
        if (after === before) continue;
        changes[name] = after === null ? "removed" : "saved";
        writes.push({ key, value: after });
      }
      if (writes.length > 0) {
        const at = now();
        await db.transaction(async (tx) => {
          const removed = writes.filter((write) => write.value === null).map((write) => write.key);
          if (removed.length > 0) await tx.delete(siteSettings).where(inArray(siteSettings.key, removed));
          for (const { key, value } of writes) {
            if (value === null) continue;
            await tx
              .insert(siteSettings)
              .values({ key, value, updatedAt: at })
              .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: at } });
          }
        });
      }
      return { settings: await get(), changes };
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
