import { describe, expect, it } from "vitest";
import { readEnv } from "#server/env.ts";
import { mailSettings, parseMailbox } from "./settings";

describe("mail settings", () => {
  it("defaults the sender to no-reply at the site's host and the contact inbox to the sender", () => {
    expect(mailSettings({}, "https://www.pawsomepicks.com")).toEqual({
      from: { name: "Pawsome Picks", address: "no-reply@www.pawsomepicks.com" },
      contactTo: "no-reply@www.pawsomepicks.com",
    });
  });

  it("reads MAIL_FROM as 'Name <address>' or a bare address, and CONTACT_TO", () => {
    expect(
      mailSettings({ MAIL_FROM: '"Pawsome Picks" <hi@pawsome.test>', CONTACT_TO: "owner@pawsome.test" }, "http://x"),
    ).toEqual({
      from: { name: "Pawsome Picks", address: "hi@pawsome.test" },
      contactTo: "owner@pawsome.test",
    });
    expect(parseMailbox("hi@pawsome.test", "MAIL_FROM")).toEqual({ address: "hi@pawsome.test" });
  });

  it("refuses a MAIL_FROM that is not an address, in one line naming the setting", () => {
    expect(() => parseMailbox("Pawsome Picks", "MAIL_FROM")).toThrow(/^MAIL_FROM must be an e-mail address/);
    expect(() => parseMailbox("x <a@b.test>\r\nBcc: c@d.test", "MAIL_FROM")).toThrow(/MAIL_FROM/);
  });
});

describe("mail and form settings in the environment", () => {
  it("accepts smtp:// and smtps:// URLs only", () => {
    expect(readEnv({ SMTP_URL: "smtps://u:p@mail.test:465" }).SMTP_URL).toBe("smtps://u:p@mail.test:465");
    expect(readEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(() => readEnv({ SMTP_URL: "http://mail.test" })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
  });

  it("reads FORM_RATE_LIMIT as requests per minutes, 30 per 10 minutes by default", () => {
    expect(readEnv({}).FORM_RATE_LIMIT).toEqual({ max: 30, windowMs: 600_000 });
    expect(readEnv({ FORM_RATE_LIMIT: "5/1" }).FORM_RATE_LIMIT).toEqual({ max: 5, windowMs: 60_000 });
    expect(() => readEnv({ FORM_RATE_LIMIT: "lots" })).toThrow(/FORM_RATE_LIMIT must look like "30\/10"/);
  });

  it("reads SITE_POSTAL_ADDRESS line by line, unset when empty, and refuses one too short to be an address", () => {
    expect(readEnv({}).SITE_POSTAL_ADDRESS).toBeUndefined();
    expect(readEnv({ SITE_POSTAL_ADDRESS: "  " }).SITE_POSTAL_ADDRESS).toBeUndefined();
    expect(
      readEnv({ SITE_POSTAL_ADDRESS: " Pawsome Picks,  1 Main St, Portland, OR 97201 " }).SITE_POSTAL_ADDRESS,
    ).toBe("Pawsome Picks, 1 Main St, Portland, OR 97201");
    expect(readEnv({ SITE_POSTAL_ADDRESS: "Pawsome Picks\n\n1 Main St\n" }).SITE_POSTAL_ADDRESS).toBe(
      "Pawsome Picks\n1 Main St",
    );
    expect(() => readEnv({ SITE_POSTAL_ADDRESS: "PO 1" })).toThrow(
      /SITE_POSTAL_ADDRESS: The postal address must be at least 10 characters/,
    );
  });

  it("wants an APP_SECRET of at least 32 characters when one is given", () => {
    expect(() => readEnv({ APP_SECRET: "short" })).toThrow(/APP_SECRET must be at least 32 characters/);
    expect(readEnv({ APP_SECRET: "x".repeat(32) }).APP_SECRET).toHaveLength(32);
  });
});
