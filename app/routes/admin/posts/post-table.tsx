import ArrowDownNode from "lucide/dist/esm/icons/arrow-down.mjs";
import ArrowUpNode from "lucide/dist/esm/icons/arrow-up.mjs";
import BookOpenNode from "lucide/dist/esm/icons/book-open.mjs";
import ExternalLinkNode from "lucide/dist/esm/icons/external-link.mjs";
import EyeNode from "lucide/dist/esm/icons/eye.mjs";
import FileTextNode from "lucide/dist/esm/icons/file-text.mjs";
import PencilNode from "lucide/dist/esm/icons/pencil.mjs";
import ScaleNode from "lucide/dist/esm/icons/scale.mjs";
import StarNode from "lucide/dist/esm/icons/star.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";
import { icon } from "#app/components/ui/icon.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { formatCompactDate, isoDay } from "#domain/dates.ts";
import { postPath, postTypeLabel } from "#domain/post-links.ts";
import { type PostStatus, type PostSummary, postStatusLabel } from "#domain/posts.ts";
import { POST_BULK_FORM_ID } from "./post-bulk-bar";

const ArrowDown = icon("arrow-down", ArrowDownNode);
const ArrowUp = icon("arrow-up", ArrowUpNode);
const BookOpen = icon("book-open", BookOpenNode);
const ExternalLink = icon("external-link", ExternalLinkNode);
const Eye = icon("eye", EyeNode);
const FileText = icon("file-text", FileTextNode);
const Pencil = icon("pencil", PencilNode);
const Scale = icon("scale", ScaleNode);
const Star = icon("star", StarNode);
const Trash2 = icon("trash", Trash2Node);

const STATUS_COLOURS: Record<PostStatus, string> = {
  draft: "bg-stone-200 text-stone-800",
  scheduled: "bg-sky-100 text-sky-900",
  published: "bg-green-100 text-green-900",
};

/** A post's status (the list shows drafts and scheduled posts among the published ones). */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-bold whitespace-nowrap ${STATUS_COLOURS[status]}`}
    >
      {postStatusLabel(status)}
    </span>
  );
}

/** The list's sortable columns, as `?sort=` names them. */
export type PostSortKey = "title" | "type" | "published" | "readingTime";

export interface PostSorting {
  sort: PostSortKey;
  direction: "asc" | "desc";
  /** the list's address sorted by `key` (the other direction when it already is) */
  hrefFor: (key: PostSortKey) => string;
}

/** A column header that sorts the list by it: a link, so the order lives in the address. */
function SortHeader({
  label,
  sortKey,
  sorting,
  children,
}: {
  label: string;
  sortKey: PostSortKey;
  sorting: PostSorting;
  /** what comes before the label (the Title column's "select all" box) */
  children?: ReactNode;
}) {
  const active = sorting.sort === sortKey;
  const Arrow = sorting.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className="px-4 py-3 font-bold whitespace-nowrap"
      aria-sort={active ? (sorting.direction === "asc" ? "ascending" : "descending") : undefined}
    >
      {children}
      <Link
        to={sorting.hrefFor(sortKey)}
        replace
        preventScrollReset
        className="inline-flex items-center gap-1 hover:text-primary hover:underline"
      >
        {label}
        {active ? <Arrow className="size-4" aria-hidden="true" /> : null}
      </Link>
    </th>
  );
}

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

function PostActions({
  post,
  onDelete,
  editHref,
}: {
  post: PostSummary;
  onDelete: (post: PostSummary) => void;
  editHref: string;
}) {
  // The delete dialog needs React: until hydration a click would do nothing (decision 005).
  const hydrated = useHydrated();
  return (
    <div className="flex items-center justify-end gap-1">
      <Link to={editHref} className={ICON_BUTTON} aria-label={`Edit ${post.title}`} title="Edit">
        <Pencil className="size-5" aria-hidden="true" />
      </Link>
      {post.status === "published" ? (
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
      ) : (
        <a
          href={`/admin/posts/${post.id}/preview`}
          target="_blank"
          rel="noopener"
          className={ICON_BUTTON}
          aria-label={`Preview ${post.title} (opens in a new tab)`}
          title="Preview"
        >
          <Eye className="size-5" aria-hidden="true" />
        </a>
      )}
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

/** A row's box for the bulk actions: part of the bulk form, so it is posted before the scripts run too. */
function SelectBox({
  post,
  selected,
  onSelect,
  className = "",
}: {
  post: PostSummary;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      name="ids"
      value={post.id}
      form={POST_BULK_FORM_ID}
      checked={selected.has(post.id)}
      onChange={(event) => onSelect([post.id], event.target.checked)}
      aria-label={`Select ${post.title}`}
      className={`size-5 shrink-0 accent-primary ${className}`}
    />
  );
}

/**
 * The posts as a table (Title, Type, Published, Reading Time, Actions) on wider screens and
 * as a list of cards on phones, where five columns do not fit; each with a box for the bulk
 * actions (the table's heading box ticks the whole page).
 */
export function PostTable({
  posts,
  onDelete,
  sorting,
  editHref,
  savedId,
  selected,
  onSelect,
  caption,
}: {
  posts: PostSummary[];
  onDelete: (post: PostSummary) => void;
  sorting: PostSorting;
  /** the editor's address for a post, carrying the list's search and filters */
  editHref: (post: PostSummary) => string;
  /** the post just saved, marked and brought into view */
  savedId: number | null;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  caption: string;
}) {
  const allRef = useRef<HTMLInputElement>(null);
  const chosen = posts.filter((post) => selected.has(post.id)).length;
  const all = chosen > 0 && chosen === posts.length;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  const saved = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per saved post, when the list arrives with it
  useEffect(() => {
    saved.current?.scrollIntoView({ block: "center" });
  }, [savedId]);
  const mark = (post: PostSummary) => (post.id === savedId ? "bg-amber-50 ring-2 ring-amber-300 ring-inset" : "");
  return (
    <>
      <table className="hidden w-full text-left md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-sm text-muted">
          <tr>
            <SortHeader label="Title" sortKey="title" sorting={sorting}>
              <input
                ref={allRef}
                type="checkbox"
                checked={all}
                onChange={(event) =>
                  onSelect(
                    posts.map((post) => post.id),
                    event.target.checked,
                  )
                }
                aria-label="Select all posts on this page"
                className="mr-3 size-5 align-middle accent-primary"
              />
            </SortHeader>
            <SortHeader label="Type" sortKey="type" sorting={sorting} />
            <SortHeader label="Published" sortKey="published" sorting={sorting} />
            <SortHeader label="Reading Time" sortKey="readingTime" sorting={sorting} />
            <th scope="col" className="px-4 py-3 text-right font-bold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {posts.map((post) => (
            <tr
              key={post.id}
              ref={
                post.id === savedId
                  ? (row) => {
                      saved.current = row;
                    }
                  : undefined
              }
              data-saved={post.id === savedId || undefined}
              className={`${selected.has(post.id) ? "bg-primary-soft/40" : "hover:bg-stone-50"} ${mark(post)}`}
            >
              <td className="max-w-md px-4 py-3">
                <SelectBox post={post} selected={selected} onSelect={onSelect} className="mr-3 align-middle" />
                <Link
                  to={editHref(post)}
                  className="font-bold text-ink hover:text-primary hover:underline"
                  // The pencil beside it is the same link: one tab stop per row is enough.
                  tabIndex={-1}
                >
                  {post.title}
                </Link>
                {post.status === "published" ? null : (
                  <>
                    {" "}
                    <PostStatusBadge status={post.status} />
                  </>
                )}
                {post.id === savedId ? <span className="sr-only"> (just saved)</span> : null}
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
                <PostActions post={post} onDelete={onDelete} editHref={editHref(post)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="divide-y divide-stone-200 md:hidden" aria-label={caption}>
        {posts.map((post) => (
          <li
            key={post.id}
            ref={
              post.id === savedId
                ? (item) => {
                    saved.current = item;
                  }
                : undefined
            }
            data-saved={post.id === savedId || undefined}
            className={`p-4 ${mark(post)}`}
          >
            <div className="flex items-start gap-3">
              <SelectBox post={post} selected={selected} onSelect={onSelect} className="mt-0.5" />
              <Link to={editHref(post)} className="font-bold break-words text-ink hover:text-primary hover:underline">
                {post.title}
              </Link>
            </div>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
              {post.status === "published" ? null : <PostStatusBadge status={post.status} />}
              <PostTypeBadge postType={post.postType} />
              <time dateTime={isoDay(post.publishedAt)}>{formatCompactDate(post.publishedAt)}</time>
              <span aria-hidden="true">·</span>
              <span>{`${post.readingTime} min`}</span>
            </div>
            <div className="mt-2 -mr-2">
              <PostActions post={post} onDelete={onDelete} editHref={editHref(post)} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
