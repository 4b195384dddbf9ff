import { ArrowLeft, FilePlus, RotateCw, Search } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import {
  deletePost,
  deleteQuestion,
  describeError,
  fetchPosts,
  POST_TEXT,
} from "#app/components/admin/posts/post-api.ts";
import { PostTable } from "#app/components/admin/posts/post-table.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { PostSummary } from "#domain/posts.ts";
import type { Route } from "./+types/list";

export const meta = () => [{ title: pageTitle("Manage Posts") }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return {
    posts: await settle(
      () => context.services.content.listPosts(),
      (error) => context.logger.error({ err: error }, "listing posts for the admin failed"),
    ),
  };
}

/** Newest first (spec §2), whatever order the list arrived in. */
function newestFirst(posts: PostSummary[]): PostSummary[] {
  return [...posts].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || b.id - a.id);
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
  const [query, setQuery] = useState("");
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

  const sorted = useMemo(() => (posts ? newestFirst(posts) : []), [posts]);
  const shown = useMemo(() => sorted.filter((post) => matches(post, query)), [sorted, query]);
  const searching = query.trim() !== "";

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
            <Link to="/admin/posts/new" className={buttonClass("primary", "md")}>
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

        <p role="status" className="sr-only">
          {posts && searching ? `${shown.length} of ${sorted.length} posts match` : ""}
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
            <PostTable posts={shown} onDelete={setPendingDelete} />
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
