import ArrowDownNode from "lucide/dist/esm/icons/arrow-down.mjs";
import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import ArrowUpNode from "lucide/dist/esm/icons/arrow-up.mjs";
import PencilNode from "lucide/dist/esm/icons/pencil.mjs";
import PlusNode from "lucide/dist/esm/icons/plus.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useRevalidator } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { categoryIcon } from "#app/components/category-icon.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { AdminCategory } from "#domain/category-form.ts";
import { CATEGORY_TEXT } from "#domain/category-text.ts";
import { isDatabaseId } from "#domain/ids.ts";
import type { Route } from "./+types/list";
import { CategoryDeleteDialog } from "./category-delete-dialog.tsx";

const ArrowDown = icon("arrow-down", ArrowDownNode);
const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const ArrowUp = icon("arrow-up", ArrowUpNode);
const Pencil = icon("pencil", PencilNode);
const Plus = icon("plus", PlusNode);
const Trash2 = icon("trash", Trash2Node);

export const meta = () => [{ title: pageTitle("Categories") }, { name: "robots", content: "noindex" }];

/** The home page shows this many categories, the first in the owner's order. */
const HOME_TILES = 6;

/** What the list's action answers. */
interface ListActionData {
  intent: "move" | "delete" | "unknown";
  id: number | null;
  ok: boolean;
  message?: string;
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const categories = await settle(
    () => app.services.categoryEditor.listForAdmin(),
    (error) => app.logger.error({ err: error }, "admin categories list failed"),
  );
  return { categories };
}

// The move buttons post here (they work before the scripts run too), and so does the delete
// dialog: the same service as POST /api/categories/order and DELETE /api/categories/{id}.
export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const intent = form.get("intent");
  const rawId = String(form.get("id") ?? "");
  const id = isDatabaseId(rawId) ? Number(rawId) : null;
  const { categoryEditor } = app.services;
  if (id === null) return data<ListActionData>({ intent: "unknown", id, ok: false, message: "Unknown category" }, 400);
  if (intent === "move") {
    const direction = form.get("direction");
    if (direction !== "up" && direction !== "down") {
      return data<ListActionData>({ intent, id, ok: false, message: "Move up or down" }, 400);
    }
    const moved = await categoryEditor.move(id, direction);
    return moved
      ? ({ intent, id, ok: true } satisfies ListActionData)
      : data<ListActionData>({ intent, id, ok: false, message: CATEGORY_TEXT.notFound }, 404);
  }
  if (intent === "delete") {
    const rawMoveTo = String(form.get("moveTo") ?? "");
    const moveTo = isDatabaseId(rawMoveTo) ? Number(rawMoveTo) : undefined;
    try {
      if (!(await categoryEditor.remove(id, { moveTo }))) {
        return data<ListActionData>({ intent, id, ok: false, message: CATEGORY_TEXT.notFound }, 404);
      }
    } catch (error) {
      const refusal = serviceRefusal(error, []);
      if (!refusal) throw error;
      return data<ListActionData>({ intent, id, ok: false, message: (error as Error).message }, refusal.status);
    }
    return { intent, id, ok: true } satisfies ListActionData;
  }
  return data<ListActionData>({ intent: "unknown", id, ok: false, message: "Unknown action" }, 400);
}

const CELL = "px-2 py-3 align-middle first:pl-4 last:pr-4 sm:px-4";
const ICON_BUTTON =
  "inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-stone-100 hover:text-primary disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";

/** The up and down buttons of one row: a form each, so they work from the keyboard and before the scripts. */
function MoveButtons({ category, index, count }: { category: AdminCategory; index: number; count: number }) {
  // Not disabled while a move is under way: a disabled button would drop the keyboard focus.
  const fetcher = useFetcher<ListActionData>({ key: `category-move-${category.id}` });
  return (
    <fetcher.Form method="post" className="inline-flex">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={category.id} />
      <button
        type="submit"
        name="direction"
        value="up"
        id={`category-${category.id}-up`}
        disabled={index === 0}
        aria-label={`Move ${category.name} up`}
        title="Move up"
        className={ICON_BUTTON}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </button>
      <button
        type="submit"
        name="direction"
        value="down"
        id={`category-${category.id}-down`}
        disabled={index === count - 1}
        aria-label={`Move ${category.name} down`}
        title="Move down"
        className={ICON_BUTTON}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </button>
    </fetcher.Form>
  );
}

/** /admin/categories: the categories in the owner's order, with reorder, edit and delete. */
export default function AdminCategories({ loaderData, actionData }: Route.ComponentProps) {
  const { categories } = loaderData;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const deleter = useFetcher<ListActionData>({ key: "category-delete" });
  const [pendingDelete, setPendingDelete] = useState<AdminCategory | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const said = useRef<unknown>(null);
  const items = categories.ok ? categories.data : [];

  // After a move, the moved row's button keeps the focus (it is disabled at either end, then
  // its other button takes it), and a screen reader hears the new place.
  const lastMove = useRef<{ id: number; direction: string } | null>(null);
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const button = event.submitter as HTMLButtonElement | null;
      const match = button?.id.match(/^category-(\d+)-(up|down)$/);
      if (match) lastMove.current = { id: Number(match[1]), direction: match[2] ?? "up" };
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);
  useEffect(() => {
    const move = lastMove.current;
    if (!move) return;
    const index = items.findIndex((category) => category.id === move.id);
    const category = items[index];
    if (!category) return;
    const same = document.getElementById(`category-${move.id}-${move.direction}`) as HTMLButtonElement | null;
    const other = document.getElementById(
      `category-${move.id}-${move.direction === "up" ? "down" : "up"}`,
    ) as HTMLButtonElement | null;
    if (same && !same.disabled) same.focus();
    else other?.focus();
    setAnnouncement(`${category.name} is now number ${index + 1} of ${items.length}.`);
    lastMove.current = null;
  }, [items]);

  useEffect(() => {
    if (deleter.state !== "idle" || !deleter.data || said.current === deleter.data) return;
    said.current = deleter.data;
    setPendingDelete(null);
    if (deleter.data.ok) toast({ title: CATEGORY_TEXT.deleted, description: "The category is gone from the site." });
    else {
      toast({
        title: "The category was not deleted",
        description: deleter.data.message ?? "Please try again.",
        variant: "destructive",
      });
    }
  }, [deleter.state, deleter.data]);

  const inUse = pendingDelete ? pendingDelete.productCount + pendingDelete.trashedProductCount > 0 : false;
  const remove = (moveTo?: number) => {
    if (!pendingDelete) return;
    deleter.submit(
      { intent: "delete", id: String(pendingDelete.id), ...(moveTo ? { moveTo: String(moveTo) } : {}) },
      { method: "post" },
    );
  };
  const refusedBeforeScripts = actionData && !actionData.ok ? actionData.message : undefined;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Categories" }]}
        title="Categories"
        subtitle={`Toy categories in your order: the home page shows the first ${HOME_TILES}`}
        actions={
          <>
            <Link to="/admin/dashboard" className={buttonClass("secondary", "md")}>
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to Dashboard
            </Link>
            <Link to="/admin/categories/new" className={buttonClass("primary", "md")}>
              <Plus className="size-5" aria-hidden="true" />
              Add Category
            </Link>
          </>
        }
      />

      {refusedBeforeScripts ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-semibold text-red-800"
        >
          {refusedBeforeScripts}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <section
        aria-labelledby="all-categories-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <h2 id="all-categories-heading" className="border-b border-stone-200 p-4 text-xl font-extrabold sm:p-6">
          All Categories
        </h2>
        {!categories.ok ? (
          <div className="p-8 text-center">
            <p className="font-semibold">The categories could not be loaded.</p>
            <button
              type="button"
              onClick={() => revalidator.revalidate()}
              className={buttonClass("secondary", "sm", "mt-4")}
            >
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="p-8 text-center text-muted">No categories yet. Add your first category!</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Categories in the order the site shows them</caption>
            <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className={CELL}>
                  Order
                </th>
                <th scope="col" className={CELL}>
                  Category
                </th>
                <th scope="col" className={`${CELL} hidden sm:table-cell`}>
                  Products
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {items.map((category, index) => {
                const Icon = categoryIcon(category);
                const products = `${category.productCount} ${category.productCount === 1 ? "product" : "products"}`;
                return (
                  <tr key={category.id} className="hover:bg-stone-50" data-testid="category-row">
                    <td className={`${CELL} whitespace-nowrap`}>
                      <div className="flex items-center gap-1">
                        <span className="w-6 text-right font-bold tabular-nums">{index + 1}</span>
                        <MoveButtons category={category} index={index} count={items.length} />
                      </div>
                    </td>
                    <td className={CELL}>
                      <div className="flex items-start gap-3">
                        <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary min-[400px]:flex">
                          <Icon className="size-5" aria-hidden="true" />
                        </span>
                        <div className="min-w-0">
                          <p className="flex flex-wrap items-center gap-2 font-bold text-ink">
                            <span>{category.name}</span>
                            {index < HOME_TILES ? (
                              <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-bold text-primary ring-1 ring-primary/30">
                                Home page
                              </span>
                            ) : null}
                          </p>
                          {category.description ? (
                            <p className="mt-0.5 line-clamp-2 text-muted">{category.description}</p>
                          ) : null}
                          <p className="mt-0.5 text-xs text-muted sm:hidden">{products}</p>
                        </div>
                      </div>
                    </td>
                    <td className={`${CELL} hidden whitespace-nowrap sm:table-cell`}>
                      <Link
                        to={`/admin/products?category=${category.id}`}
                        className="font-semibold text-primary underline-offset-2 hover:underline"
                      >
                        {products}
                        <span className="sr-only"> in {category.name}</span>
                      </Link>
                    </td>
                    <td className={`${CELL} text-right`}>
                      <div className="inline-flex flex-col gap-1 sm:flex-row">
                        <Link
                          to={`/admin/categories/${category.id}`}
                          aria-label={`Edit ${category.name}`}
                          title="Edit"
                          className={ICON_BUTTON}
                        >
                          <Pencil className="size-4" aria-hidden="true" />
                        </Link>
                        <button
                          type="button"
                          onClick={() => setPendingDelete(category)}
                          disabled={!hydrated}
                          aria-label={`Delete ${category.name}`}
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
        )}
      </section>

      <ConfirmDialog
        open={pendingDelete !== null && !inUse}
        title="Delete Category"
        description={`Are you sure you want to delete ${pendingDelete?.name ?? ""}? No product uses it; this action cannot be undone.`}
        confirmLabel="Delete"
        busy={deleter.state !== "idle"}
        onConfirm={() => remove()}
        onCancel={() => setPendingDelete(null)}
      />
      <CategoryDeleteDialog
        category={pendingDelete !== null && inUse ? pendingDelete : null}
        others={items.filter((category) => category.id !== pendingDelete?.id)}
        busy={deleter.state !== "idle"}
        onConfirm={(moveTo) => remove(moveTo)}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
