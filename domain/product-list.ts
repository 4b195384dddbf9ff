import { z } from "zod";
import { wireSchema } from "./wire-schema";

// The admin products list (issue 18): its sort orders, filters and bulk actions. The filters
// live in the URL (and so survive a trip to the editor); a parameter that does not parse is
// ignored rather than failing the page, as on /products.

export const PRODUCT_LIST_SORTS = [
  // the spec's order (spec/quiz-and-admin.md §2): top picks first, then by rating
  { value: "default", label: "Top picks first, then rating" },
  { value: "name-asc", label: "Name (A-Z)" },
  { value: "name-desc", label: "Name (Z-A)" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "rating-desc", label: "Rating: high to low" },
  { value: "rating-asc", label: "Rating: low to high" },
  { value: "newest", label: "Date added: newest first" },
  { value: "oldest", label: "Date added: oldest first" },
] as const;
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number]["value"];

export const TOP_PICK_FILTERS = [
  { value: "", label: "All products" },
  { value: "yes", label: "Top picks" },
  { value: "no", label: "Not top picks" },
] as const;
export const STOCK_FILTERS = [
  { value: "", label: "Any stock" },
  { value: "in", label: "In stock" },
  { value: "out", label: "Out of stock" },
] as const;

export const MAX_PRODUCT_SEARCH = 100;

/** What the admin products list shows: all optional, defaults left out. */
export interface ProductListFilters {
  search?: string;
  category?: number;
  topPick?: "yes" | "no";
  stock?: "in" | "out";
  sort?: Exclude<ProductListSort, "default">;
  page?: number;
}

const SORT_VALUES: readonly string[] = PRODUCT_LIST_SORTS.map((sort) => sort.value);
const MAX_ID = 2_147_483_647;
const MAX_PAGE = 1_000_000;

/** Reads the list's filters from a URL's parameters leniently: what does not parse is left out. */
export function productListFiltersFrom(params: URLSearchParams): ProductListFilters {
  const filters: ProductListFilters = {};
  const search = (params.get("search") ?? "").trim().slice(0, MAX_PRODUCT_SEARCH);
  if (search) filters.search = search;
  const category = params.get("category") ?? "";
  if (/^\d{1,10}$/.test(category) && Number(category) >= 1 && Number(category) <= MAX_ID) {
    filters.category = Number(category);
  }
  const topPick = params.get("topPick");
  if (topPick === "yes" || topPick === "no") filters.topPick = topPick;
  const stock = params.get("stock");
  if (stock === "in" || stock === "out") filters.stock = stock;
  const sort = params.get("sort") ?? "";
  if (sort !== "default" && SORT_VALUES.includes(sort)) filters.sort = sort as ProductListFilters["sort"];
  const page = params.get("page") ?? "";
  if (/^\d{1,7}$/.test(page) && Number(page) > 1) filters.page = Math.min(Number(page), MAX_PAGE);
  return filters;
}

/** The URL parameters of a list view, in one order and without defaults (so one view has one address). */
export function productListParams(filters: ProductListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.category !== undefined) params.set("category", String(filters.category));
  if (filters.topPick) params.set("topPick", filters.topPick);
  if (filters.stock) params.set("stock", filters.stock);
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.page !== undefined && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** True when the list is narrowed (the empty text then says nothing matched). */
export function productListFiltered(filters: ProductListFilters): boolean {
  return Boolean(filters.search || filters.category !== undefined || filters.topPick || filters.stock);
}

export const PRODUCT_BULK_ACTIONS = [
  { value: "delete", label: "Move to Trash" },
  { value: "top-pick-on", label: "Mark as top pick" },
  { value: "top-pick-off", label: "Remove top pick" },
  { value: "in-stock", label: "Mark in stock" },
  { value: "out-of-stock", label: "Mark out of stock" },
] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number]["value"];
const BULK_VALUES = PRODUCT_BULK_ACTIONS.map((action) => action.value) as [ProductBulkAction, ...ProductBulkAction[]];
export const MAX_BULK_IDS = 500;

/** POST /api/toys/bulk and the list's bulk form: one action on up to MAX_BULK_IDS products. */
export const productBulkSchema = wireSchema(() =>
  z.object({
    ids: z
      .array(
        z.number("Each id must be a product id").int("Each id must be a product id").positive().max(MAX_ID),
        "Select at least one product",
      )
      .min(1, "Select at least one product")
      .max(MAX_BULK_IDS, `Select at most ${MAX_BULK_IDS} products at a time`),
    action: z.enum(BULK_VALUES, { error: `action must be one of ${BULK_VALUES.join(", ")}` }),
  }),
);
export type ProductBulkInput = z.output<typeof productBulkSchema>;

/** What a bulk action answers: the action and how many products it changed. */
export const productBulkResultSchema = wireSchema(() =>
  z.object({
    action: z.enum(BULK_VALUES),
    count: z.number().int().nonnegative(),
  }),
);
export type ProductBulkResult = z.infer<typeof productBulkResultSchema>;

/** The toast after a bulk action. */
export function bulkDoneMessage(result: ProductBulkResult): string {
  const products = result.count === 1 ? "1 product" : `${result.count} products`;
  switch (result.action) {
    case "delete":
      return `${products} moved to the trash.`;
    case "top-pick-on":
      return `${products} marked as top pick.`;
    case "top-pick-off":
      return `${products} no longer top pick.`;
    case "in-stock":
      return `${products} marked in stock.`;
    default:
      return `${products} marked out of stock.`;
  }
}
