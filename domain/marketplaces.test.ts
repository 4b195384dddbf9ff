import { describe, expect, it } from "vitest";
import {
  type AssociateTags,
  affiliateTarget,
  associateTagsFrom,
  countryFromAcceptLanguage,
  countryFromHeader,
  countryName,
  isCountryCode,
  MARKETPLACE_HOSTS,
  marketplaceFor,
  marketplaceOfHost,
  normalizeAsin,
  parseAssociateTags,
  visitorCountry,
} from "./marketplaces";

describe("the country → Amazon marketplace table", () => {
  it("has Amazon's stores by their country", () => {
    expect(MARKETPLACE_HOSTS).toMatchObject({
      US: "www.amazon.com",
      GB: "www.amazon.co.uk",
      DE: "www.amazon.de",
      FR: "www.amazon.fr",
      IT: "www.amazon.it",
      ES: "www.amazon.es",
      CA: "www.amazon.ca",
      JP: "www.amazon.co.jp",
      AU: "www.amazon.com.au",
      IN: "www.amazon.in",
      MX: "www.amazon.com.mx",
      BR: "www.amazon.com.br",
      NL: "www.amazon.nl",
      SE: "www.amazon.se",
      PL: "www.amazon.pl",
      BE: "www.amazon.com.be",
      IE: "www.amazon.ie",
      SG: "www.amazon.sg",
      AE: "www.amazon.ae",
      SA: "www.amazon.sa",
      TR: "www.amazon.com.tr",
      EG: "www.amazon.eg",
      ZA: "www.amazon.co.za",
    });
    for (const country of Object.keys(MARKETPLACE_HOSTS)) expect(isCountryCode(country)).toBe(true);
  });

  it("sends a country to its own store, Austria to amazon.de, and others nowhere", () => {
    expect(marketplaceFor("GB")).toBe("GB");
    expect(marketplaceFor("IE")).toBe("IE");
    expect(marketplaceFor("AT")).toBe("DE");
    expect(marketplaceFor("CH")).toBeNull();
    expect(marketplaceFor("NZ")).toBeNull();
    expect(marketplaceFor(null)).toBeNull();
  });

  it("knows a store by its host, with or without www", () => {
    expect(marketplaceOfHost("www.amazon.co.uk")).toBe("GB");
    expect(marketplaceOfHost("amazon.de")).toBe("DE");
    expect(marketplaceOfHost("WWW.AMAZON.COM")).toBe("US");
    expect(marketplaceOfHost("smile.amazon.com")).toBe("US");
    expect(marketplaceOfHost("amzn.to")).toBeNull();
    expect(marketplaceOfHost("www.amazon.xyz")).toBeNull();
  });
});

describe("the visitor's country", () => {
  it("from a CDN header: two letters of an assigned country, upper-cased", () => {
    expect(countryFromHeader("GB")).toBe("GB");
    expect(countryFromHeader("gb")).toBe("GB");
    expect(countryFromHeader(" de ")).toBe("DE");
    for (const junk of [
      "XX",
      "T1",
      "EU",
      "UK",
      "ZZ",
      "",
      "G",
      "GBR",
      "<script>",
      "GB, GB",
      "GB,DE",
      "x".repeat(5000),
    ]) {
      expect(countryFromHeader(junk), junk.slice(0, 20)).toBeNull();
    }
    expect(countryFromHeader(undefined)).toBeNull();
    expect(countryFromHeader(null)).toBeNull();
  });

  it("from Accept-Language: the region of the highest-weighted tag that has one", () => {
    expect(countryFromAcceptLanguage("en-GB,en;q=0.9")).toBe("GB");
    expect(countryFromAcceptLanguage("de")).toBeNull();
    expect(countryFromAcceptLanguage("de, en-US;q=0.5")).toBe("US");
    expect(countryFromAcceptLanguage("fr-CA;q=0.4, en-GB;q=0.8, de-DE;q=0.6")).toBe("GB");
    expect(countryFromAcceptLanguage("en-us")).toBe("US");
    expect(countryFromAcceptLanguage("zh-Hant-TW")).toBe("TW");
    expect(countryFromAcceptLanguage("sr-Latn-RS;q=0.9")).toBe("RS");
    // equal weights: the first one
    expect(countryFromAcceptLanguage("en-IE, en-GB")).toBe("IE");
    // no country in these
    for (const value of ["es-419", "en-XX", "*", "en-x-gb", "en-GB;q=0", "en-GB;q=abc", "", "<script>", "GB"]) {
      expect(countryFromAcceptLanguage(value), value).toBeNull();
    }
    expect(countryFromAcceptLanguage(undefined)).toBeNull();
  });

  it("does not read past the first ranges of a very long header", () => {
    const long = `${Array.from({ length: 40 }, () => "de").join(",")},en-GB`;
    expect(countryFromAcceptLanguage(long)).toBeNull();
    expect(countryFromAcceptLanguage(`${"a".repeat(8000)},en-GB`)).toBe("GB");
  });

  it("is the header's first, else Accept-Language's", () => {
    expect(visitorCountry({ trustedHeader: "FR", acceptLanguage: "en-GB" })).toBe("FR");
    expect(visitorCountry({ trustedHeader: "XX", acceptLanguage: "en-GB" })).toBe("GB");
    expect(visitorCountry({ trustedHeader: null, acceptLanguage: "en-GB" })).toBe("GB");
    expect(visitorCountry({ trustedHeader: undefined, acceptLanguage: "de" })).toBeNull();
  });
});

describe("AMAZON_ASSOCIATE_TAGS", () => {
  it("reads COUNTRY=tag pairs", () => {
    expect(parseAssociateTags("US=pawsome-20,GB=pawsomeuk-21, de = pawsomede-21 ,")).toEqual({
      tags: { US: "pawsome-20", GB: "pawsomeuk-21", DE: "pawsomede-21" },
    });
    expect(parseAssociateTags("")).toEqual({ tags: {} });
  });

  it("refuses what it cannot use, saying why", () => {
    const problem = (text: string) => ("problem" in parseAssociateTags(text) ? parseAssociateTags(text) : null);
    expect(problem("GB")).toEqual({ problem: '"GB" is not COUNTRY=tag (e.g. GB=pawsomeuk-21)' });
    expect(problem("UK=pawsomeuk-21")).toEqual({ problem: "UK is written GB, the United Kingdom's country code" });
    expect(problem("AT=pawsomeat-21")).toEqual({
      problem: "AT has no Amazon marketplace of its own: its visitors go to www.amazon.de, so give that tag as DE=...",
    });
    expect(problem("NZ=pawsome-22")).toMatchObject({
      problem: expect.stringMatching(/^NZ is not a country with an Amazon marketplace \(US, CA, /),
    });
    expect(problem("XX=pawsome-22")).toMatchObject({ problem: expect.stringMatching(/^XX is not a country/) });
    expect(problem("GB=")).toEqual({
      problem: "the tag for GB must be letters, digits and hyphens (e.g. GB=pawsome-21)",
    });
    expect(problem("GB=bad tag")).toMatchObject({ problem: expect.stringMatching(/^the tag for GB must be/) });
    expect(problem("GB=a-21,gb=b-21")).toEqual({ problem: "GB is given twice" });
  });

  it("with AMAZON_ASSOCIATE_TAG: that is the default marketplace's tag", () => {
    expect(
      associateTagsFrom({ defaultTag: "pawsome-20", tags: { GB: "uk-21" }, defaultMarketplace: "www.amazon.com" }),
    ).toEqual({ defaultTag: "pawsome-20", byMarketplace: { US: "pawsome-20", GB: "uk-21" } });
    expect(associateTagsFrom({ defaultTag: "uk-21", defaultMarketplace: "www.amazon.co.uk" })).toEqual({
      defaultTag: "uk-21",
      byMarketplace: { GB: "uk-21" },
    });
    // only the list: its default marketplace's entry is the default tag
    expect(associateTagsFrom({ tags: { US: "us-20", DE: "de-21" }, defaultMarketplace: "www.amazon.com" })).toEqual({
      defaultTag: "us-20",
      byMarketplace: { US: "us-20", DE: "de-21" },
    });
    expect(associateTagsFrom({ tags: { DE: "de-21" }, defaultMarketplace: "www.amazon.com" })).toEqual({
      defaultTag: null,
      byMarketplace: { DE: "de-21" },
    });
  });
});

describe("where /go sends a visitor", () => {
  const tags: AssociateTags = {
    defaultTag: "pawsome-20",
    byMarketplace: { US: "pawsome-20", GB: "pawsomeuk-21", DE: "pawsomede-21" },
  };
  const toy = { url: "https://www.amazon.com/dp/B0TEST0001", asin: "B0TEST0001", tags };

  it("from a country with a tag: that marketplace's page for the ASIN, with that tag", () => {
    expect(affiliateTarget({ ...toy, country: "GB" })).toBe("https://www.amazon.co.uk/dp/B0TEST0001?tag=pawsomeuk-21");
    expect(affiliateTarget({ ...toy, country: "DE" })).toBe("https://www.amazon.de/dp/B0TEST0001?tag=pawsomede-21");
    expect(affiliateTarget({ ...toy, country: "AT" })).toBe("https://www.amazon.de/dp/B0TEST0001?tag=pawsomede-21");
    expect(affiliateTarget({ ...toy, asin: " b0test0001 ", country: "GB" })).toBe(
      "https://www.amazon.co.uk/dp/B0TEST0001?tag=pawsomeuk-21",
    );
  });

  it("everyone else: the stored link, with the default tag when it has none", () => {
    for (const country of ["US", "FR", "NZ", null]) {
      expect(affiliateTarget({ ...toy, country })).toBe("https://www.amazon.com/dp/B0TEST0001?tag=pawsome-20");
    }
    expect(
      affiliateTarget({ ...toy, url: "https://www.amazon.com/dp/B0TEST0001?tag=owner-20&th=1", country: "FR" }),
    ).toBe("https://www.amazon.com/dp/B0TEST0001?tag=owner-20&th=1");
    expect(
      affiliateTarget({ ...toy, tags: { defaultTag: null, byMarketplace: { GB: "pawsomeuk-21" } }, country: null }),
    ).toBe("https://www.amazon.com/dp/B0TEST0001");
  });

  it("a stored link to another marketplace: its own tag for its country, the visitor's for theirs", () => {
    const uk = { ...toy, url: "https://www.amazon.co.uk/dp/B0TEST0001" };
    expect(affiliateTarget({ ...uk, country: "GB" })).toBe("https://www.amazon.co.uk/dp/B0TEST0001?tag=pawsomeuk-21");
    expect(affiliateTarget({ ...uk, country: "US" })).toBe("https://www.amazon.com/dp/B0TEST0001?tag=pawsome-20");
    expect(affiliateTarget({ ...uk, country: "FR" })).toBe("https://www.amazon.co.uk/dp/B0TEST0001?tag=pawsomeuk-21");
  });

  it("a toy without an ASIN, or not an Amazon link, always goes to its stored link", () => {
    expect(affiliateTarget({ ...toy, asin: null, country: "GB" })).toBe(
      "https://www.amazon.com/dp/B0TEST0001?tag=pawsome-20",
    );
    expect(affiliateTarget({ ...toy, asin: "not-an-asin", country: "GB" })).toBe(
      "https://www.amazon.com/dp/B0TEST0001?tag=pawsome-20",
    );
    expect(affiliateTarget({ ...toy, url: "https://amzn.to/3abcDEF", country: null })).toBe(
      "https://amzn.to/3abcDEF?tag=pawsome-20",
    );
    expect(affiliateTarget({ ...toy, url: "https://www.chewy.com/dp/123", country: "GB" })).toBe(
      "https://www.chewy.com/dp/123",
    );
  });

  it("nowhere when the stored link is not an http(s) URL", () => {
    expect(affiliateTarget({ ...toy, url: "javascript:alert(1)", country: "GB" })).toBeNull();
    expect(affiliateTarget({ ...toy, url: "not a url", country: null })).toBeNull();
  });

  it("an ASIN is ten letters or digits", () => {
    expect(normalizeAsin("B08XYZ1234")).toBe("B08XYZ1234");
    expect(normalizeAsin("0316769487")).toBe("0316769487");
    expect(normalizeAsin("B08XYZ123")).toBeNull();
    expect(normalizeAsin("B08XYZ1234/")).toBeNull();
    expect(normalizeAsin(null)).toBeNull();
  });
});

describe("a country's name", () => {
  it("is English, and Unknown for none", () => {
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("DE")).toBe("Germany");
    expect(countryName(null)).toBe("Unknown");
  });
});
