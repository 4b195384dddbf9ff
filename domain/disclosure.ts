// The affiliate disclosure at the foot of every page (FTC, Amazon's Associates terms): the
// owner's sentence from the settings, else SITE_DISCLOSURE_TEXT, else this one. Apart from the
// settings' schemas so the storefront pages that show it carry no Zod (decision 022).

/** The sentence every page's footer shows unless the owner or SITE_DISCLOSURE_TEXT says another. */
export const DEFAULT_DISCLOSURE_TEXT =
  "As an Amazon Associate, Pawsome Picks earns from qualifying purchases. Product links on this site are affiliate links.";
export const MAX_DISCLOSURE_TEXT = 500;

/** The disclosure as the footer shows it: one line, spaces collapsed. */
export function normalizeDisclosure(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
