import { describe, expect, it } from "vitest";
import { formatCompactDate, formatLegalDate, formatLongDate, formatShortDate, isoDay } from "./dates";

describe("date formats of the spec", () => {
  const noon = "2026-01-05T12:00:00.000Z";
  it("'MMM dd, yyyy' on the home page", () => expect(formatShortDate(noon)).toBe("Jan 05, 2026"));
  it("short month, day, year on the resources page", () => expect(formatCompactDate(noon)).toBe("Jan 5, 2026"));
  it("'MMMM dd, yyyy' on detail pages", () => expect(formatLongDate(noon)).toBe("January 05, 2026"));
  it("the legal pages' last-updated date", () =>
    expect(formatLegalDate("2024-04-07T12:00:00.000Z")).toBe("April 7, 2024"));
  it("machine-readable days", () => expect(isoDay(new Date(Date.UTC(2026, 10, 22)))).toBe("2026-11-22"));
  it("reads dates in UTC so server and browser agree", () => {
    expect(formatShortDate("2026-12-31T23:30:00.000Z")).toBe("Dec 31, 2026");
    expect(formatLongDate("2026-03-01T00:15:00.000Z")).toBe("March 01, 2026");
  });
});
