import AlertCircleNode from "lucide/dist/esm/icons/circle-alert.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import type { ReactNode } from "react";
import type { Result } from "#app/lib/result.ts";
import { useAwaited } from "#app/lib/use-awaited.ts";
import type { PostSummary } from "#domain/posts.ts";
import { PostCard } from "./post-card";
import { icon } from "./ui/icon";

const AlertCircle = icon("alert-circle", AlertCircleNode);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);

/** Reviews and comparisons live under /reviews, so its list shows both. */
export function isReviewListed(post: PostSummary): boolean {
  return post.postType !== "guide";
}

/**
 * A grid of post cards with the resources page's short dates, or `emptyText` when there
 * are none. `heading` is for screen readers: it keeps the outline h1 > h2 > card h3.
 */
export function PostGrid({ posts, heading, emptyText }: { posts: PostSummary[]; heading: string; emptyText: string }) {
  return (
    <section>
      <h2 className="sr-only">{heading}</h2>
      {posts.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center text-muted">
          {emptyText}
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.id} className="flex flex-col [&>article]:flex-1">
              <PostCard post={post} dateStyle="compact" aboveTheFold={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The loading, error and loaded states of a post list. `posts` is the server's result on the
 * first view and the browser's pending GET /api/posts after a client-side navigation.
 */
export function PostListState({
  posts,
  loadingText,
  errorText,
  children,
}: {
  posts: Result<PostSummary[]> | Promise<Result<PostSummary[]>>;
  loadingText: string;
  errorText: string;
  children: (posts: PostSummary[]) => ReactNode;
}) {
  const loaded = useAwaited(posts);
  if (!loaded.settled) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-16 text-lg text-muted">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-primary" />
        {loadingText}
      </p>
    );
  }
  if (!loaded.value.ok) {
    return (
      <p
        role="alert"
        className="flex items-center justify-center gap-3 rounded-xl border border-red-200 bg-red-50 p-8 text-center text-red-800"
      >
        <AlertCircle aria-hidden="true" className="size-5 shrink-0" />
        {errorText}
      </p>
    );
  }
  return children(loaded.value.data);
}

/** The heading block and container of the post list pages. */
export function PostListPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-muted">{intro}</p>
      </header>
      <div className="mt-10">{children}</div>
    </div>
  );
}
