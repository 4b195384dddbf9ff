import { eq, inArray } from "drizzle-orm";
import { type AssociateTags, associateTagsFrom, type TagsByMarketplace } from "#domain/marketplaces.ts";
import type { SiteSettings, SiteSettingsInput } from "#domain/site-settings.ts";
import type { Database } from "#server/db/client.ts";
import { siteSettings } from "#server/db/schema.ts";

/** The keys of the settings the owner may save (rows of site_settings). */
const KEYS = { postalAddress: "postal-address" } as const;

export interface SiteSettingsDefaults {
  /** SITE_POSTAL_ADDRESS, already normalised */
  postalAddress?: string | null;
  /** AMAZON_ASSOCIATE_TAG: the default marketplace's tag */
  associateTag?: string | null;
  /** AMAZON_ASSOCIATE_TAGS: the tags of other marketplaces, by country */
  associateTags?: TagsByMarketplace;
  /** AMAZON_CREATORS_MARKETPLACE: the marketplace the stored links point to (default www.amazon.com) */
  marketplace?: string;
}

/**
 * The site's settings (decision 047): what the owner saved in the admin, over the defaults of
 * the server's configuration. Read from the database on each call, never kept in the process,
 * so every instance uses the owner's latest value at once.
 */
export function createSiteSettingsService(
  db: Database,
  defaults: SiteSettingsDefaults,
  options: { now?: () => Date } = {},
) {
  const now = options.now ?? (() => new Date());
  const environmentPostalAddress = defaults.postalAddress || null;
  const tags = associateTagsFrom({
    defaultTag: defaults.associateTag,
    tags: defaults.associateTags,
    defaultMarketplace: defaults.marketplace ?? "www.amazon.com",
  });
  const associateTag = tags.defaultTag;

  async function stored(): Promise<Map<string, string>> {
    const rows = await db
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(inArray(siteSettings.key, Object.values(KEYS)));
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  async function get(): Promise<SiteSettings> {
    const own = (await stored()).get(KEYS.postalAddress) ?? null;
    return {
      postalAddress: own ?? environmentPostalAddress,
      postalAddressSource: own ? "admin" : environmentPostalAddress ? "environment" : null,
      environmentPostalAddress,
      associateTag,
    };
  }

  return {
    /** The settings as the admin shows them. */
    get,

    /** The postal address marketing e-mails show: the owner's, else SITE_POSTAL_ADDRESS; null when neither is set. */
    async postalAddress(): Promise<string | null> {
      return (await get()).postalAddress;
    },

    /** The default marketplace's Amazon Associates tag, which /go adds to stored links (set only by the configuration); null when none. */
    associateTag,

    /** Every marketplace's associate tag /go uses (decision 058); the configuration's today. */
    async associateTags(): Promise<AssociateTags> {
      return tags;
    },

    /** Saves the owner's settings whole (a null postal address removes the owner's own); the settings after it. */
    async update(input: SiteSettingsInput): Promise<SiteSettings> {
      if (input.postalAddress === null) {
        await db.delete(siteSettings).where(eq(siteSettings.key, KEYS.postalAddress));
      } else {
        const row = { key: KEYS.postalAddress, value: input.postalAddress, updatedAt: now() };
        await db
          .insert(siteSettings)
          .values(row)
          .onConflictDoUpdate({ target: siteSettings.key, set: { value: row.value, updatedAt: row.updatedAt } });
      }
      return get();
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettingsService>;
