// The settings page's address and the sections other screens link to, kept apart from
// site-settings.ts and its Zod schemas: the product screens and the product sources link here,
// and importing these from site-settings.ts put all of Zod (25 KB gzip) on those screens
// (decision 069). site-settings.ts re-exports them.

export const SETTINGS_PATH = "/admin/settings";
/** The postal address form on the settings page, for links that lead to it. */
export const POSTAL_ADDRESS_ANCHOR = "postal-address";

/** The Amazon Associates section of the settings page. */
export const ASSOCIATE_TAGS_ANCHOR = "amazon-associates";
