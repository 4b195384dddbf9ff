import type { Toy, ToyPage } from "#domain/catalog.ts";
import { type CatalogFilters, catalogSearchParams, PAGE_SIZE } from "#domain/catalog-query.ts";
import { callApi } from "./api";
import type { Result } from "./result";

// The products page keeps catalogue answers for 5 minutes (spec/storefront.md §9), so
// going back and forth between filters does not refetch.
export const PRODUCTS_CACHE_MS = 5 * 60 * 1000;
const cache = new Map<string, { at: number; data: ToyPage }>();

/** One page of the filtered catalogue from GET /api/toys, cached for 5 minutes. */
export async function fetchToyPage(filters: CatalogFilters): Promise<Result<ToyPage>> {
  const params = catalogSearchParams(filters);
  params.set("page", String(filters.page ?? 1));
  params.set("pageSize", String(PAGE_SIZE));
  const url = `/api/toys?${params}`;
  const hit = cache.get(url);
  if (hit && Date.now() - hit.at < PRODUCTS_CACHE_MS) return { ok: true, data: hit.data };
  try {
    const answer = await callApi<Toy[]>("GET", url);
    const items = answer.data ?? [];
    const total = Number(answer.headers.get("X-Total-Count") ?? items.length);
    const data = { items, total: Number.isFinite(total) ? total : items.length };
    cache.set(url, { at: Date.now(), data });
    return { ok: true, data };
  } catch {
    return { ok: false };
  }
}
