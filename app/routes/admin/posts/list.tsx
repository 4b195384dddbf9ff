import { parseWithZod } from "@conform-to/zod/v4";
import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import FilePlusNode from "lucide/dist/esm/icons/file-plus.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import RotateCwNode from "lucide/dist/esm/icons/rotate-cw.mjs";
import SearchNode from "lucide/dist/esm/icons/search.mjs";
import { useEffect, useId, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { Pagination } from "#app/components/admin/pagination.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { toOption } from "#domain/catalog.ts";
import { postTypeLabel } from "#domain/post-links.ts";
import {
  defaultDirection,
  POST_LIST_PAGE_SIZE,
  type PostBulkAction,
  postBulkDoneMessage,
  postBulkSchema,
  postListFiltered,
  postListFiltersFrom,
  postListParams,
} from "#domain/post-list.ts";
import { POST_STATUSES, POST_TYPES, type PostSummary, postStatusLabel } from "#domain/posts.ts";
import { moveToTrashQuestion } from "#domain/trash.ts";
import type { Route } from "./+types/list";
import { deletePost, describeError, POST_TEXT } from "./post-api.ts";
import { POST_BULK_FORM_ID, PostBulkBar } from "./post-bulk-bar.tsx";
import { type PostSortKey, PostTable } from "./post-table.tsx";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const FilePlus = icon("file-plus", FilePlusNode);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const RotateCw = icon("rotate-cw", RotateCwNode);
const Search = icon("search", SearchNode);

export const meta = () => [{ title: pageTitle("Manage Posts") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/posts";

/** The service's order for a column of the list. */
const SORT_COLUMNS = {
  title: "title",
  type: "postType",
  published: "publishedAt",
  readingTime: "readingTime",
} as const;

/** What the list's action answers (a bulk action posted before the scripts ran, or by the fetcher). */
interface ListActionData {
  ok: boolean;
  message: string;
}

// Filters, order, search and paging run in the database: the page gets one page of posts and
// the number of matches (it used to get every post and sort them itself). The view lives in the
// URL, so it survives a trip to the editor and back.
export async function loader({ url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const filters = postListFiltersFrom(url.searchParams);
  const { page = 1, q, status, type, category, sort = "published", dir } = filters;
  const log = (what: string) => (error: unknown) => app.logger.error({ err: error }, `${what} failed`);
  const [posts, categories] = await Promise.all([
    // every post outside the trash: drafts and scheduled ones too
    settle(
      () =>
        app.services.content.listPostPageForAdmin({
          search: q,
          status,
          postType: type,
          categoryId: category === "none" ? null : category,
          sort: SORT_COLUMNS[sort],
          direction: dir ?? defaultDirection(sort),
          page,
          pageSize: POST_LIST_PAGE_SIZE,
        }),
      log("listing posts for the admin"),
    ),
    settle(() => app.services.catalog.listCategories(), log("listing categories for the posts list")),
  ]);
  const pages = posts.ok ? Math.max(1, Math.ceil(posts.data.total / POST_LIST_PAGE_SIZE)) : 1;
  // A page past the end (after deletes, or a hand-edited URL) shows the last one instead.
  if (posts.ok && page > pages) {
    const last = postListParams({ ...filters, page: pages });
    const saved = url.searchParams.get("saved");
    if (saved) last.set("saved", saved);
    throw redirect(last.size > 0 ? `${PATH}?${last}` : PATH);
  }
  return { posts, categories: categories.ok ? categories.data.map(toOption) : [], page, pages };
}

// The bulk form posts here (it works before the scripts run); the scripts send it here too,
// with a fetcher. The same schema and service as POST /api/posts/bulk.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const submission = parseWithZod(await request.formData(), { schema: postBulkSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Select posts and an action";
    return data<ListActionData>({ ok: false, message }, 400);
  }
  try {
    const result = await app.services.postEditor.bulk(submission.value);
    return { ok: true, message: postBulkDoneMessage(result) } satisfies ListActionData;
  } catch (error) {
    const refusal = serviceRefusal(error, []);
    if (!refusal) throw error;
    return data<ListActionData>({ ok: false, message: (error as Error).message }, refusal.status);
  }
}

/** /admin/posts: the posts a page at a time, filtered, sorted and searched, with bulk actions, edit and delete. */
export default function AdminPosts({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, categories, page, pages } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const bulk = useFetcher<ListActionData>({ key: "post-bulk" });
  const [params, setParams] = useSearchParams();
  // What the list shows is read from the address, like the loader reads it.
  const view = postListFiltersFrom(params);
  const [query, setQuery] = useState(view.q ?? "");
  const sort = view.sort ?? "published";
  const direction = view.dir ?? defaultDirection(sort);
  const savedId = Number(params.get("saved")) || null;
  const [pendingDelete, setPendingDelete] = useState<PostSummary | null>(null);
  const [pendingBulkDelete, setPendingBulkDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deletedCount, setDeletedCount] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const said = useRef<unknown>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const searchId = useId();
  const items = posts.ok ? posts.data.items : [];
  const total = posts.ok ? posts.data.total : 0;
  const first = (page - 1) * POST_LIST_PAGE_SIZE + 1;
  const searching = postListFiltered(view);
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === PATH);

  // The row that opened the dialog is gone: once the dialog has closed (its effect runs
  // first), the heading takes the focus instead of the page's body.
  useEffect(() => {
    if (deletedCount > 0) headingRef.current?.focus();
  }, [deletedCount]);

  // A new view (another page, filter or search, or after a change) keeps ticked only what is still on it.
  useEffect(() => {
    setSelected((current) => {
      const onPage = new Set(items.map((post) => post.id));
      const kept = [...current].filter((id) => onPage.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [items]);

  useEffect(() => {
    if (bulk.state !== "idle" || !bulk.data || said.current === bulk.data) return;
    said.current = bulk.data;
    setPendingBulkDelete(false);
    if (bulk.data.ok) {
      toast({ title: "Posts updated", description: bulk.data.message });
      setSelected(new Set());
    } else {
      toast({
        title: POST_TEXT.errorTitle,
        description: `Failed to change posts: ${bulk.data.message}`,
        variant: "destructive",
      });
    }
  }, [bulk.state, bulk.data]);

  /** `base` with some parameters changed (empty values dropped, the saved mark and the page gone). */
  function changed(base: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
    const next = new URLSearchParams(base);
    next.delete("saved");
    next.delete("page");
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    return next;
  }

  /** The list's address with some parameters changed (a link's target). */
  function withParams(changes: Record<string, string | null>): string {
    const text = changed(params, changes).toString();
    return text ? `?${text}` : "?";
  }

  // React Router gives a functional update the address of the last render, not the one a
  // navigation still under way is going to: two quick filter changes undid each other (a CI
  // flake). The address last asked for is kept with the address it was made from, and used
  // while that is still the one rendered.
  const asked = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);

  /**
   * Applies filter changes to the latest address (two quick changes must not undo each other),
   * replacing the history entry: a filter is not a page to go back to.
   */
  function update(changes: Record<string, string | null>) {
    const latest = asked.current?.from === params ? asked.current.next : params;
    const next = changed(latest, changes);
    asked.current = { from: params, next };
    setParams(next, { replace: true, preventScrollReset: true });
  }

  // The search box writes `q` into the address as the owner types (replacing, not stacking history).
  useEffect(() => {
    if ((params.get("q") ?? "") === query.trim()) return;
    const timer = setTimeout(() => update({ q: query.trim() || null }), 200);
    return () => clearTimeout(timer);
  });

  const listQuery = (() => {
    const keep = new URLSearchParams(params);
    keep.delete("saved");
    return keep.toString();
  })();
  const editHref = (post: PostSummary) =>
    listQuery ? `${PATH}/${post.id}?from=${encodeURIComponent(listQuery)}` : `${PATH}/${post.id}`;
  const sorting = {
    sort,
    direction,
    hrefFor: (key: PostSortKey) =>
      withParams({ sort: key, dir: key === sort ? (direction === "asc" ? "desc" : "asc") : defaultDirection(key) }),
  } as const;
  const pageFilters = Object.fromEntries([...postListParams({ ...view, page: undefined })]);

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

  function runBulk(bulkAction: PostBulkAction) {
    if (bulkAction === "delete") {
      setPendingBulkDelete(true);
      return;
    }
    submitBulk(bulkAction);
  }

  function submitBulk(bulkAction: PostBulkAction) {
    const body = new FormData();
    body.set("action", bulkAction);
    for (const id of selected) body.append("ids", String(id));
    bulk.submit(body, { method: "post", action: `${PATH}${params.size > 0 ? `?${params}` : ""}` });
  }

  async function confirmDelete() {
    const post = pendingDelete;
    if (!post || deleting) return;
    setDeleting(true);
    try {
      await deletePost(post.id);
      setPendingDelete(null);
      toast({
        title: POST_TEXT.deletedTitle,
        description: `"${post.title}" is in the Trash for 30 days, where you can restore it.`,
      });
      setDeletedCount((n) => n + 1);
    } catch (error) {
      setPendingDelete(null);
      toast({
        title: POST_TEXT.errorTitle,
        description: `${POST_TEXT.deleteFailed}${describeError(error)}`,
        variant: "destructive",
      });
    } finally {
      setDeleting(false);
      // Refreshed after a failure too: a 404 means someone else deleted it already.
      revalidator.revalidate();
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Posts" }]}
        title="Posts"
        headingRef={headingRef}
        subtitle="Manage your reviews, guides and comparisons"
        actions={
          <>
            <Link to="/admin/dashboard" className={buttonClass("secondary", "md")}>
              <ArrowLeft className="size-5" aria-hidden="true" />
              Back to Dashboard
            </Link>
            <Link
              to={listQuery ? `${PATH}/new?from=${encodeURIComponent(listQuery)}` : `${PATH}/new`}
              className={buttonClass("primary", "md")}
            >
              <FilePlus className="size-5" aria-hidden="true" />
              New Post
            </Link>
          </>
        }
      />

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
        aria-labelledby="all-posts-heading"
        className="mt-8 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-col gap-3 border-b border-stone-200 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
          <h2 id="all-posts-heading" className="text-xl font-extrabold tracking-tight">
            All Posts
          </h2>
          {/* A GET form: before the scripts run, Enter in the search box asks the server for the view. */}
          <form
            method="get"
            className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:items-center sm:justify-end"
            aria-label="Filter posts"
            onSubmit={(event) => {
              event.preventDefault();
              update({ q: query.trim() || null });
            }}
          >
            {view.sort ? <input type="hidden" name="sort" value={view.sort} /> : null}
            {view.dir ? <input type="hidden" name="dir" value={view.dir} /> : null}
            <FilterSelect
              label="Status"
              name="status"
              value={view.status ?? ""}
              options={POST_STATUSES.map((s) => [s, postStatusLabel(s)])}
              onPick={(value) => update({ status: value })}
            />
            <FilterSelect
              label="Type"
              name="type"
              value={view.type ?? ""}
              options={POST_TYPES.map((t) => [t, postTypeLabel(t)])}
              onPick={(value) => update({ type: value })}
            />
            <FilterSelect
              label="Category"
              name="category"
              value={view.category === undefined ? "" : String(view.category)}
              options={[["none", "No category"], ...categories.map((c) => [String(c.id), c.name] as const)]}
              onPick={(value) => update({ category: value })}
            />
            <div className="relative w-full sm:max-w-xs">
              <label htmlFor={searchId} className="sr-only">
                Search posts
              </label>
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
                aria-hidden="true"
              />
              <input
                id={searchId}
                type="search"
                name="q"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Search posts..."
                autoComplete="off"
                className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
              />
            </div>
          </form>
        </div>

        <p role="status" className="sr-only">
          {posts.ok && searching ? `${total} ${total === 1 ? "post matches" : "posts match"}` : ""}
        </p>

        {/* The rows' boxes and the bulk buttons belong to this form (form="..."): it may not hold the table. */}
        <Form method="post" id={POST_BULK_FORM_ID} action={`${PATH}${params.size > 0 ? `?${params}` : ""}`} />

        <div className="relative" aria-busy={loading || undefined}>
          {loading ? (
            <div className="absolute inset-0 z-10 flex justify-center bg-white/70 pt-12">
              <p role="status" className="flex h-fit items-center gap-3 rounded-full bg-white px-5 py-3 shadow-md">
                <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
                <span className="font-semibold">Loading posts...</span>
              </p>
            </div>
          ) : null}
          {!posts.ok ? (
            <div className="p-8 text-center">
              <p className="font-semibold">Failed to load posts.</p>
              <button
                type="button"
                onClick={() => revalidator.revalidate()}
                disabled={revalidator.state === "loading"}
                className={buttonClass("secondary", "md", "mt-4")}
              >
                <RotateCw
                  className={`size-5 ${revalidator.state === "loading" ? "animate-spin" : ""}`}
                  aria-hidden="true"
                />
                Try again
              </button>
            </div>
          ) : total === 0 ? (
            <p className="p-8 text-center text-muted">{searching ? POST_TEXT.searchEmpty : POST_TEXT.listEmpty}</p>
          ) : (
            <>
              <PostBulkBar
                count={selected.size}
                busy={bulk.state !== "idle"}
                onAction={runBulk}
                onClear={() => setSelected(new Set())}
              />
              <PostTable
                posts={items}
                caption={pages > 1 ? `Posts, page ${page} of ${pages}` : "Posts"}
                onDelete={setPendingDelete}
                sorting={sorting}
                editHref={editHref}
                savedId={savedId}
                selected={selected}
                onSelect={select}
              />
              <div className="flex flex-col items-center gap-3 border-t border-stone-200 p-4 text-sm text-muted sm:flex-row sm:justify-between">
                <p>
                  {pages > 1
                    ? `Showing ${formatCount(first)}–${formatCount(first + items.length - 1)} of ${formatCount(total)}`
                    : `${formatCount(total)} ${total === 1 ? "post" : "posts"}`}
                </p>
                <Pagination path={PATH} page={page} pages={pages} search="" filters={pageFilters} />
              </div>
            </>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={pendingDelete !== null}
        title={POST_TEXT.deleteDialogTitle}
        description={pendingDelete ? moveToTrashQuestion(pendingDelete.title) : ""}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
      <ConfirmDialog
        open={pendingBulkDelete}
        title="Move to Trash"
        description={`Move ${selected.size === 1 ? "the selected post" : `the ${selected.size} selected posts`} to the Trash? ${
          selected.size === 1 ? "It stays" : "They stay"
        } there for 30 days, and you can restore ${selected.size === 1 ? "it" : "them"} until then.`}
        confirmLabel="Move to Trash"
        busy={bulk.state !== "idle"}
        onConfirm={() => submitBulk("delete")}
        onCancel={() => setPendingBulkDelete(false)}
      />
    </div>
  );
}

/** One filter of the list: a native select whose change updates the address at once. */
function FilterSelect({
  label,
  name,
  value,
  options,
  onPick,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onPick: (value: string | null) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-bold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={!hydrated}
        onChange={(event) => onPick(event.target.value || null)}
        className="rounded-lg border border-stone-300 bg-white px-2 py-2 text-sm"
      >
        <option value="">All</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
