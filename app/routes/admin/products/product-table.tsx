import ArrowDownNode from "lucide/dist/esm/icons/arrow-down.mjs";
import ArrowUpNode from "lucide/dist/esm/icons/arrow-up.mjs";
import CopyNode from "lucide/dist/esm/icons/copy.mjs";
import ExternalLinkNode from "lucide/dist/esm/icons/external-link.mjs";
import PencilNode from "lucide/dist/esm/icons/pencil.mjs";
import StarNode from "lucide/dist/esm/icons/star.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { icon } from "#app/components/ui/icon.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { AdminProductRow } from "#domain/catalog.ts";
import { formatPrice } from "#domain/price.ts";
import { type ProductListFilters, type ProductListSort, productListParams } from "#domain/product-list.ts";

const ArrowDown = icon("arrow-down", ArrowDownNode);
const ArrowUp = icon("arrow-up", ArrowUpNode);
const Copy = icon("copy", CopyNode);
const ExternalLink = icon("external-link", ExternalLinkNode);
const Pencil = icon("pencil", PencilNode);
const Star = icon("star", StarNode);
const Trash2 = icon("trash", Trash2Node);

const CELL = "px-2 py-3 align-middle first:pl-4 last:pr-4 sm:px-4";
const ICON_BUTTON =
  "inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-stone-100 hover:text-primary disabled:opacity-60";
/** The form (outside the table) that the rows' Duplicate buttons submit. */
export const DUPLICATE_FORM_ID = "product-duplicate";
/** The form around the table that the row checkboxes and the bulk buttons belong to. */
export const BULK_FORM_ID = "product-bulk";

/** Every category of a toy: its links and the legacy one, each once, by name; the spec's 'None' when there is none. */
export function categoryNames(toy: AdminProductRow): string {
  const names = new Set(toy.categories.map((category) => category.name));
  if (toy.categoryName) names.add(toy.categoryName);
  return names.size > 0 ? [...names].sort((a, b) => a.localeCompare(b)).join(", ") : "None";
}

function AmazonLink({ toy }: { toy: AdminProductRow }) {
  if (!toy.amazonUrl) return null;
  return (
    <a
      href={toy.amazonUrl}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-semibold text-primary underline underline-offset-2 hover:text-primary-hover"
    >
      View
      <ExternalLink className="size-4" aria-hidden="true" />
      <span className="sr-only"> {toy.name} on Amazon (opens in a new tab)</span>
    </a>
  );
}

/**
 * A column heading that sorts: a link to the same view sorted by it (again: the other way), with
 * aria-sort on the heading. The heading's text stays the column's name alone.
 */
function SortHeading({
  path,
  filters,
  label,
  ascending,
  descending,
  firstDescending = false,
  className = "",
  children,
}: {
  path: string;
  filters: ProductListFilters;
  label: string;
  ascending: ProductListSort;
  descending: ProductListSort;
  /** a first click sorts highest first (ratings) */
  firstDescending?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const sort = filters.sort ?? "default";
  const state = sort === ascending ? "ascending" : sort === descending ? "descending" : "none";
  const next =
    state === "ascending" ? descending : state === "descending" ? ascending : firstDescending ? descending : ascending;
  const params = productListParams({ ...filters, sort: next === "default" ? undefined : next, page: undefined });
  const Arrow = state === "ascending" ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={state} className={`${CELL} ${className}`}>
      <span className="inline-flex items-center gap-2">
        {children}
        <Link
          to={params.size > 0 ? `${path}?${params}` : path}
          preventScrollReset
          title={`Sort by ${label.toLowerCase()}`}
          className="inline-flex items-center gap-1 rounded hover:text-primary"
        >
          {label}
          <Arrow className={`size-3.5 ${state === "none" ? "opacity-30" : ""}`} aria-hidden="true" />
        </Link>
      </span>
    </th>
  );
}

/**
 * The products table (spec §2 "Admin products list": Product with its Top Pick badge, Category,
 * Price, Rating, Amazon Link, Actions), with a checkbox per row for the bulk actions, sortable
 * headings, every category of a toy, its stock, and Duplicate beside edit and delete.
 */
export function ProductTable({
  toys,
  caption,
  path,
  filters,
  selected,
  onSelect,
  onDelete,
  onDuplicate,
}: {
  toys: AdminProductRow[];
  caption: string;
  path: string;
  filters: ProductListFilters;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onDelete: (toy: AdminProductRow) => void;
  /** with the scripts: the API call; without them the button posts the duplicate form */
  onDuplicate: (toy: AdminProductRow) => void;
}) {
  // Delete needs the script: until then the button would do nothing.
  const hydrated = useHydrated();
  const allRef = useRef<HTMLInputElement>(null);
  const chosen = toys.filter((toy) => selected.has(toy.id)).length;
  const all = chosen > 0 && chosen === toys.length;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);

  return (
    // On a phone the Price, Rating, Category and Amazon Link columns fold into the product cell,
    // so the table fits a 375 px screen without scrolling (issue 26); the filters' "Sort by"
    // still sorts by price and rating there.
    <div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
          <tr>
            <SortHeading path={path} filters={filters} label="Product" ascending="name-asc" descending="name-desc">
              <input
                ref={allRef}
                type="checkbox"
                checked={all}
                onChange={(event) =>
                  onSelect(
                    toys.map((toy) => toy.id),
                    event.target.checked,
                  )
                }
                aria-label="Select all products on this page"
                className="size-5 accent-primary"
              />
            </SortHeading>
            <th scope="col" className={`${CELL} hidden md:table-cell`}>
              Category
            </th>
            <SortHeading
              path={path}
              filters={filters}
              label="Price"
              ascending="price-asc"
              descending="price-desc"
              className="hidden sm:table-cell"
            />
            <SortHeading
              path={path}
              filters={filters}
              label="Rating"
              ascending="rating-asc"
              descending="rating-desc"
              firstDescending
              className="hidden sm:table-cell"
            />
            <th scope="col" className={`${CELL} hidden md:table-cell`}>
              Amazon Link
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {toys.map((toy) => {
            const categories = categoryNames(toy);
            return (
              <tr key={toy.id} className={selected.has(toy.id) ? "bg-primary-soft/40" : "hover:bg-stone-50"}>
                <td className={CELL}>
                  <div className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      name="ids"
                      value={toy.id}
                      form={BULK_FORM_ID}
                      checked={selected.has(toy.id)}
                      onChange={(event) => onSelect([toy.id], event.target.checked)}
                      aria-label={`Select ${toy.name}`}
                      className="mt-0.5 size-5 shrink-0 accent-primary"
                    />
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-bold break-words text-ink">{toy.name}</span>
                        {toy.isTopPick ? (
                          <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-bold text-primary ring-1 ring-primary/30">
                            Top Pick
                          </span>
                        ) : null}
                        {toy.status === "draft" ? (
                          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-950 ring-1 ring-amber-700/30">
                            Draft
                          </span>
                        ) : null}
                        {toy.inStock ? null : (
                          <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-bold text-ink">
                            Out of stock
                          </span>
                        )}
                      </div>
                      <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted md:hidden">
                        <span className="text-ink sm:hidden">{formatPrice(toy.price)}</span>
                        <span className="inline-flex items-center gap-1 sm:hidden">
                          <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden="true" />
                          <span className="sr-only">Rating </span>
                          {toy.rating}
                        </span>
                        <span>Category: {categories}</span>
                        {toy.amazonUrl ? <AmazonLink toy={toy} /> : null}
                      </p>
                    </div>
                  </div>
                </td>
                <td className={`${CELL} hidden md:table-cell`}>{categories}</td>
                <td className={`${CELL} hidden whitespace-nowrap sm:table-cell`}>{formatPrice(toy.price)}</td>
                <td className={`${CELL} hidden whitespace-nowrap sm:table-cell`}>
                  <span className="inline-flex items-center gap-1">
                    <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
                    {toy.rating}
                  </span>
                </td>
                <td className={`${CELL} hidden md:table-cell`}>
                  {toy.amazonUrl ? <AmazonLink toy={toy} /> : <span className="text-muted">None</span>}
                </td>
                <td className={`${CELL} text-right`}>
                  <div className="inline-flex flex-col gap-1 sm:flex-row">
                    <Link to={`${path}/${toy.id}`} aria-label={`Edit ${toy.name}`} title="Edit" className={ICON_BUTTON}>
                      <Pencil className="size-4" aria-hidden="true" />
                    </Link>
                    <button
                      type="submit"
                      form={DUPLICATE_FORM_ID}
                      name="id"
                      value={toy.id}
                      onClick={(event) => {
                        if (!hydrated) return;
                        event.preventDefault();
                        onDuplicate(toy);
                      }}
                      aria-label={`Duplicate ${toy.name}`}
                      title="Duplicate"
                      className={ICON_BUTTON}
                    >
                      <Copy className="size-4" aria-hidden="true" />
                    </button>
                    <button
                      type="button"
                      onClick={() => onDelete(toy)}
                      disabled={!hydrated}
                      aria-label={`Delete ${toy.name}`}
                      title="Delete"
                      className="inline-flex size-10 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-60"
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
