import { describe, expect, it } from "vitest";
import { readEnv } from "./env";

describe("country routing settings (decision 058)", () => {
  it("reads AMAZON_ASSOCIATE_TAGS by country", () => {
    expect(readEnv({}).AMAZON_ASSOCIATE_TAGS).toEqual({});
    expect(
      readEnv({ AMAZON_ASSOCIATE_TAGS: "US=pawsome-20,GB=pawsomeuk-21,DE=pawsomede-21" }).AMAZON_ASSOCIATE_TAGS,
    ).toEqual({ US: "pawsome-20", GB: "pawsomeuk-21", DE: "pawsomede-21" });
  });

  it("refuses an AMAZON_ASSOCIATE_TAGS it cannot use, in one line saying why", () => {
    expect(() => readEnv({ AMAZON_ASSOCIATE_TAGS: "ZZ=pawsome-20" })).toThrow(
      /^invalid configuration: AMAZON_ASSOCIATE_TAGS: ZZ is not a country with an Amazon marketplace \(US, CA,/,
    );
    expect(() => readEnv({ AMAZON_ASSOCIATE_TAGS: "UK=pawsomeuk-21" })).toThrow(
      "invalid configuration: AMAZON_ASSOCIATE_TAGS: UK is written GB, the United Kingdom's country code",
    );
    expect(() => readEnv({ AMAZON_ASSOCIATE_TAGS: "GB=pawsome uk" })).toThrow(
      /AMAZON_ASSOCIATE_TAGS: the tag for GB must be letters, digits and hyphens/,
    );
  });

  it("refuses two different tags for the default marketplace", () => {
    expect(() => readEnv({ AMAZON_ASSOCIATE_TAG: "a-20", AMAZON_ASSOCIATE_TAGS: "US=b-20" })).toThrow(
      "invalid configuration: AMAZON_ASSOCIATE_TAGS: AMAZON_ASSOCIATE_TAG (a-20) and AMAZON_ASSOCIATE_TAGS (US=b-20) name two tags for www.amazon.com: keep one",
    );
    expect(
      readEnv({ AMAZON_ASSOCIATE_TAG: "a-20", AMAZON_ASSOCIATE_TAGS: "US=a-20,GB=c-21" }).AMAZON_ASSOCIATE_TAG,
    ).toBe("a-20");
    // the default marketplace is AMAZON_CREATORS_MARKETPLACE's
    expect(() =>
      readEnv({
        AMAZON_ASSOCIATE_TAG: "a-21",
        AMAZON_ASSOCIATE_TAGS: "GB=b-21",
        AMAZON_CREATORS_MARKETPLACE: "www.amazon.co.uk",
      }),
    ).toThrow(/name two tags for www.amazon.co.uk/);
  });

  it("reads COUNTRY_HEADER as a header name", () => {
    expect(readEnv({}).COUNTRY_HEADER).toBeUndefined();
    expect(readEnv({ COUNTRY_HEADER: " CF-IPCountry " }).COUNTRY_HEADER).toBe("cf-ipcountry");
    expect(() => readEnv({ COUNTRY_HEADER: "cf ipcountry:" })).toThrow(
      "invalid configuration: COUNTRY_HEADER: COUNTRY_HEADER must be a header name such as cf-ipcountry",
    );
  });
});
