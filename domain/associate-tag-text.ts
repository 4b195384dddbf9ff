import { ASSOCIATE_TAGS_ANCHOR, SETTINGS_PATH } from "./settings-links";
import type { SiteNotice } from "./site-settings-text";

// Kept apart from site-settings.ts and its Zod schemas: the products list shows this notice, and
// importing it from site-settings.ts put all of Zod (25 KB gzip) on that screen (decision 069).
// site-settings.ts re-exports it.

export const ASSOCIATE_TAG_NOTICE: SiteNotice = {
  id: "associate-tag",
  title: "Amazon clicks earn you nothing yet",
  text: "No Amazon Associates tag is set for your marketplace, so Amazon cannot credit you for visitors who buy after clicking through. Add your tag (like yourname-20) under Amazon Associates in the settings: it applies at once.",
  link: { href: `${SETTINGS_PATH}#${ASSOCIATE_TAGS_ANCHOR}`, label: "Add your associate tag" },
};
