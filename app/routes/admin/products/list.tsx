import { ArrowLeft, ExternalLink, LoaderCircle, Pencil, Plus, Search, Star, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useNavigation, useRevalidator, useSubmit } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { formatCount } from "#app/components/admin/dashboard/dashboard-panel.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { listPageHref, Pagination, pageFromParam } from "#app/components/admin/pagination.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { callApi, failureReason } from "#app/lib/api.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { AdminProductRow } from "#domain/catalog.ts";
import { formatPrice } from "#domain/price.ts";
import type { Route } from "./+types/list";

export const meta = () => [{ title: pageTitle("Products") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/products";
/** Rows per page: ten thousand products stay quick to load and to render. */
const PAGE_SIZE = 100;
const MAX_SEARCH = 100;
/** How long typing pauses before the list is searched again. */
const SEARCH_DELAY_MS = 250;

// Ordering, search and paging run in the database (spec order: top picks first, then by
// rating); the page gets one page of rows and the number of matches.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, MAX_SEARCH);
  const page = pageFromParam(url.searchParams.get("page"));
  const toys = await settle(
    () => context.services.catalog.listProductsForAdmin({ search: search || undefined, page, pageSize: PAGE_SIZE }),
    (error) => context.logger.error({ err: error }, "admin products list failed"),
  );
  const pages = toys.ok ? Math.max(1, Math.ceil(toys.data.total / PAGE_SIZE)) : 1;
  // A page past the end (after deletes, or a hand-edited URL) shows the last one instead.
  if (toys.ok && page > pages) throw redirect(listPageHref(PATH, pages, search));
  return { toys, page, pages, search };
}

/**
 * The search box: a GET form (Enter searches without JavaScript), searched again as the
 * owner types. What the field shows follows the URL when it changes from elsewhere (Back).
 */
function ProductSearch({ search }: { search: string }) {
  const submit = useSubmit();
  const [value, setValue] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    setValue((current) => (current.trim() === search ? current : search));
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form method="get" action={PATH} role="search" className="relative w-full sm:max-w-xs">
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
        maxLength={MAX_SEARCH}
        value={value}
        onChange={(event) => {
          const form = event.currentTarget.form;
          setValue(event.target.value);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            if (form) submit(form, { replace: true, preventScrollReset: true });
          }, SEARCH_DELAY_MS);
        }}
        className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
      />
    </Form>
  );
}

/** /admin/products: the products a page at a time, searchable, with edit and delete. */
export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { toys, page, pages, search } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [pendingDelete, setPendingDelete] = useState<AdminProductRow | null>(null);
  const [deleting, setDeleting] = useState(false);
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === PATH);
  const total = toys.ok ? toys.data.total : 0;
  const items = toys.ok ? toys.data.items : [];
  const first = (page - 1) * PAGE_SIZE + 1;

  async function confirmDelete() {
    if (!pendingDelete || deleting) return;
    const toy = pendingDelete;
    setDeleting(true);
    try {
      await callApi("DELETE", `/api/toys/${toy.id}`);
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
      <AdminPageHeader
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
          <ProductSearch search={search} />
        </div>

        <div className="relative" aria-busy={loading || undefined}>
          {loading ? (
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
          ) : total === 0 ? (
            <p className="p-8 text-center text-muted">
              {search ? "No products match your search" : "No products found. Add your first product!"}
            </p>
          ) : (
            <>
              <ProductTable
                toys={items}
                caption={pages > 1 ? `Products, page ${page} of ${pages}` : "Products"}
                onDelete={setPendingDelete}
              />
              <div className="flex flex-col items-center gap-3 border-t border-stone-200 p-4 text-sm text-muted sm:flex-row sm:justify-between">
                <p aria-live="polite">
                  {search
                    ? `${formatCount(total)} ${total === 1 ? "product matches" : "products match"} "${search}". `
                    : ""}
                  {pages > 1
                    ? `Showing ${formatCount(first)}–${formatCount(first + items.length - 1)} of ${formatCount(total)}`
                    : search
                      ? ""
                      : `${formatCount(total)} ${total === 1 ? "product" : "products"}`}
                </p>
                <Pagination path={PATH} page={page} pages={pages} search={search} />
              </div>
            </>
          )}
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

function ProductTable({
  toys,
  caption,
  onDelete,
}: {
  toys: AdminProductRow[];
  caption: string;
  onDelete: (toy: AdminProductRow) => void;
}) {
  // Delete needs the script: until then the button would do nothing.
  const hydrated = useHydrated();
  return (
    // On a phone the Category and Amazon Link columns fold into the product cell, so the table fits without scrolling.
    <div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
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
              <td className={`${CELL} whitespace-nowrap`}>{formatPrice(toy.price)}</td>
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
