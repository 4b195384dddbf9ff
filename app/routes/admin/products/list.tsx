import { parseWithZod } from "@conform-to/zod/v4";
import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import DownloadNode from "lucide/dist/esm/icons/download.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import PlusNode from "lucide/dist/esm/icons/plus.mjs";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigate, useNavigation, useRevalidator } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { Pagination } from "#app/components/admin/pagination.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { SiteNotices } from "#app/components/admin/site-notices.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { callApi, failureReason } from "#app/lib/api.ts";
import { type AppContext, appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { ASSOCIATE_TAG_NOTICE } from "#domain/associate-tag-text.ts";
import { type AdminProductRow, type Toy, toOption } from "#domain/catalog.ts";
import { CATALOGUE_IMPORT_STATUS } from "#domain/catalogue-csv.ts";
import { CATALOGUE_CSV_FILENAME, CATALOGUE_IMPORT_FIELD, catalogueImportCounts } from "#domain/catalogue-csv-text.ts";
import { isDatabaseId } from "#domain/ids.ts";
import {
  bulkDoneMessage,
  type ProductBulkAction,
  productBulkSchema,
  productListFiltered,
  productListFiltersFrom,
  productListParams,
} from "#domain/product-list.ts";
import { moveToTrashQuestion } from "#domain/trash.ts";
import type { Route } from "./+types/list";
import { CatalogueImport, type CatalogueImportAnswer, IMPORT_INTENTS, IMPORT_TEXT } from "./catalogue-import.tsx";
import { ProductBulkBar } from "./product-bulk-bar.tsx";
import { ProductListFilterBar } from "./product-list-filters.tsx";
import { BULK_FORM_ID, DUPLICATE_FORM_ID, ProductTable } from "./product-table.tsx";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const Download = icon("download", DownloadNode);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const Plus = icon("plus", PlusNode);

export const meta = () => [{ title: pageTitle("Products") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/products";
/** Rows per page: ten thousand products stay quick to load and to render. */
const PAGE_SIZE = 100;
/**
 * The last view of the list (its filters, sort, search and page), so that coming back from the
 * editor (its Save, Cancel or breadcrumb all lead to the plain /admin/products) shows it again.
 */
const VIEW_COOKIE = "admin-products-view";
const EDITOR_PATH = /^\/admin\/products\/(new|\d+)$/;

/** What the list's action answers (a bulk action, an import; a duplicate redirects to the copy's editor). */
type ListActionData = CatalogueImportAnswer;

const EXPORT_PATH = "/api/admin/toys.csv";

function viewCookie(params: URLSearchParams, secure: boolean): string {
  const value = params.toString();
  // Path /admin, not /admin/products: the router's data requests go to /admin/products.data,
  // which a cookie scoped to /admin/products would not be sent with.
  const attributes = `Path=/admin; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return value
    ? `${VIEW_COOKIE}=${encodeURIComponent(value)}; ${attributes}`
    : `${VIEW_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** The stored view, read back as the list reads a URL (whatever the cookie holds). */
function storedView(request: Request): URLSearchParams | null {
  const found = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${VIEW_COOKIE}=`));
  if (!found) return null;
  try {
    const params = productListParams(
      productListFiltersFrom(new URLSearchParams(decodeURIComponent(found.slice(VIEW_COOKIE.length + 1)))),
    );
    return params.size > 0 ? params : null;
  } catch {
    return null;
  }
}

/** True when the request comes from the product editor (a save, Cancel, the breadcrumb, the nav). */
function cameFromEditor(request: Request): boolean {
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    const from = new URL(referer);
    return from.host === new URL(request.url).host && EDITOR_PATH.test(from.pathname);
  } catch {
    return false;
  }
}

// Filters, sort, search and paging run in the database; the page gets one page of rows and the
// number of matches. The view lives in the URL (one spelling per view: a hand-made or pre-script
// URL is redirected to it), and in a cookie for the round trip to the editor.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const filters = productListFiltersFrom(url.searchParams);
  const params = productListParams(filters);
  const asked = [...url.searchParams.keys()];
  if (asked.length === 0 && cameFromEditor(request)) {
    const stored = storedView(request);
    if (stored) throw redirect(`${PATH}?${stored}`);
  }
  if (asked.length > 0 && [...params.keys()].length !== asked.length) {
    throw redirect(params.size > 0 ? `${PATH}?${params}` : PATH);
  }
  const { page = 1, ...query } = filters;
  const [toys, categories, tags] = await Promise.all([
    settle(
      () => app.services.catalog.listProductsForAdmin({ ...query, page, pageSize: PAGE_SIZE }),
      (error) => app.logger.error({ err: error }, "admin products list failed"),
    ),
    settle(
      () => app.services.catalog.listCategories(),
      (error) => app.logger.error({ err: error }, "admin products list: categories failed"),
    ),
    settle(
      () => app.services.siteSettings.associateTags(),
      (error) => app.logger.error({ err: error }, "admin products list: associate tags failed"),
    ),
  ]);
  const pages = toys.ok ? Math.max(1, Math.ceil(toys.data.total / PAGE_SIZE)) : 1;
  // A page past the end (after deletes, or a hand-edited URL) shows the last one instead.
  if (toys.ok && page > pages) {
    const last = productListParams({ ...filters, page: pages });
    throw redirect(last.size > 0 ? `${PATH}?${last}` : PATH);
  }
  return data(
    {
      toys,
      categories: categories.ok ? categories.data.map(toOption) : [],
      filters,
      page,
      pages,
      // the products' Amazon links earn nothing without it: said where the owner works on them
      associateTagMissing: tags.ok && tags.data.defaultTag === null,
    },
    { headers: { "Set-Cookie": viewCookie(params, app.siteUrl.startsWith("https:")) } },
  );
}

/**
 * "Preview import" and "Apply import": the chosen file through the same service method as POST
 * /api/admin/toys/import, answered with its report (a refusal with the API's status).
 */
async function importCatalogue(form: FormData, dryRun: boolean, { services }: AppContext) {
  const file = form.get(CATALOGUE_IMPORT_FIELD);
  if (!(file instanceof File) || file.size === 0) {
    return data<ListActionData>({ ok: false, message: IMPORT_TEXT.noFile, import: { dryRun } }, 400);
  }
  const outcome = await services.catalogueCsv.importCsv(new Uint8Array(await file.arrayBuffer()), { dryRun });
  if (!outcome.ok) {
    const answer = { ok: false, message: outcome.message, import: { dryRun, report: outcome.report } };
    return data<ListActionData>(answer, CATALOGUE_IMPORT_STATUS[outcome.refusal]);
  }
  const { report } = outcome;
  const counts = catalogueImportCounts(report, !dryRun);
  const message = dryRun
    ? `Preview: ${counts}${report.errors.length > 0 ? `; ${report.errors.length} ${report.errors.length === 1 ? "error" : "errors"}` : ""}`
    : `${IMPORT_TEXT.done}: ${counts}`;
  return data<ListActionData>({ ok: true, message, import: { dryRun, report } });
}

// The bulk form, the Duplicate buttons and the import form post here (they work before the
// scripts run): the same schemas and services as POST /api/toys/bulk, POST
// /api/toys/{id}/duplicate and POST /api/admin/toys/import.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const { productEditor } = app.services;
  const intent = form.get("intent");
  if (intent === IMPORT_INTENTS.preview || intent === IMPORT_INTENTS.apply) {
    return importCatalogue(form, intent === IMPORT_INTENTS.preview, app);
  }
  if (intent === "duplicate") {
    const id = String(form.get("id") ?? "");
    const copy = isDatabaseId(id) ? await productEditor.duplicate(Number(id)) : null;
    if (!copy) return data<ListActionData>({ ok: false, message: "Product not found" }, 404);
    return redirect(`${PATH}/${copy.id}`);
  }
  const submission = parseWithZod(form, { schema: productBulkSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Select products and an action";
    return data<ListActionData>({ ok: false, message }, 400);
  }
  try {
    const result = await productEditor.bulk(submission.value);
    return data<ListActionData>({ ok: true, message: bulkDoneMessage(result) });
  } catch (error) {
    const refusal = serviceRefusal(error, []);
    if (!refusal) throw error;
    return data<ListActionData>({ ok: false, message: (error as Error).message }, refusal.status);
  }
}

/** /admin/products: the products a page at a time, filtered, sorted and searched, with bulk actions, duplicate, edit and delete. */
export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { toys, categories, filters, page, pages, associateTagMissing } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const bulk = useFetcher<ListActionData>({ key: "product-bulk" });
  const [pendingDelete, setPendingDelete] = useState<AdminProductRow | null>(null);
  const [pendingBulkDelete, setPendingBulkDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const said = useRef<unknown>(null);
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === PATH);
  const total = toys.ok ? toys.data.total : 0;
  const items = toys.ok ? toys.data.items : [];
  const first = (page - 1) * PAGE_SIZE + 1;
  const search = filters.search ?? "";
  const filtered = productListFiltered(filters);
  const { search: _search, page: _page, ...kept } = filters;
  const otherFilters = Object.fromEntries([...productListParams(kept)]);

  // A new view (another page, filter or search, or after a change) starts with nothing ticked
  // but what is still on it.
  useEffect(() => {
    setSelected((current) => {
      const onPage = new Set(items.map((toy) => toy.id));
      const kept = [...current].filter((id) => onPage.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [items]);

  useEffect(() => {
    if (bulk.state !== "idle" || !bulk.data || said.current === bulk.data) return;
    said.current = bulk.data;
    setPendingBulkDelete(false);
    if (bulk.data.ok) {
      toast({ title: "Products updated", description: bulk.data.message });
      setSelected(new Set());
    } else {
      toast({ title: "Error", description: `Failed to change products: ${bulk.data.message}`, variant: "destructive" });
    }
  }, [bulk.state, bulk.data]);

  function select(ids: number[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  function runBulk(action: ProductBulkAction) {
    if (action === "delete") {
      setPendingBulkDelete(true);
      return;
    }
    submitBulk(action);
  }

  function submitBulk(action: ProductBulkAction) {
    const body = new FormData();
    body.set("action", action);
    for (const id of selected) body.append("ids", String(id));
    bulk.submit(body, { method: "post", action: PATH });
  }

  async function duplicate(toy: AdminProductRow) {
    if (duplicating) return;
    setDuplicating(true);
    try {
      const copy = (await callApi<Toy>("POST", `/api/toys/${toy.id}/duplicate`)).data;
      toast({
        title: "Product duplicated",
        description: `${copy.name} is a draft: visitors see it once you publish it.`,
      });
      await navigate(`${PATH}/${copy.id}`);
    } catch (error) {
      toast({
        title: "Error",
        description: `Failed to duplicate product: ${failureReason(error) ?? "Unknown error"}`,
        variant: "destructive",
      });
      revalidator.revalidate();
    } finally {
      setDuplicating(false);
    }
  }

  async function confirmDelete() {
    if (!pendingDelete || deleting) return;
    const toy = pendingDelete;
    setDeleting(true);
    try {
      await callApi("DELETE", `/api/toys/${toy.id}`);
      toast({
        title: "Product deleted",
        description: `${toy.name} is in the Trash for 30 days, where you can restore it.`,
      });
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
            <a href={EXPORT_PATH} download={CATALOGUE_CSV_FILENAME} className={buttonClass("secondary", "md")}>
              <Download className="size-5" aria-hidden="true" />
              Export CSV
            </a>
            <Link to="/admin/products/new" className={buttonClass("primary", "md")}>
              <Plus className="size-5" aria-hidden="true" />
              Add Product
            </Link>
          </>
        }
      />

      <SiteNotices notices={associateTagMissing ? [ASSOCIATE_TAG_NOTICE] : []} className="mt-6" />

      <CatalogueImport path={PATH} answer={actionData?.import ? actionData : undefined} />

      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-6 rounded-lg border px-3 py-2 font-semibold ${
            actionData.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"
          }`}
        >
          {actionData.message}
        </p>
      ) : null}

      <section
        aria-labelledby="all-products-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="grid gap-4 border-b border-stone-200 p-4 sm:p-6">
          <h2 id="all-products-heading" className="text-xl font-extrabold tracking-tight">
            All Products
          </h2>
          <ProductListFilterBar path={PATH} filters={filters} categories={categories} />
        </div>

        {/* The rows' checkboxes and the bulk buttons belong to this form (form="..."), and the
            Duplicate buttons to the next: a form may not hold another, and the table holds both. */}
        <Form method="post" id={BULK_FORM_ID} action={PATH} />
        <Form method="post" id={DUPLICATE_FORM_ID} action={PATH}>
          <input type="hidden" name="intent" value="duplicate" />
        </Form>

        <div className="relative" aria-busy={loading || undefined}>
          {loading || duplicating ? (
            <div className="absolute inset-0 z-10 flex justify-center bg-white/70 pt-12">
              <p role="status" className="flex h-fit items-center gap-3 rounded-full bg-white px-5 py-3 shadow-md">
                <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
                <span className="font-semibold">{duplicating ? "Duplicating product..." : "Loading products..."}</span>
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
              {filtered ? "No products match your search" : "No products found. Add your first product!"}
            </p>
          ) : (
            <>
              <ProductBulkBar
                count={selected.size}
                busy={bulk.state !== "idle"}
                onAction={runBulk}
                onClear={() => setSelected(new Set())}
              />
              <ProductTable
                toys={items}
                caption={pages > 1 ? `Products, page ${page} of ${pages}` : "Products"}
                path={PATH}
                filters={filters}
                selected={selected}
                onSelect={select}
                onDelete={setPendingDelete}
                onDuplicate={duplicate}
              />
              <div className="flex flex-col items-center gap-3 border-t border-stone-200 p-4 text-sm text-muted sm:flex-row sm:justify-between">
                <p aria-live="polite">
                  {filtered
                    ? `${formatCount(total)} ${total === 1 ? "product matches" : "products match"}${search ? ` "${search}"` : " the filters"}. `
                    : ""}
                  {pages > 1
                    ? `Showing ${formatCount(first)}–${formatCount(first + items.length - 1)} of ${formatCount(total)}`
                    : filtered
                      ? ""
                      : `${formatCount(total)} ${total === 1 ? "product" : "products"}`}
                </p>
                <Pagination path={PATH} page={page} pages={pages} search={search} filters={otherFilters} />
              </div>
            </>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete Product"
        description={moveToTrashQuestion(pendingDelete?.name ?? "")}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
      <ConfirmDialog
        open={pendingBulkDelete}
        title="Delete Products"
        description={`Move ${selected.size === 1 ? "the selected product" : `the ${selected.size} selected products`} to the trash? You can restore ${selected.size === 1 ? "it" : "them"} from the trash for 30 days.`}
        confirmLabel="Move to Trash"
        busy={bulk.state !== "idle"}
        onConfirm={() => submitBulk("delete")}
        onCancel={() => setPendingBulkDelete(false)}
      />
    </div>
  );
}
