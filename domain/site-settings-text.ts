import { ASSOCIATE_TAG_NOTICE } from "./associate-tag-text";
import { MAX_DISCLOSURE_TEXT } from "./disclosure";
import { POSTAL_ADDRESS_ANCHOR, SETTINGS_PATH } from "./settings-links";
import type { SiteSettings } from "./site-settings";

// The words and bounds of the site's settings (issue 26, decisions 047 and 069), apart from
// site-settings.ts's schemas: the settings screen, the dashboard and the newsletter screens read
// only these at first, and the schemas there put all of Zod on them.

export const MAX_POSTAL_ADDRESS = 300;
export const MAX_POSTAL_ADDRESS_LINES = 6;
export const MIN_POSTAL_ADDRESS = 10;

/** Product feeds one site reads: more would make one sync take longer than its interval. */
export const MAX_FEED_URLS = 20;
export const MAX_FEED_URL = 2000;
export const MAX_CLIENT_ID = 200;
export const MAX_CLIENT_SECRET = 500;

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
