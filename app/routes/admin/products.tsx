import { ArrowLeft, ExternalLink, LoaderCircle, Pencil, Plus, Search, Star, Trash2 } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link, redirect, useRevalidator } from "react-router";
import type { Toy } from "../../../domain/catalog";
import { ConfirmDialog } from "../../components/admin/confirm-dialog";
import { failureReason, sendJson } from "../../components/admin/product-api";
import { ProductPageHeader } from "../../components/admin/product-page-header";
import { buttonClass } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { fetchResult } from "../../lib/api";
import { pageTitle } from "../../lib/page-title";
import { type Result, settle } from "../../lib/result";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/products";

export const meta = () => [{ title: pageTitle("Products") }, { name: "robots", content: "noindex" }];

/** Rows shown at first and added by each 'Show more': a large catalogue stays quick to render. */
const ROWS_PER_STEP = 100;

type ProductRow = Pick<
  Toy,
  "id" | "name" | "description" | "categoryName" | "price" | "rating" | "amazonUrl" | "isTopPick"
>;

function ratingValue(rating: string): number {
  const value = Number.parseFloat(rating);
  return Number.isFinite(value) ? value : -1;
}

/** Spec §2 "Admin products list": top picks first, then rating descending (then name, for a stable order). */
function sortProducts<T extends Pick<Toy, "isTopPick" | "rating" | "name">>(toys: T[]): T[] {
  return [...toys].sort(
    (a, b) =>
      Number(b.isTopPick) - Number(a.isTopPick) ||
      ratingValue(b.rating) - ratingValue(a.rating) ||
      a.name.localeCompare(b.name),
  );
}

/** The table's rows in the list's order, with only the columns it shows. */
function productRows(toys: Toy[]): ProductRow[] {
  return sortProducts(toys).map(({ id, name, description, categoryName, price, rating, amazonUrl, isTopPick }) => ({
    id,
    name,
    description,
    categoryName,
    price,
    rating,
    amazonUrl,
    isTopPick,
  }));
}

// The first page load is server-rendered from the catalogue service...
export async function loader({ context }: Route.LoaderArgs) {
  // The layout's guard redirects too; this loader runs beside it, so it checks on its own.
  if (!context.session) throw redirect("/admin/login");
  const { catalog } = context.services;
  const toys = await settle(
    async () => productRows((await catalog.listToys({})).items),
    (error) => console.error("admin products list failed", error),
  );
  return { toys };
}

// ...later visits and the refresh after a delete read the spec's GET /api/toys (same service).
export async function clientLoader(): Promise<{ toys: Result<ProductRow[]> }> {
  const toys = await fetchResult<Toy[]>("/api/toys");
  return { toys: toys.ok ? { ok: true, data: productRows(toys.data) } : toys };
}

function matches(toy: ProductRow, search: string): boolean {
  return toy.name.toLowerCase().includes(search) || toy.description.toLowerCase().includes(search);
}

/** /admin/products: every product, searchable, with edit and delete. */
export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { toys } = loaderData;
  const revalidator = useRevalidator();
  const [search, setSearch] = useState("");
  const [shown, setShown] = useState(ROWS_PER_STEP);
  const [pendingDelete, setPendingDelete] = useState<ProductRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const query = useDeferredValue(search.trim().toLowerCase());
  const refreshing = revalidator.state === "loading";

  const all = toys.ok ? toys.data : [];
  const filtered = query ? all.filter((toy) => matches(toy, query)) : all;
  const visible = filtered.slice(0, shown);

  async function confirmDelete() {
    if (!pendingDelete || deleting) return;
    const toy = pendingDelete;
    setDeleting(true);
    try {
      await sendJson("DELETE", `/api/toys/${toy.id}`);
      toast({ title: "Product deleted", description: `${toy.name} has been deleted.` });
    } catch (error) {
      console.error(`DELETE /api/toys/${toy.id} failed`, error);
      toast({
        title: "Error",
        description: `Failed to delete product: ${failureReason(error) ?? "Unknown error"}`,
        variant: "destructive",
      });
    } finally {
      setDeleting(false);
      setPendingDelete(null);
      // Refreshed after a failure too: a 404 means someone else deleted it already.
      revalidator.revalidate();
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <ProductPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Products" }]}
        title="Products"
        subtitle="Manage your dog toy products"
        actions={
          <>
            <Link to="/admin/dashboard" className={buttonClass("secondary", "md")}>
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to Dashboard
            </Link>
            <Link to="/admin/products/new" className={buttonClass("primary", "md")}>
              <Plus className="size-5" aria-hidden="true" />
              Add Product
            </Link>
          </>
        }
      />

      <section
        aria-labelledby="all-products-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-col gap-4 border-b border-stone-200 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <h2 id="all-products-heading" className="text-xl font-extrabold tracking-tight">
            All Products
          </h2>
          <div className="relative w-full sm:max-w-xs">
            <label htmlFor="product-search" className="sr-only">
              Search products
            </label>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
              aria-hidden="true"
            />
            <input
              id="product-search"
              type="search"
              placeholder="Search products..."
              autoComplete="off"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setShown(ROWS_PER_STEP);
              }}
              className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
            />
          </div>
        </div>

        <div className="relative" aria-busy={refreshing || undefined}>
          {refreshing ? (
            <div className="absolute inset-0 z-10 flex justify-center bg-white/70 pt-12">
              <p role="status" className="flex h-fit items-center gap-3 rounded-full bg-white px-5 py-3 shadow-md">
                <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
                <span className="font-semibold">Loading products...</span>
              </p>
            </div>
          ) : null}

          {!toys.ok ? (
            <div className="p-8 text-center">
              <p className="font-semibold">The products could not be loaded.</p>
              <button
                type="button"
                onClick={() => revalidator.revalidate()}
                className={buttonClass("secondary", "sm", "mt-4")}
              >
                Try again
              </button>
            </div>
          ) : filtered.length === 0 ? (
            <p className="p-8 text-center text-muted">
              {query ? "No products match your search" : "No products found. Add your first product!"}
            </p>
          ) : (
            <ProductTable toys={visible} onDelete={setPendingDelete} />
          )}

          {toys.ok && all.length > 0 ? (
            <div className="flex flex-col items-center gap-3 border-t border-stone-200 p-4 text-sm text-muted sm:flex-row sm:justify-between">
              <p aria-live="polite">
                {query
                  ? `${filtered.length} of ${all.length} products match`
                  : `${all.length} ${all.length === 1 ? "product" : "products"}`}
                {visible.length < filtered.length ? ` (showing ${visible.length})` : ""}
              </p>
              {visible.length < filtered.length ? (
                <button
                  type="button"
                  onClick={() => setShown((n) => n + ROWS_PER_STEP)}
                  className={buttonClass("secondary", "sm")}
                >
                  Show more
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
      </section>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete Product"
        description={`Are you sure you want to delete ${pendingDelete?.name ?? ""}? This action cannot be undone.`}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}

const CELL = "px-2 py-3 align-middle first:pl-4 last:pr-4 sm:px-4";

function AmazonLink({ toy }: { toy: ProductRow }) {
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

function ProductTable({ toys, onDelete }: { toys: ProductRow[]; onDelete: (toy: ProductRow) => void }) {
  // Delete needs the script: until then the button would do nothing.
  const hydrated = useHydrated();
  return (
    // On a phone the Category and Amazon Link columns fold into the product cell, so the table fits without scrolling.
    <div>
      <table className="w-full text-left text-sm">
        <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className={CELL}>
              Product
            </th>
            <th scope="col" className={`${CELL} hidden md:table-cell`}>
              Category
            </th>
            <th scope="col" className={CELL}>
              Price
            </th>
            <th scope="col" className={CELL}>
              Rating
            </th>
            <th scope="col" className={`${CELL} hidden md:table-cell`}>
              Amazon Link
            </th>
            <th scope="col" className={`${CELL} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {toys.map((toy) => (
            <tr key={toy.id} className="hover:bg-stone-50">
              <td className={CELL}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-bold text-ink">{toy.name}</span>
                  {toy.isTopPick ? (
                    <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-bold text-primary ring-1 ring-primary/30">
                      Top Pick
                    </span>
                  ) : null}
                </div>
                <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted md:hidden">
                  <span>Category: {toy.categoryName ?? "None"}</span>
                  {toy.amazonUrl ? <AmazonLink toy={toy} /> : null}
                </p>
              </td>
              <td className={`${CELL} hidden md:table-cell`}>{toy.categoryName ?? "None"}</td>
              <td className={`${CELL} whitespace-nowrap`}>{toy.price}</td>
              <td className={`${CELL} whitespace-nowrap`}>
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
                  <Link
                    to={`/admin/products/${toy.id}`}
                    aria-label={`Edit ${toy.name}`}
                    title="Edit"
                    className="inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-stone-100 hover:text-primary"
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                  </Link>
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
