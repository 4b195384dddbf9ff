import RotateCcwNode from "lucide/dist/esm/icons/rotate-ccw.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { ApiError, callApi } from "#app/lib/api.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { TRASH_DAYS, type TrashItem } from "#domain/trash.ts";
import type { Route } from "./+types/list";

const RotateCcw = icon("rotate-ccw", RotateCcwNode);
const Trash2 = icon("trash", Trash2Node);

export const meta = () => [{ title: pageTitle("Trash") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  return {
    items: await settle(
      () => app.services.trash.list(),
      (error) => app.logger.error({ err: error }, "listing the trash failed"),
    ),
  };
}

const KIND_LABEL: Record<TrashItem["kind"], string> = { post: "Post", product: "Product", message: "Message" };
/** The API paths of each kind: where it comes back from the trash, and where it goes for good. */
const PATHS: Record<
  TrashItem["kind"],
  { restore: (id: number) => string; forever: (id: number) => string; editor?: (id: number) => string }
> = {
  post: {
    restore: (id) => `/api/posts/${id}/restore`,
    forever: (id) => `/api/admin/trash/posts/${id}`,
    editor: (id) => `/admin/posts/${id}`,
  },
  product: {
    restore: (id) => `/api/toys/${id}/restore`,
    forever: (id) => `/api/admin/trash/products/${id}`,
    editor: (id) => `/admin/products/${id}`,
  },
  message: {
    restore: (id) => `/api/admin/messages/${id}/restore`,
    forever: (id) => `/api/admin/trash/messages/${id}`,
    editor: (id) => `/admin/messages/${id}`,
  },
};

const reason = (error: unknown) =>
  error instanceof ApiError ? (error.serverMessage ?? error.detail) : "An unknown error occurred";

/** /admin/trash: deleted posts and products, restored with everything they had, or deleted for good. */
export default function AdminTrash({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<{ item: TrashItem | "all" } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { items } = loaderData;

  async function restore(item: TrashItem) {
    setBusy(`restore-${item.kind}-${item.id}`);
    try {
      await callApi("POST", PATHS[item.kind].restore(item.id));
      toast({ title: "Restored", description: `"${item.title}" is back, with everything it had.` });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: "Error", description: `Failed to restore: ${reason(error)}`, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function deleteForever() {
    if (!pending) return;
    setBusy("forever");
    try {
      if (pending.item === "all") {
        await callApi("DELETE", "/api/admin/trash");
        toast({ title: "Trash emptied", description: "Everything in the trash was deleted for good." });
      } else {
        await callApi("DELETE", PATHS[pending.item.kind].forever(pending.item.id));
        toast({ title: "Deleted for good", description: `"${pending.item.title}" was deleted for good.` });
      }
      setPending(null);
      await revalidator.revalidate();
    } catch (error) {
      setPending(null);
      toast({ title: "Error", description: `Failed to delete: ${reason(error)}`, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Trash" }]}
        title="Trash"
        subtitle={`Deleted posts and products stay here for ${TRASH_DAYS} days, invisible to visitors, then go for good.`}
        actions={
          items.ok && items.data.length > 0 ? (
            <button
              type="button"
              disabled={!hydrated}
              onClick={() => setPending({ item: "all" })}
              className={buttonClass("secondary", "md")}
            >
              <Trash2 className="size-5" aria-hidden="true" />
              Empty trash
            </button>
          ) : null
        }
      />

      <section aria-label="Deleted items" className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm">
        {!items.ok ? (
          <div className="p-8 text-center">
            <p role="alert" className="font-semibold">
              The trash could not be loaded.
            </p>
            <button
              type="button"
              onClick={() => revalidator.revalidate()}
              className={buttonClass("secondary", "md", "mt-4")}
            >
              Try again
            </button>
          </div>
        ) : items.data.length === 0 ? (
          <p className="p-8 text-center text-muted">The trash is empty.</p>
        ) : (
          <ul className="divide-y divide-stone-200">
            {items.data.map((item) => (
              <li
                key={`${item.kind}-${item.id}`}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-bold break-words">
                    <span className="mr-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-bold text-stone-700">
                      {KIND_LABEL[item.kind]}
                    </span>
                    {item.title}
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    Deleted <LocalDate iso={item.deletedAt} withTime />; goes for good on{" "}
                    <LocalDate iso={item.purgeAt} />
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <button
                    type="button"
                    disabled={!hydrated || busy !== null}
                    onClick={() => restore(item)}
                    aria-busy={busy === `restore-${item.kind}-${item.id}` || undefined}
                    className={buttonClass("secondary", "sm")}
                    aria-label={`Restore ${item.title}`}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                    Restore
                  </button>
                  <button
                    type="button"
                    disabled={!hydrated || busy !== null}
                    onClick={() => setPending({ item })}
                    className={`${buttonClass("secondary", "sm")} hover:border-red-700 hover:text-red-700`}
                    aria-label={`Delete for good: ${item.title}`}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                    Delete for good
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="mt-4 text-sm text-muted">
        Restored items come back as they were: a post with its categories and slug, a product with its categories, breed
        recommendations and click history.{" "}
        <Link to="/admin/posts" className="font-semibold text-primary hover:underline">
          Back to Posts
        </Link>
      </p>

      <ConfirmDialog
        open={pending !== null}
        title={pending?.item === "all" ? "Empty the trash?" : "Delete for good?"}
        description={
          pending?.item === "all"
            ? "Everything in the trash will be deleted for good. This action cannot be undone."
            : `"${pending?.item.title ?? ""}" will be deleted for good. This action cannot be undone.`
        }
        confirmLabel={pending?.item === "all" ? "Empty trash" : "Delete for good"}
        busy={busy === "forever"}
        onConfirm={deleteForever}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
