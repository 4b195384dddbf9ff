import { describe, expect, it } from "vitest";
import { catalogFiltersFrom, catalogSearchParams, hasActiveFilters, toyQueryInput, toyQuerySchema } from "./catalog";

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

describe("toy query validation", () => {
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
