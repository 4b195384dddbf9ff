import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toyQuerySchema } from "./catalog";
import {
  catalogFiltersFrom,
  catalogSearchParams,
  hasActiveFilters,
  lenientToyQueryValue,
  type ToyQueryKey,
  toyQueryInput,
} from "./catalog-query";

const KEYS = Object.keys(toyQuerySchema.shape) as ToyQueryKey[];

describe("catalogue filters in the URL", () => {
  it("leaves defaults out of the URL", () => {
    expect(catalogSearchParams({ minPrice: 0, maxPrice: 100, sort: "name", page: 1 }).toString()).toBe("");
    expect(
      catalogSearchParams({
        search: " ball ",
        breed: 2,
        category: 3,
        minPrice: 5,
        maxPrice: 40,
        sort: "price-asc",
        page: 2,
      }).toString(),
    ).toBe("search=ball&breed=2&category=3&minPrice=5&maxPrice=40&sort=price-asc&page=2");
  });

  it("reads filters back, ignoring parameters that do not parse", () => {
    const params = new URLSearchParams("search=ball&category=abc&breed=4&sort=cheap&minPrice=10&maxPrice=100&page=0");
    expect(catalogFiltersFrom(params)).toEqual({ search: "ball", breed: 4, minPrice: 10 });
  });

  it("ignores empty and 'all' values and a page size, and keeps a zero category", () => {
    const params = new URLSearchParams("search=&category=all&breed=&minPrice=all&pageSize=5&sort=&category=0");
    expect(catalogFiltersFrom(params)).toEqual({});
    expect(catalogFiltersFrom(new URLSearchParams("category=0&page=007"))).toEqual({ category: 0, page: 7 });
    expect(catalogFiltersFrom(new URLSearchParams("maxPrice=99"))).toEqual({ maxPrice: 99 });
  });

  it("drops an inverted price range", () => {
    expect(catalogFiltersFrom(new URLSearchParams("minPrice=50&maxPrice=10"))).toEqual({});
  });

  it("round-trips", () => {
    const filters = {
      search: "rope",
      breed: 1,
      category: 5,
      minPrice: 15,
      maxPrice: 60,
      sort: "rating-desc" as const,
      page: 3,
    };
    expect(catalogFiltersFrom(catalogSearchParams(filters))).toEqual(filters);
  });

  it("knows when a filter is active", () => {
    expect(hasActiveFilters({ sort: "price-desc", page: 2 })).toBe(false);
    expect(hasActiveFilters({ maxPrice: 50 })).toBe(true);
    expect(hasActiveFilters({ search: "x" })).toBe(true);
  });
});

describe("toy query validation (GET /api/toys)", () => {
  it("accepts the empty query and trims search", () => {
    expect(toyQuerySchema.parse({})).toEqual({});
    expect(toyQuerySchema.parse(toyQueryInput(new URLSearchParams("search=%20%20")))).toEqual({});
  });

  it("refuses bad numbers, sorts and ranges", () => {
    for (const input of [
      { category: "1.5" },
      { breed: "-2" },
      { sort: "x" },
      { page: "0" },
      { pageSize: "101" },
      { minPrice: "9", maxPrice: "3" },
    ]) {
      expect(toyQuerySchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });
});

describe("the strict and the lenient reading of the catalogue query", () => {
  it("names each refused parameter with its message", () => {
    const result = toyQuerySchema.safeParse({
      search: "x".repeat(101),
      category: "abc",
      breed: "-2",
      sort: "cheapest",
      page: "0",
      pageSize: "101",
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error?.issues.map((i) => [i.path.join("."), i.message]) ?? []);
    expect(byField).toEqual({
      search: "search must be at most 100 characters",
      category: "must be a whole number from 0 to 2147483647",
      breed: "must be a whole number from 0 to 2147483647",
      sort: "sort must be one of name, price-asc, price-desc, rating-desc",
      page: "page must be at least 1",
      pageSize: "must be a whole number from 0 to 100",
    });
    expect(toyQuerySchema.safeParse({ minPrice: "9", maxPrice: "3" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["minPrice"], message: "minPrice must not be above maxPrice" }),
    ]);
  });

  it("parses URL text to numbers and trims the search", () => {
    expect(
      toyQuerySchema.parse(
        toyQueryInput(new URLSearchParams("search=%20rope%20&category=3&minPrice=0&page=2&sort=name")),
      ),
    ).toEqual({ search: "rope", category: 3, minPrice: 0, page: 2, sort: "name" });
    expect(toyQuerySchema.parse({ category: "all", breed: "" })).toEqual({});
  });

  it("reads every URL parameter the same way: the lenient reading keeps what the schema accepts", () => {
    const text = fc.oneof(
      fc.constantFrom("", "all", "0", "1", "-1", "1.5", "007", " 7", "7 ", "1e3", "0x10", "Infinity", "NaN"),
      fc.constantFrom("100", "101", "100000", "100001", "1000000", "1000001", "2147483647", "2147483648"),
      fc.constantFrom("99999999999999999999", "name", "price-asc", "rating-desc", "Name", "  ", " ball ", "٣"),
      fc.stringMatching(/^\d{1,12}$/),
      fc.string({ minLength: 95, maxLength: 105 }),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.constantFrom(...KEYS), text, (key, raw) => {
        const strict = toyQuerySchema.safeParse({ [key]: raw });
        expect(lenientToyQueryValue(key, raw)).toEqual(strict.success ? strict.data[key] : undefined);
      }),
      { numRuns: 2_000 },
    );
  });

  it("reads the parameters the schema has, no fewer", () => {
    const params = new URLSearchParams(KEYS.map((key) => `${key}=1`).join("&"));
    expect(Object.keys(toyQueryInput(params)).sort()).toEqual([...KEYS].sort());
  });
});
