import type { PriceSource } from "./catalog";
import { CHECK_PRICE_TEXT, formatMaxAge, type HiddenPrices } from "./price-stamp";
import type { SyncCounts, SyncRun } from "./product-sync";
import { SETTINGS_PATH } from "./settings-links";
import type { SiteNotice } from "./site-settings-text";

// The admin's view of the product sync (issue 27): what is configured to sync from, the runs,
// and where a toy's price comes from, in the owner's words. Kept apart from product-sources.ts
// and its schema: the product sources screen and the product form read only these, and a page
// that reaches a Zod module loads all of Zod (25 KB gzip, decision 069).

export const PRODUCT_SOURCES_PATH = "/admin/product-sources";

export const PRODUCT_SOURCES_TEXT = {
  title: "Product sources",
  intro: "Where the site reads prices, stock and links from, and how the last syncs went.",
  configuredHeading: "Configured sources",
  amazonHeading: "Amazon Creators API",
  amazonNotSetUp:
    "Not set up: add your Creators API credential (Associates Central → Tools → Creators API) in the settings.",
  feedsHeading: "Product feeds",
  feedsNotSetUp: "None: add your other programmes' product feeds (Google Merchant Center format) in the settings.",
  changeInSettings: "Change them in the settings",
  settingsPath: SETTINGS_PATH,
  intervalHeading: "Schedule",
  syncNow: "Sync now",
  syncing: "Syncing...",
  noSources: "Nothing to sync from yet: set up Amazon's API or a product feed first.",
  runsHeading: "Recent syncs",
  runsCaption: "The last syncs, newest first",
  noRuns: "No sync has run yet.",
  problemsSummary: (count: number) => `${count} ${count === 1 ? "problem" : "problems"}`,
  syncFailed: "The sync could not run",
} as const;

/** Where the form says a price comes from. */
export const PRICE_SOURCE_LABELS: Record<PriceSource, string> = {
  amazon: "Amazon",
  feed: "Product feed",
  owner: "You (typed)",
};

export const SYNC_TRIGGER_LABELS: Record<SyncRun["trigger"], string> = { schedule: "Scheduled", admin: "Manual" };
export const SYNC_STATUS_LABELS: Record<SyncRun["status"], string> = {
  running: "Running",
  done: "Finished",
  failed: "Failed",
};

/** What the product form says about a toy's price history. */
export const PRICE_FACTS_TEXT = {
  source: "Price source",
  lastConfirmed: "Last confirmed",
  neverConfirmed: "Never confirmed",
  historySummary: "Price history",
  historyCaption: "The toy's price, sale price, stock and link each time a source changed one, newest first",
  noHistory: "No changes recorded yet.",
} as const;

/** What a finished sync says: "Sync finished: 3 checked, 1 updated, 0 unavailable, 0 failed". */
export function syncFinishedMessage(counts: SyncCounts): string {
  return `Sync finished: ${counts.checked} checked, ${counts.updated} updated, ${counts.unavailable} unavailable, ${counts.failed} failed`;
}

/**
 * A feed's address as the admin shows it: a password in it and the values of its query (where
 * programmes put access keys) are left out, so the page never displays a credential.
 */
export function feedUrlForDisplay(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.password) parsed.password = "***";
  const names = [...parsed.searchParams.keys()];
  if (names.length === 0) return parsed.href;
  parsed.search = "";
  return `${parsed.href}?${names.map((name) => `${encodeURIComponent(name)}=***`).join("&")}`;
}

/** "every 60 minutes", "every 2 hours", "every day". */
export function intervalText(minutes: number): string {
  if (minutes === 1440) return "every day";
  if (minutes % 60 === 0) return minutes === 60 ? "every hour" : `every ${minutes / 60} hours`;
  return `every ${minutes} minutes`;
}

/**
 * The dashboard's line when the last sync went wrong: it failed, or some products it should
 * have checked got no answer (their prices may be shown stale or hidden). Null otherwise.
 */
export function productSyncNotice(last: Pick<SyncRun, "status" | "failed"> | null | undefined): SiteNotice | null {
  if (!last || last.status === "running") return null;
  if (last.status !== "failed" && last.failed === 0) return null;
  const link = { href: PRODUCT_SOURCES_PATH, label: "See the product sources" };
  if (last.failed === 0) {
    return {
      id: "product-sync",
      title: "The last product sync failed",
      text: "It stopped before it could check your products; the product sources page says why.",
      link,
    };
  }
  return {
    id: "product-sync",
    title: `The last product sync could not check ${last.failed} ${last.failed === 1 ? "product" : "products"}`,
    text: "Their prices and stock are as the last answer left them; the product sources page lists what went wrong.",
    link,
  };
}

/**
 * The dashboard's line when visitors see "Check the price on Amazon" instead of some prices
 * (issue 27): how many, and why. Null when every published price may be shown.
 */
export function hiddenPricesNotice(hidden: HiddenPrices): SiteNotice | null {
  const count = hidden.neverConfirmed + hidden.tooOld;
  if (count === 0) return null;
  const products = (n: number) => `${n} ${n === 1 ? "product" : "products"}`;
  const why = [
    hidden.tooOld > 0
      ? `${products(hidden.tooOld)} last confirmed more than ${formatMaxAge(hidden.maxAgeHours)} ago`
      : null,
    hidden.neverConfirmed > 0 ? `${products(hidden.neverConfirmed)} never confirmed` : null,
  ]
    .filter(Boolean)
    .join(", and ");
  return {
    id: "hidden-prices",
    title: `${count === 1 ? "1 price is" : `${count} prices are`} hidden from visitors`,
    text: `Amazon allows a price to be shown only while it is fresh (the price age in the settings is ${formatMaxAge(hidden.maxAgeHours)}), so visitors see "${CHECK_PRICE_TEXT}" instead: ${why}. A product sync from Amazon's API or a product feed confirms prices; saving a product confirms the price you typed.`,
    link: { href: PRODUCT_SOURCES_PATH, label: "See the product sources" },
  };
}
