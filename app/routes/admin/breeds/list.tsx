import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import ExternalLinkNode from "lucide/dist/esm/icons/external-link.mjs";
import PawPrintNode from "lucide/dist/esm/icons/paw-print.mjs";
import PencilNode from "lucide/dist/esm/icons/pencil.mjs";
import PlusNode from "lucide/dist/esm/icons/plus.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useRevalidator } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { AdminBreed } from "#domain/breed-form.ts";
import { BREED_SIZES, BREED_TEXT } from "#domain/breed-text.ts";
import { isDatabaseId } from "#domain/ids.ts";
import type { Route } from "./+types/list";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const ExternalLink = icon("external-link", ExternalLinkNode);
const PawPrint = icon("paw-print", PawPrintNode);
const Pencil = icon("pencil", PencilNode);
const Plus = icon("plus", PlusNode);
const Trash2 = icon("trash", Trash2Node);

export const meta = () => [{ title: pageTitle("Breeds") }, { name: "robots", content: "noindex" }];

/** What the list's action answers. */
interface ListActionData {
  ok: boolean;
  message?: string;
}

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const breeds = await settle(
    () => app.services.breedEditor.listForAdmin(),
    (error) => app.logger.error({ err: error }, "admin breeds list failed"),
  );
  return { breeds };
}

// The delete dialog posts here, with the same service as DELETE /api/breeds/{id}; the owner's
// confirmation in the dialog is what removeRecommendations says.
export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const rawId = String(form.get("id") ?? "");
  if (form.get("intent") !== "delete" || !isDatabaseId(rawId)) {
    return data<ListActionData>({ ok: false, message: "Unknown action" }, 400);
  }
  try {
    const gone = await app.services.breedEditor.remove(Number(rawId), {
      removeRecommendations: form.get("removeRecommendations") === "true",
    });
    if (!gone) return data<ListActionData>({ ok: false, message: BREED_TEXT.notFound }, 404);
  } catch (error) {
    const refusal = serviceRefusal(error, []);
    if (!refusal) throw error;
    return data<ListActionData>({ ok: false, message: (error as Error).message }, refusal.status);
  }
  return { ok: true } satisfies ListActionData;
}

const CELL = "px-2 py-3 align-middle first:pl-4 last:pr-4 sm:px-4";
const SIZE_LABEL = Object.fromEntries(BREED_SIZES.map((size) => [size.value, size.label.split(" ")[0]]));

/** A breed's picture in the list (or a paw when it has none). */
function Thumbnail({ breed }: { breed: AdminBreed }) {
  if (!breed.imageUrl) {
    return (
      <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
        <PawPrint className="size-6" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={breed.imageUrl}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 rounded-lg bg-stone-100 object-cover"
    />
  );
}

/** /admin/breeds: every breed with its recommendations, with edit and delete. */
export default function AdminBreeds({ loaderData, actionData }: Route.ComponentProps) {
  const { breeds } = loaderData;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const deleter = useFetcher<ListActionData>({ key: "breed-delete" });
  const [pendingDelete, setPendingDelete] = useState<AdminBreed | null>(null);
  const said = useRef<unknown>(null);
  const items = breeds.ok ? breeds.data : [];

  useEffect(() => {
    if (deleter.state !== "idle" || !deleter.data || said.current === deleter.data) return;
    said.current = deleter.data;
    setPendingDelete(null);
    if (deleter.data.ok) toast({ title: BREED_TEXT.deleted, description: "The breed and its page are gone." });
    else {
      toast({
        title: "The breed was not deleted",
        description: deleter.data.message ?? "Please try again.",
        variant: "destructive",
      });
    }
  }, [deleter.state, deleter.data]);

  const count = pendingDelete?.recommendationCount ?? 0;
  const description = pendingDelete
    ? count > 0
      ? `${pendingDelete.name} has ${count} product ${count === 1 ? "recommendation" : "recommendations"}. Deleting the breed removes ${count === 1 ? "it" : "them"} too, with the breed's page. This action cannot be undone.`
      : `Are you sure you want to delete ${pendingDelete.name}? Its page goes too. This action cannot be undone.`
    : "";
  const refusedBeforeScripts = actionData && !actionData.ok ? actionData.message : undefined;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Breeds" }]}
        title="Breeds"
        subtitle="Dog breeds, each with its own page and toy recommendations"
        actions={
          <>
            <Link to="/admin/dashboard" className={buttonClass("secondary", "md")}>
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to Dashboard
            </Link>
            <Link to="/admin/breeds/new" className={buttonClass("primary", "md")}>
              <Plus className="size-5" aria-hidden="true" />
              Add Breed
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

      <section
        aria-labelledby="all-breeds-heading"
        className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <h2 id="all-breeds-heading" className="border-b border-stone-200 p-4 text-xl font-extrabold sm:p-6">
          All Breeds
        </h2>
        {!breeds.ok ? (
          <div className="p-8 text-center">
            <p className="font-semibold">The breeds could not be loaded.</p>
            <button
              type="button"
              onClick={() => revalidator.revalidate()}
              className={buttonClass("secondary", "sm", "mt-4")}
            >
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="p-8 text-center text-muted">No breeds yet. Add your first breed!</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Breeds, by name</caption>
            <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className={CELL}>
                  Breed
                </th>
                <th scope="col" className={`${CELL} hidden sm:table-cell`}>
                  Size
                </th>
                <th scope="col" className={`${CELL} hidden sm:table-cell`}>
                  Recommendations
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {items.map((breed) => {
                const recommendations = `${breed.recommendationCount} ${breed.recommendationCount === 1 ? "product" : "products"}`;
                return (
                  <tr key={breed.id} className="hover:bg-stone-50" data-testid="breed-row">
                    <td className={CELL}>
                      <div className="flex items-center gap-3">
                        <Thumbnail breed={breed} />
                        <div className="min-w-0">
                          <p className="font-bold break-words text-ink">{breed.name}</p>
                          <a
                            href={`/breeds/${breed.slug}`}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="inline-flex items-center gap-1 text-xs font-semibold text-primary underline-offset-2 hover:underline"
                          >
                            /breeds/{breed.slug}
                            <ExternalLink className="size-3" aria-hidden="true" />
                            <span className="sr-only"> (opens in a new tab)</span>
                          </a>
                          <p className="mt-0.5 text-xs text-muted sm:hidden">
                            {SIZE_LABEL[breed.size] ?? breed.size} · {recommendations}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className={`${CELL} hidden sm:table-cell`}>{SIZE_LABEL[breed.size] ?? breed.size}</td>
                    <td className={`${CELL} hidden whitespace-nowrap sm:table-cell`}>{recommendations}</td>
                    <td className={`${CELL} text-right`}>
                      <div className="inline-flex flex-col gap-1 sm:flex-row">
                        <Link
                          to={`/admin/breeds/${breed.id}`}
                          aria-label={`Edit ${breed.name}`}
                          title="Edit"
                          className="inline-flex size-10 items-center justify-center rounded-lg text-ink hover:bg-stone-100 hover:text-primary"
                        >
                          <Pencil className="size-4" aria-hidden="true" />
                        </Link>
                        <button
                          type="button"
                          onClick={() => setPendingDelete(breed)}
                          disabled={!hydrated}
                          aria-label={`Delete ${breed.name}`}
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
        open={pendingDelete !== null}
        title="Delete Breed"
        description={description}
        confirmLabel={count > 0 ? "Delete breed and recommendations" : "Delete"}
        busy={deleter.state !== "idle"}
        onConfirm={() => {
          if (!pendingDelete) return;
          deleter.submit(
            {
              intent: "delete",
              id: String(pendingDelete.id),
              removeRecommendations: String(pendingDelete.recommendationCount > 0),
            },
            { method: "post" },
          );
        }}
        onCancel={() => setPendingDelete(null)}
      />
    </div>
  );
}
