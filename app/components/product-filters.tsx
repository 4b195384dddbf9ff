import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { NamedOption } from "#domain/catalog.ts";
import {
  type CatalogFilters,
  catalogFiltersFrom,
  catalogSearchParams,
  DEFAULT_SORT,
  MAX_SEARCH_LENGTH,
  PRICE_MAX,
  PRICE_MIN,
  PRICE_STEP,
  SORT_OPTIONS,
  type ToySort,
} from "#domain/catalog-query.ts";
import { buttonClass } from "./ui/button";

/** how long typing or sliding must pause before the URL (and the results) change */
const SEARCH_DELAY_MS = 350;

interface ProductFiltersProps {
  /** keeps label ids unique when the filters render twice (sidebar and sheet); the form's id is `{idPrefix}-filters` */
  idPrefix: string;
  filters: CatalogFilters;
  breeds: NamedOption[];
  categories: NamedOption[];
  onChange: (next: CatalogFilters, options?: { replace?: boolean }) => void;
}

const fieldClass = "h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base";

/** The filters the form's fields hold now, read as the catalogue reads a URL. */
function filtersOfForm(form: HTMLFormElement): CatalogFilters {
  const fields = [...new FormData(form)].map(([name, value]) => [name, String(value)]);
  return catalogFiltersFrom(new URLSearchParams(fields));
}

/** The same filters, page aside (a new choice starts at page 1). */
const sameFilters = (a: CatalogFilters, b: CatalogFilters) =>
  catalogSearchParams({ ...a, page: undefined }).toString() ===
  catalogSearchParams({ ...b, page: undefined }).toString();

/**
 * Search, breed, category, price range and sort for the catalogue: a GET form to /products, so it
 * works before the scripts run and without them ('Apply Filters'). Its fields are the browser's
 * own (uncontrolled): nothing the visitor chose before the scripts started is put back by React,
 * and once they run, what the page's fields hold wins over the URL it was served for. From then
 * on every change applies at once (typing and sliding once they pause), through `onChange`.
 */
export function ProductFilters({ idPrefix, filters, breeds, categories, onChange }: ProductFiltersProps) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [search, setSearch] = useState(filters.search ?? "");
  const [price, setPrice] = useState<[number, number]>([filters.minPrice ?? PRICE_MIN, filters.maxPrice ?? PRICE_MAX]);
  // Rendered by the server and hydrated: the fields may already hold the visitor's choices.
  const fromServerHtml = useRef(!hydrated);

  // What this panel last wrote to the URL: the URL echoing it back must not overwrite
  // what the visitor typed or slid since.
  const sentSearch = useRef(filters.search ?? "");
  const sentPrice = useRef(`${filters.minPrice ?? PRICE_MIN}-${filters.maxPrice ?? PRICE_MAX}`);
  // The URL's choices the fields were last set to (they change from outside: back, Clear Filters).
  const shownChoices = useRef(`${filters.breed}|${filters.category}|${filters.sort}`);

  // Once the scripts run: a choice made in the page before then is applied, not lost.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the fields as hydration found them
  useEffect(() => {
    const form = formRef.current;
    if (!fromServerHtml.current || !form) return;
    const chosen = filtersOfForm(form);
    setSearch(chosen.search ?? "");
    setPrice([chosen.minPrice ?? PRICE_MIN, chosen.maxPrice ?? PRICE_MAX]);
    if (sameFilters(chosen, filters)) return;
    sentSearch.current = chosen.search ?? "";
    sentPrice.current = `${chosen.minPrice ?? PRICE_MIN}-${chosen.maxPrice ?? PRICE_MAX}`;
    shownChoices.current = `${chosen.breed}|${chosen.category}|${chosen.sort}`;
    onChange({ ...chosen, page: undefined });
  }, []);

  // Follow the URL when it changes from outside (back/forward, Clear Filters).
  useEffect(() => {
    const fromUrl = filters.search ?? "";
    if (fromUrl !== sentSearch.current) {
      sentSearch.current = fromUrl;
      setSearch(fromUrl);
      const input = formRef.current?.elements.namedItem("search");
      if (input instanceof HTMLInputElement) input.value = fromUrl;
    }
  }, [filters.search]);
  useEffect(() => {
    const [min, max] = [filters.minPrice ?? PRICE_MIN, filters.maxPrice ?? PRICE_MAX];
    if (`${min}-${max}` !== sentPrice.current) {
      sentPrice.current = `${min}-${max}`;
      setPrice([min, max]);
      const elements = formRef.current?.elements;
      const [low, high] = [elements?.namedItem("minPrice"), elements?.namedItem("maxPrice")];
      if (low instanceof HTMLInputElement) low.value = String(min);
      if (high instanceof HTMLInputElement) high.value = String(max);
    }
  }, [filters.minPrice, filters.maxPrice]);
  useEffect(() => {
    const choices = `${filters.breed}|${filters.category}|${filters.sort}`;
    if (choices === shownChoices.current) return;
    shownChoices.current = choices;
    const elements = formRef.current?.elements;
    const values: Record<string, string> = {
      breed: String(filters.breed ?? "all"),
      category: String(filters.category ?? "all"),
      sort: filters.sort ?? DEFAULT_SORT,
    };
    for (const [name, value] of Object.entries(values)) {
      const select = elements?.namedItem(name);
      if (select instanceof HTMLSelectElement && select.value !== value) select.value = value;
    }
  }, [filters.breed, filters.category, filters.sort]);

  // Typing updates the URL once the visitor pauses, replacing the history entry.
  useEffect(() => {
    // already in the URL, or sent and on its way there
    if (search.trim() === (filters.search ?? "") || search.trim() === sentSearch.current) return;
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
    if (`${min}-${max}` === sentPrice.current) return;
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
  const set = (patch: Partial<CatalogFilters>) => {
    const next = { ...filters, ...patch, page: undefined };
    shownChoices.current = `${next.breed}|${next.category}|${next.sort}`;
    onChange(next);
  };
  /** A choice of a select: "all" is none. */
  const chosenId = (value: string) => (value === "all" ? undefined : Number(value));

  return (
    <form
      ref={formRef}
      id={id("filters")}
      method="get"
      action="/products"
      className="space-y-6"
      aria-label="Filter products"
      onSubmit={(event) => {
        // with the scripts: everything the form holds, at once (Enter in the search, 'View n Products')
        event.preventDefault();
        const chosen = filtersOfForm(event.currentTarget);
        sentSearch.current = chosen.search ?? "";
        setSearch(chosen.search ?? "");
        if (!sameFilters(chosen, filters)) onChange({ ...chosen, page: undefined });
      }}
    >
      <div>
        <label htmlFor={id("search")} className="mb-1 block font-semibold">
          Search
        </label>
        <input
          id={id("search")}
          name="search"
          type="search"
          defaultValue={filters.search ?? ""}
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
        {/* keyed by its options: after a client-side navigation they arrive after the select */}
        <select
          key={`breeds-${breeds.length}`}
          id={id("breed")}
          name="breed"
          defaultValue={filters.breed ?? "all"}
          onChange={(e) => set({ breed: chosenId(e.target.value) })}
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
          key={`categories-${categories.length}`}
          id={id("category")}
          name="category"
          defaultValue={filters.category ?? "all"}
          onChange={(e) => set({ category: chosenId(e.target.value) })}
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
            name="minPrice"
            aria-label="Minimum price"
            aria-valuetext={`$${price[0]}`}
            min={PRICE_MIN}
            max={PRICE_MAX}
            step={PRICE_STEP}
            defaultValue={price[0]}
            onChange={(e) => {
              const min = Math.min(Number(e.target.value), price[1]);
              e.target.value = String(min);
              setPrice([min, price[1]]);
            }}
            // when the thumbs meet at the top, the minimum must stay reachable
            style={{ zIndex: price[0] > PRICE_MAX / 2 ? 3 : 2 }}
          />
          <input
            type="range"
            name="maxPrice"
            aria-label="Maximum price"
            aria-valuetext={price[1] >= PRICE_MAX ? `$${PRICE_MAX} or more` : `$${price[1]}`}
            min={PRICE_MIN}
            max={PRICE_MAX}
            step={PRICE_STEP}
            defaultValue={price[1]}
            onChange={(e) => {
              const max = Math.max(Number(e.target.value), price[0]);
              e.target.value = String(max);
              setPrice([price[0], max]);
            }}
          />
        </div>
      </fieldset>

      <div>
        <label htmlFor={id("sort")} className="mb-1 block font-semibold">
          Sort By
        </label>
        <select
          id={id("sort")}
          name="sort"
          defaultValue={filters.sort ?? DEFAULT_SORT}
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

      {/* Before the scripts run (or without them) the form is sent by this button; after, every change applies at once. */}
      {hydrated ? null : (
        <button type="submit" className={buttonClass("primary", "md", "w-full")}>
          Apply Filters
        </button>
      )}
      <Link to="/products" preventScrollReset className={buttonClass("secondary", "md", "w-full")}>
        Clear Filters
      </Link>
    </form>
  );
}
