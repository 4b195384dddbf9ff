import SearchNode from "lucide/dist/esm/icons/search.mjs";
import XNode from "lucide/dist/esm/icons/x.mjs";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { CategoryRef } from "#domain/catalog.ts";
import {
  MAX_PRODUCT_SEARCH,
  PRODUCT_LIST_SORTS,
  type ProductListFilters,
  productListFiltered,
  productListFiltersFrom,
  productListParams,
  STOCK_FILTERS,
  TOP_PICK_FILTERS,
} from "#domain/product-list.ts";

const Search = icon("search", SearchNode);
const X = icon("x", XNode);

/** How long typing pauses before the list is searched again. */
const SEARCH_DELAY_MS = 250;

const SELECT =
  "block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary";

/**
 * The products list's search, filters and sort: one GET form, so the address says what is
 * shown (and Back, a shared link or a trip to the editor bring it back). Enter or "Apply"
 * sends it without JavaScript; with it, a choice applies at once and typing searches after a pause.
 */
export function ProductListFilterBar({
  path,
  filters,
  categories,
}: {
  path: string;
  filters: ProductListFilters;
  categories: CategoryRef[];
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const search = filters.search ?? "";
  const [value, setValue] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // What the field shows follows the URL when it changes from elsewhere (Back, Clear filters).
  useEffect(() => {
    setValue((current) => (current.trim() === search ? current : search));
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Sent as the one address of the view: no empty or default parameters, back to page 1.
  const apply = (form: HTMLFormElement | null) => {
    if (!form) return;
    const chosen = new URLSearchParams();
    for (const [name, entry] of new FormData(form)) if (typeof entry === "string") chosen.append(name, entry);
    submit(productListParams(productListFiltersFrom(chosen)), {
      method: "get",
      action: path,
      replace: true,
      preventScrollReset: true,
    });
  };
  const onChoice = (event: ChangeEvent<HTMLSelectElement>) => apply(event.currentTarget.form);

  return (
    <Form method="get" action={path} role="search" className="grid gap-3" aria-label="Search and filter products">
      <div className="relative w-full">
        <label htmlFor="product-search" className="sr-only">
          Search products
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id="product-search"
          name="search"
          type="search"
          placeholder="Search products..."
          autoComplete="off"
          maxLength={MAX_PRODUCT_SEARCH}
          value={value}
          onChange={(event) => {
            const form = event.currentTarget.form;
            setValue(event.target.value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => apply(form), SEARCH_DELAY_MS);
          }}
          className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor="product-category" className="block text-xs font-bold tracking-wide text-muted uppercase">
            Category
          </label>
          <select
            id="product-category"
            name="category"
            defaultValue={filters.category ?? ""}
            key={`category-${filters.category ?? ""}`}
            onChange={onChoice}
            className={SELECT}
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product-top-pick" className="block text-xs font-bold tracking-wide text-muted uppercase">
            Top pick
          </label>
          <select
            id="product-top-pick"
            name="topPick"
            defaultValue={filters.topPick ?? ""}
            key={`top-${filters.topPick ?? ""}`}
            onChange={onChoice}
            className={SELECT}
          >
            {TOP_PICK_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product-stock" className="block text-xs font-bold tracking-wide text-muted uppercase">
            Stock
          </label>
          <select
            id="product-stock"
            name="stock"
            defaultValue={filters.stock ?? ""}
            key={`stock-${filters.stock ?? ""}`}
            onChange={onChoice}
            className={SELECT}
          >
            {STOCK_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="product-sort" className="block text-xs font-bold tracking-wide text-muted uppercase">
            Sort by
          </label>
          <select
            id="product-sort"
            name="sort"
            defaultValue={filters.sort ?? "default"}
            key={`sort-${filters.sort ?? "default"}`}
            onChange={onChoice}
            className={SELECT}
          >
            {PRODUCT_LIST_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!hydrated || productListFiltered(filters) || filters.sort ? (
        <div className="flex flex-wrap gap-2">
          {/* Without scripts a choice waits for this button; with them it applies at once. */}
          {hydrated ? null : (
            <button type="submit" className={buttonClass("secondary", "sm")}>
              Apply
            </button>
          )}
          {productListFiltered(filters) || filters.sort ? (
            <Link to={path} className={buttonClass("ghost", "sm")}>
              <X className="size-4" aria-hidden="true" />
              Clear filters
            </Link>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}
