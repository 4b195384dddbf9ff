// Shapes the storefront reads (spec/storefront.md §3) and the catalogue query rules.

export interface CategoryRef {
  id: number;
  name: string;
}

export interface Toy {
  id: number;
  name: string;
  description: string;
  details: string;
  imageUrl: string | null;
  price: string;
  priceDiscount: string | null;
  rating: string;
  reviewCount: number;
  amazonUrl: string | null;
  amazonAsin: string | null;
  affiliateUrl: string | null;
  affiliateCode: string | null;
  isTopPick: boolean;
  inStock: boolean;
  isPrimeEligible: boolean;
  materialType: string | null;
  features: string[];
  ageRecommendation: string | null;
  suitableFor: string | null;
  categoryId: number | null;
  categoryName: string | null;
  categories: CategoryRef[];
}

export interface Breed {
  id: number;
  name: string;
  size: string;
  description: string;
  imageUrl: string | null;
}

export interface Category {
  id: number;
  name: string;
  description: string | null;
  icon: string | null;
  imageUrl: string | null;
}

export interface Recommendation {
  toyId: number;
  toy: Toy;
  note: string | null;
}

export interface BreedRecommendations {
  breed: Pick<Breed, "id" | "name" | "description" | "imageUrl">;
  recommendations: Recommendation[];
}

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

/** The shape both this parser and Zod schemas give: parseOr400 on the server takes either. */
export type ParseResult<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: { path: string[]; message: string }[] } };

export interface ToyQueryValues {
  search: string | undefined;
  category: number | undefined;
  breed: number | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  sort: ToySort | undefined;
  page: number | undefined;
  pageSize: number | undefined;
}

export const TOY_QUERY_INT_LIMITS = {
  category: 2_147_483_647,
  breed: 2_147_483_647,
  minPrice: 100_000,
  maxPrice: 100_000,
  page: 1_000_000,
  pageSize: MAX_PAGE_SIZE,
} as const;
const SORT_VALUES: readonly string[] = SORT_OPTIONS.map((o) => o.value);

// Hand-written rather than Zod: the products page parses its URL in the browser too, and
// Zod would add about 25 KB to that page's JavaScript.
function parseToyQueryInput(input: Record<string, unknown>): ParseResult<ToyQueryValues> {
  const issues: { path: string[]; message: string }[] = [];
  const data: ToyQueryValues = {
    search: undefined,
    category: undefined,
    breed: undefined,
    minPrice: undefined,
    maxPrice: undefined,
    sort: undefined,
    page: undefined,
    pageSize: undefined,
  };
  if (input.search !== undefined) {
    if (typeof input.search !== "string") issues.push({ path: ["search"], message: "search must be text" });
    else if (input.search.length > MAX_SEARCH_LENGTH) {
      issues.push({ path: ["search"], message: `search must be at most ${MAX_SEARCH_LENGTH} characters` });
    } else data.search = input.search.trim() || undefined;
  }
  for (const [key, max] of Object.entries(TOY_QUERY_INT_LIMITS) as [keyof typeof TOY_QUERY_INT_LIMITS, number][]) {
    const raw = input[key];
    if (raw === undefined || raw === "" || raw === "all") continue;
    const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 0 || n > max) {
      issues.push({ path: [key], message: `must be a whole number from 0 to ${max}` });
    } else if ((key === "page" || key === "pageSize") && n < 1) {
      issues.push({ path: [key], message: `${key} must be at least 1` });
    } else data[key] = n;
  }
  if (input.sort !== undefined) {
    if (typeof input.sort === "string" && SORT_VALUES.includes(input.sort)) data.sort = input.sort as ToySort;
    else issues.push({ path: ["sort"], message: "sort must be one of name, price-asc, price-desc, rating-desc" });
  }
  if (data.minPrice !== undefined && data.maxPrice !== undefined && data.minPrice > data.maxPrice) {
    issues.push({ path: ["minPrice"], message: "minPrice must not be above maxPrice" });
  }
  return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data };
}

/** Query parameters of GET /api/toys and of the /products page; all optional. */
export const toyQuerySchema = {
  safeParse: (input: unknown) =>
    parseToyQueryInput(typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {}),
  parse(input: unknown): ToyQueryValues {
    const result = this.safeParse(input);
    if (!result.success) throw new Error(result.error.issues[0]?.message);
    return result.data;
  },
};

export type ToyQuery = Partial<ToyQueryValues>;

const TOY_QUERY_KEYS = ["search", "category", "breed", "minPrice", "maxPrice", "sort", "page", "pageSize"] as const;

/** The catalogue parameters of a URL (first value of each), ready for toyQuerySchema. */
export function toyQueryInput(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of TOY_QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

/** The catalogue filters a visitor can set on /products; all optional, defaults omitted. */
export interface CatalogFilters {
  search?: string;
  breed?: number;
  category?: number;
  minPrice?: number;
  maxPrice?: number;
  sort?: ToySort;
  page?: number;
}

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
 * ignored rather than failing the page.
 */
export function catalogFiltersFrom(params: URLSearchParams): CatalogFilters {
  const filters: CatalogFilters = {};
  const input = toyQueryInput(params);
  for (const [key, value] of Object.entries(input)) {
    const parsed = toyQuerySchema.safeParse({ [key]: value });
    if (!parsed.success) continue;
    Object.assign(filters, Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)));
  }
  delete (filters as { pageSize?: number }).pageSize;
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.minPrice > filters.maxPrice) {
    delete filters.minPrice;
    delete filters.maxPrice;
  }
  if (filters.maxPrice !== undefined && filters.maxPrice >= PRICE_MAX) delete filters.maxPrice;
  return filters;
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
