import { useEffect, useRef, useState } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  type CatalogFilters,
  DEFAULT_SORT,
  MAX_SEARCH_LENGTH,
  type NamedOption,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  SORT_OPTIONS,
  type ToySort,
} from "#domain/catalog.ts";
import { buttonClass } from "./ui/button";

/** how long typing or sliding must pause before the URL (and the results) change */
const SEARCH_DELAY_MS = 350;

interface ProductFiltersProps {
  /** keeps label ids unique when the filters render twice (sidebar and sheet) */
  idPrefix: string;
  filters: CatalogFilters;
  breeds: NamedOption[];
  categories: NamedOption[];
  onChange: (next: CatalogFilters, options?: { replace?: boolean }) => void;
  onClear: () => void;
}

const fieldClass = "h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base";

/** Search, breed, category, price range and sort for the catalogue. */
export function ProductFilters({ idPrefix, filters, breeds, categories, onChange, onClear }: ProductFiltersProps) {
  const hydrated = useHydrated();
  const [search, setSearch] = useState(filters.search ?? "");
  const [price, setPrice] = useState<[number, number]>([filters.minPrice ?? PRICE_MIN, filters.maxPrice ?? PRICE_MAX]);

  // What this panel last wrote to the URL: the URL echoing it back must not overwrite
  // what the visitor typed or slid since.
  const sentSearch = useRef(filters.search ?? "");
  const sentPrice = useRef(`${filters.minPrice ?? PRICE_MIN}-${filters.maxPrice ?? PRICE_MAX}`);

  // Follow the URL when it changes from outside (back/forward, Clear Filters).
  useEffect(() => {
    const fromUrl = filters.search ?? "";
    if (fromUrl !== sentSearch.current) {
      sentSearch.current = fromUrl;
      setSearch(fromUrl);
    }
  }, [filters.search]);
  useEffect(() => {
    const fromUrl = `${filters.minPrice ?? PRICE_MIN}-${filters.maxPrice ?? PRICE_MAX}`;
    if (fromUrl !== sentPrice.current) {
      sentPrice.current = fromUrl;
      setPrice([filters.minPrice ?? PRICE_MIN, filters.maxPrice ?? PRICE_MAX]);
    }
  }, [filters.minPrice, filters.maxPrice]);

  // Typing updates the URL once the visitor pauses, replacing the history entry.
  useEffect(() => {
    if (search.trim() === (filters.search ?? "")) return;
    const timer = setTimeout(() => {
      sentSearch.current = search.trim();
      onChange({ ...filters, search: search.trim() || undefined, page: undefined }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  // The price range follows the same rule: the URL changes once the slider rests, so a
  // drag or a run of arrow keys is one navigation, not one per step.
  useEffect(() => {
    const [min, max] = price;
    if (min === (filters.minPrice ?? PRICE_MIN) && max === (filters.maxPrice ?? PRICE_MAX)) return;
    const timer = setTimeout(() => {
      sentPrice.current = `${min}-${max}`;
      onChange({
        ...filters,
        minPrice: min > PRICE_MIN ? min : undefined,
        maxPrice: max < PRICE_MAX ? max : undefined,
        page: undefined,
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [price, filters, onChange]);

  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (patch: Partial<CatalogFilters>) => onChange({ ...filters, ...patch, page: undefined });

  return (
    <form
      className="space-y-6"
      aria-label="Filter products"
      onSubmit={(event) => {
        event.preventDefault();
        set({ search: search.trim() || undefined });
      }}
    >
      <fieldset disabled={!hydrated} className="space-y-6">
        <div>
          <label htmlFor={id("search")} className="mb-1 block font-semibold">
            Search
          </label>
          <input
            id={id("search")}
            type="search"
            value={search}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search toys..."
            onChange={(e) => setSearch(e.target.value)}
            className={fieldClass}
          />
        </div>

        <div>
          <label htmlFor={id("breed")} className="mb-1 block font-semibold">
            Breed
          </label>
          <select
            id={id("breed")}
            value={filters.breed ?? "all"}
            onChange={(e) => set({ breed: e.target.value === "all" ? undefined : Number(e.target.value) })}
            className={fieldClass}
          >
            <option value="all">All Breeds</option>
            {breeds.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>

        <div>
          <label htmlFor={id("category")} className="mb-1 block font-semibold">
            Category
          </label>
          <select
            id={id("category")}
            value={filters.category ?? "all"}
            onChange={(e) => set({ category: e.target.value === "all" ? undefined : Number(e.target.value) })}
            className={fieldClass}
          >
            <option value="all">All Categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>

        <fieldset>
          <legend className="mb-1 font-semibold">Price Range</legend>
          <p className="mb-3 text-sm text-muted" aria-live="polite">
            ${price[0]} - ${price[1]}
            {price[1] >= PRICE_MAX ? "+" : ""}
          </p>
          <div className="range-dual">
            <div className="absolute inset-x-0 top-1/2 h-2 -translate-y-1/2 rounded-full bg-stone-200" />
            <div
              className="absolute top-1/2 h-2 -translate-y-1/2 rounded-full bg-primary"
              style={{ left: `${(price[0] / PRICE_MAX) * 100}%`, right: `${100 - (price[1] / PRICE_MAX) * 100}%` }}
            />
            <input
              type="range"
              aria-label="Minimum price"
              aria-valuetext={`$${price[0]}`}
              min={PRICE_MIN}
              max={PRICE_MAX}
              step={PRICE_STEP}
              value={price[0]}
              onChange={(e) => setPrice([Math.min(Number(e.target.value), price[1]), price[1]])}
              // when the thumbs meet at the top, the minimum must stay reachable
              style={{ zIndex: price[0] > PRICE_MAX / 2 ? 3 : 2 }}
            />
            <input
              type="range"
              aria-label="Maximum price"
              aria-valuetext={price[1] >= PRICE_MAX ? `$${PRICE_MAX} or more` : `$${price[1]}`}
              min={PRICE_MIN}
              max={PRICE_MAX}
              step={PRICE_STEP}
              value={price[1]}
              onChange={(e) => setPrice([price[0], Math.max(Number(e.target.value), price[0])])}
            />
          </div>
        </fieldset>

        <div>
          <label htmlFor={id("sort")} className="mb-1 block font-semibold">
            Sort By
          </label>
          <select
            id={id("sort")}
            value={filters.sort ?? DEFAULT_SORT}
            onChange={(e) => set({ sort: e.target.value as ToySort })}
            className={fieldClass}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>

        <button type="button" onClick={onClear} className={buttonClass("secondary", "md", "w-full")}>
          Clear Filters
        </button>
      </fieldset>
    </form>
  );
}
