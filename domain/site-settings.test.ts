import { describe, expect, it } from "vitest";
import { ASSOCIATE_TAG_NOTICE } from "./associate-tag-text";
import { DEFAULT_DISCLOSURE_TEXT } from "./disclosure";
import { normalizePostalAddress, siteSettingsFormSchema, siteSettingsInputSchema } from "./site-settings";
import { POSTAL_ADDRESS_NOTICE, SETTINGS_TEXT, siteNotices } from "./site-settings-text";

/** The messages the API's schema gives for a body, by field. */
function refused(body: unknown): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of siteSettingsInputSchema.safeParse(body).error?.issues ?? []) {
    const key = issue.path.join(".");
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

describe("the postal address", () => {
  it("is kept line by line: trimmed, inner spaces collapsed, blank lines dropped", () => {
    expect(normalizePostalAddress(" Pawsome  Picks \r\n\r\n 1 Main St\rPortland\n\n")).toBe(
      "Pawsome Picks\n1 Main St\nPortland",
    );
  });

  it("is removed with an empty or null value, left as it is when missing, and refused when too short, too long or too many lines", () => {
    for (const postalAddress of ["", "  \n ", null]) {
      expect(siteSettingsInputSchema.parse({ postalAddress })).toEqual({ postalAddress: null });
    }
    expect(siteSettingsInputSchema.parse({})).toEqual({});
    const problem = (postalAddress: unknown) => refused({ postalAddress }).postalAddress;
    expect(problem("1 Main")).toEqual(["The postal address must be at least 10 characters"]);
    expect(problem("x".repeat(301))).toEqual(["The postal address must be at most 300 characters"]);
    expect(problem("a1\nb2\nc3\nd4\ne5\nf6\ng7")).toEqual(["The postal address must be at most 6 lines"]);
    expect(problem(42)).toEqual(["The postal address must be text"]);
  });
});

describe("the retail settings the API takes (issue 27)", () => {
  it("reads associate tags by marketplace, countries in either case, with AMAZON_ASSOCIATE_TAGS' messages", () => {
    expect(siteSettingsInputSchema.parse({ associateTags: { us: "pawsome-20", GB: " pawsomeuk-21 " } })).toEqual({
      associateTags: { US: "pawsome-20", GB: "pawsomeuk-21" },
    });
    expect(siteSettingsInputSchema.parse({ associateTags: null })).toEqual({ associateTags: null });
    expect(refused({ associateTags: { UK: "pawsomeuk-21" } })).toEqual({
      associateTags: ["UK is written GB, the United Kingdom's country code"],
    });
    expect(refused({ associateTags: { AT: "pawsomeat-21" } }).associateTags?.[0]).toMatch(
      /^AT has no Amazon marketplace of its own: its visitors go to www.amazon.de, so give that tag as DE=/,
    );
    expect(refused({ associateTags: { ZZ: "x-20" } }).associateTags?.[0]).toMatch(
      /^ZZ is not a country with an Amazon marketplace \(US, CA,/,
    );
    expect(refused({ associateTags: { GB: "pawsome uk" } })).toEqual({
      associateTags: ["the tag for GB must be letters, digits and hyphens (e.g. GB=pawsome-21)"],
    });
    expect(refused({ associateTags: { us: "a-20", US: "b-20" } })).toEqual({ associateTags: ["US is given twice"] });
    expect(Object.keys(refused({ associateTags: "US=pawsome-20" }))).toEqual(["associateTags"]);
  });

  it("takes a Creators API credential whose secret may be left out (the saved one is kept)", () => {
    expect(
      siteSettingsInputSchema.parse({
        creators: {
          clientId: " id-1 ",
          clientSecret: "s3cret",
          credentialVersion: "3.1",
          marketplace: "www.amazon.de",
        },
      }),
    ).toEqual({
      creators: { clientId: "id-1", clientSecret: "s3cret", credentialVersion: "3.1", marketplace: "www.amazon.de" },
    });
    expect(siteSettingsInputSchema.parse({ creators: { clientId: "id-1", clientSecret: "" } })).toEqual({
      creators: { clientId: "id-1", clientSecret: undefined, credentialVersion: "2.1", marketplace: "www.amazon.com" },
    });
    expect(
      refused({ creators: { clientId: " ", credentialVersion: "4.0", marketplace: "www.amazon.example" } }),
    ).toEqual({
      "creators.clientId": [SETTINGS_TEXT.clientIdRequired],
      "creators.credentialVersion": [SETTINGS_TEXT.credentialVersionInvalid],
      "creators.marketplace": [SETTINGS_TEXT.marketplaceInvalid],
    });
  });

  it("takes http(s) feeds, each once, and refuses anything else", () => {
    expect(
      siteSettingsInputSchema.parse({
        feedUrls: ["https://a.example/f.xml", " http://b.example/f.tsv ", "https://a.example/f.xml"],
      }),
    ).toEqual({ feedUrls: ["https://a.example/f.xml", "http://b.example/f.tsv"] });
    expect(siteSettingsInputSchema.parse({ feedUrls: [] })).toEqual({ feedUrls: [] });
    for (const url of ["ftp://a.example/f.xml", "not a url", "javascript:alert(1)", ""]) {
      expect(refused({ feedUrls: [url] }), url).toEqual({ "feedUrls.0": [SETTINGS_TEXT.feedUrlInvalid] });
    }
    const many = Array.from({ length: 21 }, (_, i) => `https://feeds.example/${i}.xml`);
    expect(refused({ feedUrls: many })).toEqual({ feedUrls: [SETTINGS_TEXT.feedUrlsTooMany] });
  });

  it("keeps the schedules and the price age within their bounds, decimals where hours allow them", () => {
    expect(
      siteSettingsInputSchema.parse({ syncIntervalMinutes: 5, linkCheckIntervalHours: 0.5, priceMaxAgeHours: 0 }),
    ).toEqual({ syncIntervalMinutes: 5, linkCheckIntervalHours: 0.5, priceMaxAgeHours: 0 });
    expect(
      siteSettingsInputSchema.parse({
        syncIntervalMinutes: 1440,
        linkCheckIntervalHours: 8760,
        priceMaxAgeHours: 8760,
      }),
    ).toEqual({ syncIntervalMinutes: 1440, linkCheckIntervalHours: 8760, priceMaxAgeHours: 8760 });
    for (const syncIntervalMinutes of [4, 1441, 30.5, "60"]) {
      expect(refused({ syncIntervalMinutes }), String(syncIntervalMinutes)).toEqual({
        syncIntervalMinutes: [SETTINGS_TEXT.syncIntervalInvalid],
      });
    }
    for (const linkCheckIntervalHours of [0, -1, 8761]) {
      expect(refused({ linkCheckIntervalHours })).toEqual({
        linkCheckIntervalHours: [SETTINGS_TEXT.linkCheckIntervalInvalid],
      });
    }
    for (const priceMaxAgeHours of [-0.5, 8761]) {
      expect(refused({ priceMaxAgeHours })).toEqual({ priceMaxAgeHours: [SETTINGS_TEXT.priceMaxAgeInvalid] });
    }
  });

  it("takes a disclosure of one line of 1 to 500 characters", () => {
    expect(siteSettingsInputSchema.parse({ disclosureText: "  We earn from\n qualifying   purchases. " })).toEqual({
      disclosureText: "We earn from qualifying purchases.",
    });
    expect(siteSettingsInputSchema.parse({ disclosureText: DEFAULT_DISCLOSURE_TEXT })).toEqual({
      disclosureText: DEFAULT_DISCLOSURE_TEXT,
    });
    for (const disclosureText of ["", "   ", "x".repeat(501), 7]) {
      expect(refused({ disclosureText })).toEqual({ disclosureText: [SETTINGS_TEXT.disclosureInvalid] });
    }
  });
});

describe("the settings form", () => {
  const schema = siteSettingsFormSchema("US");
  /** The form's values as the page posts them (an empty field is not posted). */
  const post = (fields: Record<string, string>) => schema.safeParse(fields);

  it("turns every empty field into the configuration's default, and keeps the saved secret", () => {
    expect(post({}).data).toEqual({
      postalAddress: null,
      associateTags: null,
      creators: null,
      feedUrls: null,
      syncIntervalMinutes: null,
      linkCheckIntervalHours: null,
      priceMaxAgeHours: null,
      disclosureText: null,
    });
    expect(
      post({ creatorsClientId: "id-1", creatorsCredentialVersion: "3.2", creatorsMarketplace: "www.amazon.co.uk" }).data
        ?.creators,
    ).toEqual({ clientId: "id-1", clientSecret: undefined, credentialVersion: "3.2", marketplace: "www.amazon.co.uk" });
  });

  it("puts the default marketplace's tag and the other lines into one list of tags, and feeds one a line", () => {
    const parsed = post({
      associateTag: "pawsome-20",
      moreAssociateTags: " gb = pawsomeuk-21 \r\n\r\nDE=pawsomede-21",
      feedUrls: "https://a.example/f.xml\n\n  https://b.example/f.tsv  ",
      syncIntervalMinutes: 30 as never,
    });
    expect(parsed.data).toMatchObject({
      associateTags: { US: "pawsome-20", GB: "pawsomeuk-21", DE: "pawsomede-21" },
      feedUrls: ["https://a.example/f.xml", "https://b.example/f.tsv"],
      syncIntervalMinutes: 30,
    });
  });

  it("says what is wrong under the field that has it", () => {
    const fieldErrors = (fields: Record<string, unknown>) =>
      Object.fromEntries((schema.safeParse(fields).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(fieldErrors({ associateTag: "pawsome 20" })).toEqual({ associateTag: SETTINGS_TEXT.associateTagInvalid });
    expect(fieldErrors({ moreAssociateTags: "UK=pawsomeuk-21" })).toEqual({
      moreAssociateTags: "UK is written GB, the United Kingdom's country code",
    });
    expect(fieldErrors({ associateTag: "a-20", moreAssociateTags: "US=b-20" })).toEqual({
      moreAssociateTags: "US is given twice",
    });
    expect(fieldErrors({ feedUrls: "https://a.example/f.xml\nfile:///etc/passwd" })).toEqual({
      feedUrls: SETTINGS_TEXT.feedUrlInvalid,
    });
    expect(fieldErrors({ creatorsClientSecret: "s3cret" })).toEqual({
      creatorsClientId: SETTINGS_TEXT.clientIdWithSecret,
    });
    expect(fieldErrors({ priceMaxAgeHours: -1 })).toEqual({ priceMaxAgeHours: SETTINGS_TEXT.priceMaxAgeInvalid });
    expect(fieldErrors({ disclosureText: "   " })).toEqual({ disclosureText: SETTINGS_TEXT.disclosureInvalid });
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
    expect(ASSOCIATE_TAG_NOTICE.link.href).toBe("/admin/settings#amazon-associates");
    expect(ASSOCIATE_TAG_NOTICE.text).not.toMatch(/hosting|restart/);
  });
});
