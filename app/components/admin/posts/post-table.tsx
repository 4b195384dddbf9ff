import { BookOpen, ExternalLink, FileText, Pencil, Scale, Star, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { formatCompactDate, isoDay } from "#domain/dates.ts";
import { type PostSummary, postPath, postTypeLabel } from "#domain/posts.ts";

const TYPE_ICONS = { review: Star, guide: BookOpen, comparison: Scale } as const;

const TYPE_COLOURS: Record<string, string> = {
  review: "bg-primary-soft text-primary-hover",
  guide: "bg-teal-50 text-accent",
  comparison: "bg-indigo-50 text-indigo-800",
};

/** The post type with its icon (the list's Type column). */
export function PostTypeBadge({ postType }: { postType: string }) {
  const Icon = TYPE_ICONS[postType as keyof typeof TYPE_ICONS] ?? FileText;
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-bold whitespace-nowrap ${
        TYPE_COLOURS[postType] ?? "bg-stone-100 text-ink"
      }`}
    >
      <Icon className="size-4" aria-hidden="true" />
      {postTypeLabel(postType)}
    </span>
  );
}

const ICON_BUTTON =
  "inline-flex size-10 items-center justify-center rounded-md text-ink transition-colors hover:bg-stone-100 hover:text-primary";

function PostActions({ post, onDelete }: { post: PostSummary; onDelete: (post: PostSummary) => void }) {
  // The delete dialog needs React: until hydration a click would do nothing (decision 005).
  const hydrated = useHydrated();
  return (
    <div className="flex items-center justify-end gap-1">
      <Link to={`/admin/posts/${post.id}`} className={ICON_BUTTON} aria-label={`Edit ${post.title}`} title="Edit">
        <Pencil className="size-5" aria-hidden="true" />
      </Link>
      <a
        href={postPath(post)}
        target="_blank"
        rel="noopener"
        className={ICON_BUTTON}
        aria-label={`View ${post.title} on the site (opens in a new tab)`}
        title="View on the site"
      >
        <ExternalLink className="size-5" aria-hidden="true" />
      </a>
      <button
        type="button"
        onClick={() => onDelete(post)}
        disabled={!hydrated}
        className={`${ICON_BUTTON} hover:bg-red-50 hover:text-red-700 disabled:opacity-60`}
        aria-label={`Delete ${post.title}`}
        title="Delete"
      >
        <Trash2 className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * The posts as a table (Title, Type, Published, Reading Time, Actions) on wider screens and
 * as a list of cards on phones, where five columns do not fit.
 */
export function PostTable({ posts, onDelete }: { posts: PostSummary[]; onDelete: (post: PostSummary) => void }) {
  return (
    <>
      <table className="hidden w-full text-left md:table">
        <caption className="sr-only">Posts, newest first</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-sm text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-bold">
              Title
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              Type
            </th>
            <th scope="col" className="px-4 py-3 font-bold whitespace-nowrap">
              Published
            </th>
            <th scope="col" className="px-4 py-3 font-bold whitespace-nowrap">
              Reading Time
            </th>
            <th scope="col" className="px-4 py-3 text-right font-bold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {posts.map((post) => (
            <tr key={post.id} className="hover:bg-stone-50">
              <td className="max-w-md px-4 py-3">
                <Link
                  to={`/admin/posts/${post.id}`}
                  className="font-bold text-ink hover:text-primary hover:underline"
                  // The pencil beside it is the same link: one tab stop per row is enough.
                  tabIndex={-1}
                >
                  {post.title}
                </Link>
                <p className="mt-0.5 truncate text-sm text-muted">{post.excerpt}</p>
              </td>
              <td className="px-4 py-3">
                <PostTypeBadge postType={post.postType} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <time dateTime={isoDay(post.publishedAt)}>{formatCompactDate(post.publishedAt)}</time>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{`${post.readingTime} min`}</td>
              <td className="px-4 py-3">
                <PostActions post={post} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-stone-200 md:hidden" aria-label="Posts, newest first">
        {posts.map((post) => (
          <li key={post.id} className="p-4">
            <Link to={`/admin/posts/${post.id}`} className="font-bold text-ink hover:text-primary hover:underline">
              {post.title}
            </Link>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              <PostTypeBadge postType={post.postType} />
              <time dateTime={isoDay(post.publishedAt)}>{formatCompactDate(post.publishedAt)}</time>
              <span aria-hidden="true">·</span>
              <span>{`${post.readingTime} min`}</span>
            </div>
            <div className="mt-2 -mr-2">
              <PostActions post={post} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
