import { z } from "zod";
import "./zod-config";
import { wireSchema } from "./wire-schema";

// The site's settings (issue 26, decision 047): the postal address every marketing e-mail must
// show (CAN-SPAM), which the owner edits in the admin over the SITE_POSTAL_ADDRESS default, and
// the Amazon Associates tag, which only the server's configuration sets. Also what the admin
// says while either is missing.

export const MAX_POSTAL_ADDRESS = 300;
export const MAX_POSTAL_ADDRESS_LINES = 6;
const MIN_POSTAL_ADDRESS = 10;

export const SETTINGS_PATH = "/admin/settings";
/** The postal address form on the settings page, for links that lead to it. */
export const POSTAL_ADDRESS_ANCHOR = "postal-address";

export const SETTINGS_TEXT = {
  title: "Settings",
  intro: "What the site needs from you to send e-mail lawfully and to earn from its links.",
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

/** The postal address as the form or the API sends it: normalised; empty, null or missing for none. */
const postalAddressInputSchema = z
  .string(SETTINGS_TEXT.postalAddressText)
  .nullish()
  .transform((value) => normalizePostalAddress(value ?? ""))
  .superRefine(checkedPostalAddress)
  .transform((address) => address || null);

/**
 * PUT /api/admin/settings and the settings form: the owner's settings, whole. A postal address
 * left empty (or null) removes the owner's own, and SITE_POSTAL_ADDRESS applies again.
 */
export const siteSettingsInputSchema = wireSchema(() => z.object({ postalAddress: postalAddressInputSchema }));
export type SiteSettingsInput = z.output<typeof siteSettingsInputSchema>;

/** The settings as the admin shows them (GET /api/admin/settings). */
export const siteSettingsSchema = wireSchema(() =>
  z.object({
    /** the address e-mails show now: the owner's, else SITE_POSTAL_ADDRESS; null when neither is set */
    postalAddress: z.string().nullable(),
    /** where it comes from */
    postalAddressSource: z.enum(["admin", "environment"]).nullable(),
    /** SITE_POSTAL_ADDRESS: what applies when the owner has set none */
    environmentPostalAddress: z.string().nullable(),
    /** AMAZON_ASSOCIATE_TAG, which /go adds to Amazon links without a tag; null: clicks earn nothing */
    associateTag: z.string().nullable(),
  }),
);
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

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

export const ASSOCIATE_TAG_NOTICE: SiteNotice = {
  id: "associate-tag",
  title: "Amazon clicks earn you nothing yet",
  text: "No Amazon Associates tag is set, so Amazon cannot credit you for visitors who buy after clicking through. Your tag (like yourname-20) is set on the server as AMAZON_ASSOCIATE_TAG: ask whoever runs your hosting to add it, then restart the site.",
  link: { href: SETTINGS_PATH, label: "See your settings" },
};

/** What the owner still has to set up, most pressing first. */
export function siteNotices(settings: Pick<SiteSettings, "postalAddress" | "associateTag">): SiteNotice[] {
  return [
    ...(settings.postalAddress ? [] : [POSTAL_ADDRESS_NOTICE]),
    ...(settings.associateTag ? [] : [ASSOCIATE_TAG_NOTICE]),
  ];
}
