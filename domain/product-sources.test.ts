import { describe, expect, it } from "vitest";
import { feedUrlForDisplay, intervalText, productSyncNotice, syncFinishedMessage } from "./product-sources-text";

describe("the product sources page", () => {
  it("says what a finished sync counted", () => {
    expect(syncFinishedMessage({ checked: 3, updated: 1, unavailable: 0, failed: 2 })).toBe(
      "Sync finished: 3 checked, 1 updated, 0 unavailable, 2 failed",
    );
  });

  it("shows a feed's address without a password or the values of its query", () => {
    expect(feedUrlForDisplay("https://feeds.example/shop.xml")).toBe("https://feeds.example/shop.xml");
    expect(feedUrlForDisplay("https://user:s3cret@feeds.example/shop.xml")).toBe(
      "https://user:***@feeds.example/shop.xml",
    );
    const shown = feedUrlForDisplay("https://feeds.example/d?apikey=abc123&fmt=rss");
    expect(shown).toBe("https://feeds.example/d?apikey=***&fmt=***");
    expect(shown).not.toContain("abc123");
  });

  it("says the schedule in words", () => {
    expect(intervalText(60)).toBe("every hour");
    expect(intervalText(120)).toBe("every 2 hours");
    expect(intervalText(45)).toBe("every 45 minutes");
    expect(intervalText(1440)).toBe("every day");
  });
});

describe("the dashboard's product sync notice", () => {
  it("names how many products the last sync could not check, and links to the sources", () => {
    const notice = productSyncNotice({ status: "done", failed: 3 });
    expect(notice).toMatchObject({
      id: "product-sync",
      title: "The last product sync could not check 3 products",
      link: { href: "/admin/product-sources" },
    });
    expect(productSyncNotice({ status: "done", failed: 1 })?.title).toBe(
      "The last product sync could not check 1 product",
    );
  });

  it("says a failed sync failed, and nothing for a good, a running or no sync", () => {
    expect(productSyncNotice({ status: "failed", failed: 0 })?.title).toBe("The last product sync failed");
    expect(productSyncNotice({ status: "done", failed: 0 })).toBeNull();
    expect(productSyncNotice({ status: "running", failed: 0 })).toBeNull();
    expect(productSyncNotice(undefined)).toBeNull();
  });
});
