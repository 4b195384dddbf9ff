import { describe, expect, it } from "vitest";
import {
  ASSOCIATE_TAG_NOTICE,
  normalizePostalAddress,
  POSTAL_ADDRESS_NOTICE,
  siteNotices,
  siteSettingsInputSchema,
} from "./site-settings";

describe("the postal address", () => {
  it("is kept line by line: trimmed, inner spaces collapsed, blank lines dropped", () => {
    expect(normalizePostalAddress(" Pawsome  Picks \r\n\r\n 1 Main St\rPortland\n\n")).toBe(
      "Pawsome Picks\n1 Main St\nPortland",
    );
  });

  it("is removed with an empty, null or missing value, and refused when too short, too long or too many lines", () => {
    for (const postalAddress of ["", "  \n ", null, undefined]) {
      expect(siteSettingsInputSchema.parse({ postalAddress })).toEqual({ postalAddress: null });
    }
    const refused = (postalAddress: unknown) =>
      siteSettingsInputSchema.safeParse({ postalAddress }).error?.issues.map((issue) => issue.message);
    expect(refused("1 Main")).toEqual(["The postal address must be at least 10 characters"]);
    expect(refused("x".repeat(301))).toEqual(["The postal address must be at most 300 characters"]);
    expect(refused("a1\nb2\nc3\nd4\ne5\nf6\ng7")).toEqual(["The postal address must be at most 6 lines"]);
    expect(refused(42)).toEqual(["The postal address must be text"]);
  });
});

describe("what the owner still has to set up", () => {
  it("is the postal address first, then the associate tag, each only while it is missing", () => {
    expect(siteNotices({ postalAddress: null, associateTag: null })).toEqual([
      POSTAL_ADDRESS_NOTICE,
      ASSOCIATE_TAG_NOTICE,
    ]);
    expect(siteNotices({ postalAddress: "1 Main St, Portland", associateTag: null })).toEqual([ASSOCIATE_TAG_NOTICE]);
    expect(siteNotices({ postalAddress: "1 Main St, Portland", associateTag: "pawsome-20" })).toEqual([]);
    expect(POSTAL_ADDRESS_NOTICE.link.href).toBe("/admin/settings#postal-address");
  });
});
