import type { ToyQuery } from "./catalog";

// The catalogue's query rules as the /products page applies them in the browser: its sort
// choices, price range and paging, and the lenient reading of its URL. Without Zod, so the
// storefront loads none of catalog.ts's schemas (decision 069); catalog.ts's toyQuerySchema
// states the same rules strictly for the API.

export const SORT_OPTIONS = [
  { value: "name", label: "Name (A-Z)" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "rating-desc", label: "Rating: High to Low" },
] as const;
export type ToySort = (typeof SORT_OPTIONS)[number]["value"];
export const DEFAULT_SORT: ToySort = "name";

export const PRICE_MIN = 0;
/** The slider's top; at the top it means "no upper limit" (docs/decisions/004). */
export const PRICE_MAX = 100;
export const PRICE_STEP = 5;
export const PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;

export const TOY_QUERY_INT_LIMITS = {
  category: 2_147_483_647,
  breed: 2_147_483_647,
  minPrice: 100_000,
  maxPrice: 100_000,
  page: 1_000_000,
  pageSize: MAX_PAGE_SIZE,
} as const;
export type WholeNumberKey = keyof typeof TOY_QUERY_INT_LIMITS;

export const SORT_VALUES = SORT_OPTIONS.map((option) => option.value);
export const DIGITS = /^\d+$/;
/** "" and "all" (a select's "any") leave a number parameter unset. */
export const isUnset = (value: unknown) => value === "" || value === "all";
export const minimumOf = (key: WholeNumberKey) => (key === "page" || key === "pageSize" ? 1 : 0);

export type ToyQueryKey = keyof ToyQuery;

const TOY_QUERY_KEYS: readonly ToyQueryKey[] = [
  "search",
  "category",
  "breed",
  "minPrice",
  "maxPrice",
  "sort",
  "page",
  "pageSize",
];

/** The catalogue parameters of a URL (first value of each), ready for toyQuerySchema. */
export function toyQueryInput(params: URLSearchParams): Partial<Record<ToyQueryKey, string>> {
  const raw: Partial<Record<ToyQueryKey, string>> = {};
  for (const key of TOY_QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

/**
 * One URL parameter read as toyQuerySchema reads it, or undefined where the schema would
 * refuse it (or leave it unset). The /products page runs this in the browser instead of the
 * schema itself, whose Zod would break the page's JavaScript budget (decision 022);
 * domain/catalog.test.ts checks the two agree on every kind of value.
 */
export function lenientToyQueryValue<K extends ToyQueryKey>(key: K, raw: string): ToyQuery[K] | undefined {
  let value: string | number | undefined;
  if (key === "search") {
    value = raw.length <= MAX_SEARCH_LENGTH ? raw.trim() || undefined : undefined;
  } else if (key === "sort") {
    value = SORT_VALUES.find((sort) => sort === raw);
  } else if (!isUnset(raw) && DIGITS.test(raw)) {
    const n = Number(raw);
    const intKey = key as WholeNumberKey;
    value = n >= minimumOf(intKey) && n <= TOY_QUERY_INT_LIMITS[intKey] ? n : undefined;
  }
  return value as ToyQuery[K] | undefined;
}

/** The catalogue filters a visitor can set on /products; all optional, defaults omitted. */
export type CatalogFilters = Omit<ToyQuery, "pageSize">;

/**
 * URL parameters for the filters, leaving out defaults (so the plain /products URL is
 * the unfiltered catalogue): a price range of 0 to PRICE_MAX, name sort, page 1.
 */
export function catalogSearchParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search?.trim()) params.set("search", filters.search.trim());
  if (filters.breed !== undefined) params.set("breed", String(filters.breed));
  if (filters.category !== undefined) params.set("category", String(filters.category));
  if (filters.minPrice !== undefined && filters.minPrice > PRICE_MIN) params.set("minPrice", String(filters.minPrice));
  if (filters.maxPrice !== undefined && filters.maxPrice < PRICE_MAX) params.set("maxPrice", String(filters.maxPrice));
  if (filters.sort && filters.sort !== DEFAULT_SORT) params.set("sort", filters.sort);
  if (filters.page !== undefined && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/**
 * Reads the /products filters from a URL leniently: a parameter that does not parse is
 * ignored rather than failing the page, and so is an inverted price range.
 */
export function catalogFiltersFrom(params: URLSearchParams): CatalogFilters {
  const filters: Partial<Record<ToyQueryKey, unknown>> = {};
  for (const [key, raw] of Object.entries(toyQueryInput(params)) as [ToyQueryKey, string][]) {
    const value = lenientToyQueryValue(key, raw);
    if (value !== undefined && key !== "pageSize") filters[key] = value;
  }
  const read = filters as CatalogFilters;
  if (read.minPrice !== undefined && read.maxPrice !== undefined && read.minPrice > read.maxPrice) {
    delete read.minPrice;
    delete read.maxPrice;
  }
  if (read.maxPrice !== undefined && read.maxPrice >= PRICE_MAX) delete read.maxPrice;
  return read;
}

/** True when no filter is set (sort and page do not count). */
export function hasActiveFilters(filters: CatalogFilters): boolean {
  return Boolean(
    filters.search ||
      filters.breed !== undefined ||
      filters.category !== undefined ||
      (filters.minPrice ?? 0) > PRICE_MIN ||
      filters.maxPrice !== undefined,
  );
}
