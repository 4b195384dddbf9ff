import { type CatalogFilters, catalogSearchParams, PAGE_SIZE, type Toy } from "../../domain/catalog";
import { ApiError } from "./api";
import type { Result } from "./result";

export interface ToyPageData {
  items: Toy[];
  total: number;
}

// The products page keeps catalogue answers for 5 minutes (spec/storefront.md §9), so
// going back and forth between filters does not refetch.
export const PRODUCTS_CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { at: number; data: ToyPageData }>();

/** One page of the filtered catalogue from GET /api/toys, cached for 5 minutes. */
export async function fetchToyPage(filters: CatalogFilters): Promise<Result<ToyPageData>> {
  const params = catalogSearchParams(filters);
  params.set("page", String(filters.page ?? 1));
  params.set("pageSize", String(PAGE_SIZE));
  const url = `/api/toys?${params}`;
  const hit = cache.get(url);
  if (hit && Date.now() - hit.at < PRODUCTS_CACHE_MS) return { ok: true, data: hit.data };
  try {
    const res = await fetch(url, { credentials: "include", headers: { accept: "application/json" } });
    if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
    const items = (await res.json()) as Toy[];
    const total = Number(res.headers.get("X-Total-Count") ?? items.length);
    const data = { items, total: Number.isFinite(total) ? total : items.length };
    cache.set(url, { at: Date.now(), data });
    return { ok: true, data };
  } catch (error) {
    console.error(`GET ${url} failed`, error);
    return { ok: false };
  }
}
