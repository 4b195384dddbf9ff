import { ArrowLeft, FilePlus, RotateCw, Search } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import {
  deletePost,
  deleteQuestion,
  describeError,
  fetchPosts,
  POST_TEXT,
} from "#app/components/admin/posts/post-api.ts";
import { type PostSortKey, PostTable } from "#app/components/admin/posts/post-table.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { toOption } from "#domain/catalog.ts";
import { POST_STATUSES, POST_TYPES, type PostSummary, postStatusLabel, postTypeLabel } from "#domain/posts.ts";
import type { Route } from "./+types/list";

export const meta = () => [{ title: pageTitle("Manage Posts") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const log = (what: string) => (error: unknown) => context.logger.error({ err: error }, `${what} failed`);
  const [posts, categories] = await Promise.all([
    // every post outside the trash: drafts and scheduled ones too
    settle(() => context.services.content.listPostsForAdmin(), log("listing posts for the admin")),
    settle(() => context.services.catalog.listCategories(), log("listing categories for the posts list")),
  ]);
  return { posts, categories: categories.ok ? categories.data.map(toOption) : [] };
}

const SORT_KEYS: readonly PostSortKey[] = ["title", "type", "published", "readingTime"];

/** The list's order: newest first by default (spec §2), or the column the owner picked. */
function sorted(posts: PostSummary[], sort: PostSortKey, direction: "asc" | "desc"): PostSummary[] {
  const sign = direction === "asc" ? 1 : -1;
  const by: Record<PostSortKey, (a: PostSummary, b: PostSummary) => number> = {
    title: (a, b) => a.title.localeCompare(b.title, "en"),
    type: (a, b) => a.postType.localeCompare(b.postType),
    published: (a, b) => Date.parse(a.publishedAt) - Date.parse(b.publishedAt),
    readingTime: (a, b) => a.readingTime - b.readingTime,
  };
  return [...posts].sort(
    (a, b) => sign * by[sort](a, b) || Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || b.id - a.id,
  );
}

/** Case-insensitive match on title, excerpt or post type (spec §2). */
function matches(post: PostSummary, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === "") return true;
  return [post.title, post.excerpt, post.postType].some((text) => text.toLowerCase().includes(needle));
}

/** /admin/posts: every post, searchable, with edit and delete. */
export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  // The search filters in the browser: typed before hydration, it would be lost (decision 005).
  const hydrated = useHydrated();
  const [posts, setPosts] = useState<PostSummary[] | null>(loaderData.posts.ok ? loaderData.posts.data : null);
  // Search, filters and order live in the address: they survive a trip to the editor and back.
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get("q") ?? "");
  const status = POST_STATUSES.find((s) => s === params.get("status"));
  const type = POST_TYPES.find((t) => t === params.get("type"));
  const category = params.get("category");
  const sort = SORT_KEYS.find((key) => key === params.get("sort")) ?? "published";
  const direction =
    params.get("dir") === "asc"
      ? "asc"
      : params.get("dir") === "desc"
        ? "desc"
        : sort === "title" || sort === "type"
          ? "asc"
          : "desc";
  const savedId = Number(params.get("saved")) || null;
  const [pendingDelete, setPendingDelete] = useState<PostSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [deletedCount, setDeletedCount] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const searchId = useId();

  // A new visit to the page (e.g. back from the editor) brings fresh loader data.
  useEffect(() => {
    if (loaderData.posts.ok) setPosts(loaderData.posts.data);
  }, [loaderData]);

  // The row that opened the dialog is gone: once the dialog has closed (its effect runs
  // first), the heading takes the focus instead of the page's body.
  useEffect(() => {
    if (deletedCount > 0) headingRef.current?.focus();
  }, [deletedCount]);

  const filtered = useMemo(
    () =>
      (posts ?? []).filter(
        (post) =>
          (!status || post.status === status) &&
          (!type || post.postType === type) &&
          (!category || String(post.categoryId ?? "none") === category),
      ),
    [posts, status, type, category],
  );
  const ordered = useMemo(() => sorted(filtered, sort, direction), [filtered, sort, direction]);
  const shown = useMemo(() => ordered.filter((post) => matches(post, query)), [ordered, query]);
  const searching = query.trim() !== "" || Boolean(status || type || category);

  /** The list's address with some parameters changed (empty values dropped, the saved mark gone). */
  /** `base` with some parameters changed (empty values dropped, the saved mark gone). */
  function changed(base: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
    const next = new URLSearchParams(base);
    next.delete("saved");
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
    listQuery ? `/admin/posts/${post.id}?from=${encodeURIComponent(listQuery)}` : `/admin/posts/${post.id}`;
  const sorting = {
    sort,
    direction,
    hrefFor: (key: PostSortKey) =>
      withParams({
        sort: key,
        dir: key === sort ? (direction === "asc" ? "desc" : "asc") : key === "title" || key === "type" ? "asc" : "desc",
      }),
  } as const;

  async function reload() {
    setReloading(true);
    try {
      setPosts(await fetchPosts());
    } catch (error) {
      console.error("GET /api/posts failed", error);
      if (posts === null)
        toast({ title: POST_TEXT.errorTitle, description: "Failed to load posts. Please try again." });
    } finally {
      setReloading(false);
    }
  }

  async function confirmDelete() {
    const post = pendingDelete;
    if (!post || deleting) return;
    setDeleting(true);
    try {
      await deletePost(post.id);
      setPosts((current) => current?.filter((p) => p.id !== post.id) ?? null);
      setPendingDelete(null);
      toast({ title: POST_TEXT.deletedTitle, description: `"${post.title}" has been deleted.` });
      setDeletedCount((n) => n + 1);
      void reload();
    } catch (error) {
      setPendingDelete(null);
      toast({
        title: POST_TEXT.errorTitle,
        description: `${POST_TEXT.deleteFailed}${describeError(error)}`,
        variant: "destructive",
      });
    } finally {
      setDeleting(false);
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
              to={listQuery ? `/admin/posts/new?from=${encodeURIComponent(listQuery)}` : "/admin/posts/new"}
              className={buttonClass("primary", "md")}
            >
              <FilePlus className="size-5" aria-hidden="true" />
              New Post
            </Link>
          </>
        }
      />

      <section
        aria-labelledby="all-posts-heading"
        className="mt-8 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-col gap-3 border-b border-stone-200 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
          <h2 id="all-posts-heading" className="text-xl font-extrabold tracking-tight">
            All Posts
          </h2>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap sm:items-center sm:justify-end">
            <form method="get" className="contents" aria-label="Filter posts">
              <FilterSelect
                label="Status"
                name="status"
                value={status ?? ""}
                options={POST_STATUSES.map((s) => [s, postStatusLabel(s)])}
                onPick={(value) => update({ status: value })}
              />
              <FilterSelect
                label="Type"
                name="type"
                value={type ?? ""}
                options={POST_TYPES.map((t) => [t, postTypeLabel(t)])}
                onPick={(value) => update({ type: value })}
              />
              <FilterSelect
                label="Category"
                name="category"
                value={category ?? ""}
                options={[
                  ["none", "No category"],
                  ...loaderData.categories.map((c) => [String(c.id), c.name] as const),
                ]}
                onPick={(value) => update({ category: value })}
              />
            </form>
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
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                disabled={!hydrated}
                placeholder="Search posts..."
                autoComplete="off"
                className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
              />
            </div>
          </div>
        </div>

        <p role="status" className="sr-only">
          {posts && searching ? `${shown.length} of ${posts.length} posts match` : ""}
        </p>

        {posts === null ? (
          <div className="p-8 text-center">
            <p className="font-semibold">Failed to load posts.</p>
            <button
              type="button"
              onClick={reload}
              disabled={reloading}
              className={buttonClass("secondary", "md", "mt-4")}
            >
              <RotateCw className={`size-5 ${reloading ? "animate-spin" : ""}`} aria-hidden="true" />
              Try again
            </button>
          </div>
        ) : shown.length === 0 ? (
          <p className="p-8 text-center text-muted">{searching ? POST_TEXT.searchEmpty : POST_TEXT.listEmpty}</p>
        ) : (
          <div aria-busy={reloading || undefined}>
            <PostTable
              posts={shown}
              onDelete={setPendingDelete}
              sorting={sorting}
              editHref={editHref}
              savedId={savedId}
            />
          </div>
        )}
      </section>

      <ConfirmDialog
        open={pendingDelete !== null}
        title={POST_TEXT.deleteDialogTitle}
        description={pendingDelete ? deleteQuestion(pendingDelete.title) : ""}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
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
