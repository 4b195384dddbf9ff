// One link, every country (issue 27, decision 058): which Amazon marketplace serves a visitor's
// country, where a visitor's country comes from (a trusted CDN header, else Accept-Language),
// and where /go/{toyId} sends them.

/** ISO 3166-1 alpha-2, the officially assigned codes, and XK (Kosovo), which CDNs send too. */
const COUNTRY_CODES = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY " +
    "BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM " +
    "FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT " +
    "JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN " +
    "MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT " +
    "PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL " +
    "TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW"
  ).split(" "),
);

/** A country as two upper-case letters (ISO 3166-1 alpha-2). */
export type CountryCode = string;

/** Whether a text is a country's code exactly (upper case, assigned): "XX", "T1", "EU" and "UK" are not. */
export function isCountryCode(value: string): value is CountryCode {
  return COUNTRY_CODES.has(value);
}

/** Amazon's stores, by the country each one belongs to (Amazon's own list of marketplaces). */
export const MARKETPLACE_HOSTS = {
  US: "www.amazon.com",
  CA: "www.amazon.ca",
  MX: "www.amazon.com.mx",
  BR: "www.amazon.com.br",
  GB: "www.amazon.co.uk",
  IE: "www.amazon.ie",
  DE: "www.amazon.de",
  FR: "www.amazon.fr",
  IT: "www.amazon.it",
  ES: "www.amazon.es",
  NL: "www.amazon.nl",
  BE: "www.amazon.com.be",
  SE: "www.amazon.se",
  PL: "www.amazon.pl",
  TR: "www.amazon.com.tr",
  AE: "www.amazon.ae",
  SA: "www.amazon.sa",
  EG: "www.amazon.eg",
  ZA: "www.amazon.co.za",
  IN: "www.amazon.in",
  JP: "www.amazon.co.jp",
  SG: "www.amazon.sg",
  AU: "www.amazon.com.au",
} as const;

/** A country that has its own Amazon marketplace: the key of an associate tag. */
export type MarketplaceCountry = keyof typeof MARKETPLACE_HOSTS;

/**
 * Countries without a store of their own that Amazon serves from a neighbour's: amazon.at
 * opens amazon.de, and the Amazon.de Associates programme pays for Austrian buyers.
 */
const SERVED_BY: Readonly<Record<string, MarketplaceCountry>> = { AT: "DE" };

export function isMarketplaceCountry(country: string): country is MarketplaceCountry {
  return Object.hasOwn(MARKETPLACE_HOSTS, country);
}

/** The marketplace that serves a visitor from this country, or null when Amazon has none for it. */
export function marketplaceFor(country: CountryCode | null): MarketplaceCountry | null {
  if (!country) return null;
  if (isMarketplaceCountry(country)) return country;
  return SERVED_BY[country] ?? null;
}

/** The marketplace country of an Amazon host name ("amazon.co.uk" or "www.amazon.co.uk" → GB), or null. */
export function marketplaceOfHost(host: string): MarketplaceCountry | null {
  const bare = host.toLowerCase().replace(/^(www|smile)\./, "");
  for (const [country, marketplace] of Object.entries(MARKETPLACE_HOSTS)) {
    if (marketplace.slice(4) === bare) return country as MarketplaceCountry;
  }
  return null;
}

/**
 * The country a CDN or proxy names in its header (Cloudflare's CF-IPCountry and the like): two
 * letters of an assigned country, in either case. "XX" (unknown), "T1" (Tor), a list (the header
 * sent twice) and anything else are no country.
 */
export function countryFromHeader(value: string | null | undefined): CountryCode | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return code.length === 2 && isCountryCode(code) ? code : null;
}

/** The region of a language tag (BCP 47: language, extended languages, script, region), upper-cased; null for none. */
function regionOf(tag: string): CountryCode | null {
  const subtags = tag.split("-");
  if (!/^[A-Za-z]{2,3}$/.test(subtags[0] ?? "")) return null;
  let next = 1;
  while (next < 4 && /^[A-Za-z]{3}$/.test(subtags[next] ?? "")) next++;
  if (/^[A-Za-z]{4}$/.test(subtags[next] ?? "")) next++;
  const region = (subtags[next] ?? "").toUpperCase();
  return /^[A-Z]{2}$/.test(region) && isCountryCode(region) ? region : null;
}

/** More language ranges than a browser sends are not read (the header is the client's to fill). */
const MAX_LANGUAGE_RANGES = 32;

/**
 * The country of a visitor's preferred language (Accept-Language): the region of the
 * highest-weighted tag that has one ("en-GB,en;q=0.9" → GB, "zh-Hant-TW" → TW). A language
 * alone ("de") says nothing about where someone is, nor does a numeric region ("es-419").
 */
export function countryFromAcceptLanguage(value: string | null | undefined): CountryCode | null {
  if (typeof value !== "string") return null;
  let best: { country: CountryCode; q: number } | null = null;
  for (const range of value.split(",").slice(0, MAX_LANGUAGE_RANGES)) {
    const [tag = "", ...params] = range.split(";").map((part) => part.trim());
    const weight = params.find((param) => /^q=/i.test(param));
    const q = weight === undefined ? 1 : Number(weight.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1 || (best && q <= best.q)) continue;
    const country = regionOf(tag);
    if (country) best = { country, q };
  }
  return best?.country ?? null;
}

/**
 * The visitor's country: the trusted proxy's header first (null when the site trusts no proxy),
 * else the region of their preferred language; null when neither says.
 */
export function visitorCountry(signals: {
  trustedHeader: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): CountryCode | null {
  return countryFromHeader(signals.trustedHeader) ?? countryFromAcceptLanguage(signals.acceptLanguage);
}

/** What an associate tag may look like (Amazon's are letters, digits and hyphens, e.g. pawsome-20). */
export const ASSOCIATE_TAG_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

/** Associate tags by the country of their marketplace. */
export type TagsByMarketplace = Partial<Record<MarketplaceCountry, string>>;

/** What is wrong with one marketplace's tag (its country as given, any case), or null. */
function associateTagProblem(given: string, tag: string): string | null {
  const country = given.toUpperCase();
  if (country === "UK") return "UK is written GB, the United Kingdom's country code";
  if (!isMarketplaceCountry(country)) {
    const servedBy = SERVED_BY[country];
    if (servedBy) {
      return `${country} has no Amazon marketplace of its own: its visitors go to ${MARKETPLACE_HOSTS[servedBy]}, so give that tag as ${servedBy}=...`;
    }
    return `${country} is not a country with an Amazon marketplace (${Object.keys(MARKETPLACE_HOSTS).join(", ")})`;
  }
  if (!ASSOCIATE_TAG_PATTERN.test(tag)) {
    return `the tag for ${country} must be letters, digits and hyphens (e.g. ${country}=pawsome-21)`;
  }
  return null;
}

/**
 * Tags by country as given (`[["gb", "pawsomeuk-21"]]`, an object's entries): the tags by
 * marketplace, countries upper-cased, or the first problem as one sentence. The rules of
 * AMAZON_ASSOCIATE_TAGS and of the admin's settings alike.
 */
export function checkAssociateTags(
  entries: readonly (readonly [string, string])[],
): { tags: TagsByMarketplace } | { problem: string } {
  const tags: TagsByMarketplace = {};
  for (const [given, tag] of entries) {
    const problem = associateTagProblem(given, tag);
    if (problem) return { problem };
    const country = given.toUpperCase() as MarketplaceCountry;
    if (tags[country] !== undefined) return { problem: `${country} is given twice` };
    tags[country] = tag;
  }
  return { tags };
}

/**
 * AMAZON_ASSOCIATE_TAGS ("US=pawsome-20,GB=pawsomeuk-21"), or the admin's list with one
 * COUNTRY=tag a line: the tags by marketplace, or the first problem as one sentence.
 */
export function parseAssociateTags(text: string): { tags: TagsByMarketplace } | { problem: string } {
  const entries: [string, string][] = [];
  for (const entry of text
    .split(/[,\r\n]/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([^=\s]+)\s*=\s*(.*)$/.exec(entry);
    if (!match) return { problem: `"${entry}" is not COUNTRY=tag (e.g. GB=pawsomeuk-21)` };
    entries.push([match[1] ?? "", match[2] ?? ""]);
  }
  return checkAssociateTags(entries);
}

/** The list as the admin's box shows it: one COUNTRY=tag a line, in Amazon's order of marketplaces. */
export function associateTagLines(tags: TagsByMarketplace, leaveOut?: MarketplaceCountry | null): string {
  return (Object.keys(MARKETPLACE_HOSTS) as MarketplaceCountry[])
    .filter((country) => country !== leaveOut && tags[country])
    .map((country) => `${country}=${tags[country]}`)
    .join("\n");
}

/** The associate tags /go uses: the default marketplace's and those of the others. */
export interface AssociateTags {
  /** the tag of the marketplace the stored links point to (AMAZON_ASSOCIATE_TAG); null: none */
  defaultTag: string | null;
  /** tags by marketplace, the default marketplace's included */
  byMarketplace: TagsByMarketplace;
}

/**
 * The tags from the configuration: AMAZON_ASSOCIATE_TAG is the default marketplace's
 * (AMAZON_CREATORS_MARKETPLACE, www.amazon.com unless set), AMAZON_ASSOCIATE_TAGS the others';
 * when only the list is given, its entry for the default marketplace is the default tag.
 */
export function associateTagsFrom(config: {
  defaultTag?: string | null;
  tags?: TagsByMarketplace;
  /** the default marketplace's host, e.g. www.amazon.com */
  defaultMarketplace: string;
}): AssociateTags {
  const home = marketplaceOfHost(config.defaultMarketplace);
  const byMarketplace: TagsByMarketplace = { ...config.tags };
  const defaultTag = config.defaultTag || (home ? (byMarketplace[home] ?? null) : null);
  if (home && defaultTag) byMarketplace[home] = defaultTag;
  return { defaultTag, byMarketplace };
}

/** An Amazon product id: ten letters or digits (B0… or an ISBN-10), upper-cased; null when it is none. */
export function normalizeAsin(value: string | null | undefined): string | null {
  const asin = value?.trim().toUpperCase() ?? "";
  return /^[A-Z0-9]{10}$/.test(asin) ? asin : null;
}

const isAmazonHost = (host: string) => /(^|\.)amazon\.[a-z.]+$|(^|\.)amzn\.to$/i.test(host);

/**
 * Where /go/{toyId} sends a visitor, or null when the stored link is not an http(s) URL. A
 * visitor whose country's marketplace has a tag, and is not the one the stored link points to,
 * goes to that marketplace's page for the toy's ASIN with that tag; everyone else to the stored
 * link, with its marketplace's tag (else the default tag) added when it carries none. A toy
 * without an ASIN, or with a link to another retailer, always goes to its stored link.
 */
export function affiliateTarget(toy: {
  url: string;
  asin: string | null | undefined;
  country: CountryCode | null;
  tags: AssociateTags;
}): string | null {
  let stored: URL;
  try {
    stored = new URL(toy.url);
  } catch {
    return null;
  }
  if (stored.protocol !== "https:" && stored.protocol !== "http:") return null;
  if (!isAmazonHost(stored.hostname)) return stored.toString();
  const storedMarketplace = marketplaceOfHost(stored.hostname);
  const asin = normalizeAsin(toy.asin);
  const visitorMarketplace = marketplaceFor(toy.country);
  const visitorTag = visitorMarketplace ? toy.tags.byMarketplace[visitorMarketplace] : undefined;
  if (asin && visitorMarketplace && visitorTag && visitorMarketplace !== storedMarketplace) {
    return `https://${MARKETPLACE_HOSTS[visitorMarketplace]}/dp/${asin}?tag=${encodeURIComponent(visitorTag)}`;
  }
  const tag = (storedMarketplace ? toy.tags.byMarketplace[storedMarketplace] : undefined) ?? toy.tags.defaultTag;
  if (tag && !stored.searchParams.has("tag")) stored.searchParams.set("tag", tag);
  return stored.toString();
}

let regionNames: Intl.DisplayNames | undefined;

/** A country's name in English ("GB" → "United Kingdom"); "Unknown" for none. */
export function countryName(country: CountryCode | null): string {
  if (!country) return "Unknown";
  regionNames ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  return regionNames.of(country) ?? country;
}
