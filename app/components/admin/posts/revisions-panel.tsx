import { FileDiff, History, RotateCcw, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { callApi } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { diffLines } from "#domain/line-diff.ts";
import {
  bodyLineChanges,
  changedFields,
  type PostVersion,
  type RevisedField,
  savesOf,
  shownValue,
} from "#domain/post-revisions.ts";
import type { Post, PostRevision } from "#domain/posts.ts";
import { describeError } from "./post-api";

const FIELD_LABELS: Record<RevisedField, string> = {
  title: "Title",
  slug: "Slug",
  excerpt: "Excerpt",
  content: "Post body",
  imageUrl: "Featured image",
  publishedAt: "Publish date",
  readingTime: "Reading time",
  postType: "Post type",
  categoryId: "Category",
  reviewedToyId: "Reviewed toy",
  reviewRating: "Rating",
  status: "Status",
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  socialImageUrl: "Social image",
  imageAlt: "Image alt text",
  readingTimeAuto: "Reading time from the text",
};

/** "Title, Post body (+2 −1 lines)": what a save changed, in a line. */
function changeSummary(before: PostVersion, after: PostVersion): string {
  const fields = changedFields(before, after);
  if (fields.length === 0) return "Saved without changes";
  return `Changed ${fields
    .map((field) => {
      if (field !== "content") return FIELD_LABELS[field];
      const { added, removed } = bodyLineChanges(before.content, after.content);
      return `${FIELD_LABELS.content} (+${added} −${removed} lines)`;
    })
    .join(", ")}`;
}

/** Side by side for short fields, a line diff for the body: `before` against `after`. */
function Comparison({
  before,
  after,
  labels,
}: {
  before: PostVersion;
  after: PostVersion;
  /** what the two sides are called ("That version" / "Now", "Before" / "After") */
  labels: [string, string];
}) {
  const fields = changedFields(before, after);
  if (fields.length === 0) return <p className="text-muted">No field differs.</p>;
  return (
    <dl className="grid gap-5">
      {fields.map((field) => (
        <div key={field}>
          <dt className="font-bold">{FIELD_LABELS[field]}</dt>
          {field === "content" ? (
            <dd className="mt-2 max-h-96 overflow-auto rounded-lg border border-stone-200 font-mono text-sm">
              {diffLines(before.content, after.content).map((line, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no ids; their order is their identity in one diff
                  key={`${index}-${line.kind}`}
                  className={`px-3 whitespace-pre-wrap ${
                    line.kind === "added"
                      ? "bg-green-50 text-green-900"
                      : line.kind === "removed"
                        ? "bg-red-50 text-red-900"
                        : ""
                  }`}
                >
                  <span aria-hidden="true">{line.kind === "added" ? "+ " : line.kind === "removed" ? "− " : "  "}</span>
                  <span className="sr-only">
                    {line.kind === "added" ? "Added: " : line.kind === "removed" ? "Removed: " : ""}
                  </span>
                  {line.text || " "}
                </div>
              ))}
            </dd>
          ) : (
            <dd className="mt-1 grid gap-2 sm:grid-cols-2">
              <div className="rounded-lg bg-red-50 px-3 py-2 break-words text-red-900">
                <span className="block text-xs font-bold uppercase">{labels[0]}</span>
                {shownValue(before[field])}
              </div>
              <div className="rounded-lg bg-green-50 px-3 py-2 break-words text-green-900">
                <span className="block text-xs font-bold uppercase">{labels[1]}</span>
                {shownValue(after[field])}
              </div>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** What the dialog shows: one save's changes, or a version against the post as it is now. */
type Shown = { kind: "changes" | "compare"; revision: PostRevision; after: PostVersion };

/**
 * The editor's list of earlier versions (issues 18, 26): each with the time of the save that
 * replaced it and what that save changed (its fields, and the body's lines, shown as a diff),
 * a comparison with the post as it is now, and Restore (itself a save, so the version it
 * replaces is kept too).
 */
export function RevisionsPanel({ post, revisions }: { post: Post; revisions: PostRevision[] }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [comparing, setComparing] = useState<Shown | null>(null);
  const [restoring, setRestoring] = useState<PostRevision | null>(null);
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (comparing && !element.open) element.showModal();
    if (!comparing && element.open) element.close();
  }, [comparing]);

  async function restore() {
    if (!restoring || busy) return;
    setBusy(true);
    try {
      await callApi("POST", `/api/posts/${post.id}/revisions/${restoring.id}/restore`);
      toast({
        title: "Version restored",
        description: "The post is back to that version; the one it replaced is kept.",
      });
      setRestoring(null);
      setComparing(null);
      // the form is keyed by the post's update time, so it starts again from the restored values
      revalidator.revalidate();
    } catch (error) {
      toast({
        title: "Error",
        description: `Failed to restore the version: ${describeError(error)}`,
        variant: "destructive",
      });
      setRestoring(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="revisions-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="revisions-heading" className="flex items-center gap-2 text-xl font-extrabold tracking-tight">
        <History className="size-5 text-primary" aria-hidden="true" />
        Revisions
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-3 text-muted">No earlier versions yet: every save keeps the version it replaces.</p>
      ) : (
        <ol className="mt-4 divide-y divide-stone-200">
          {savesOf(revisions, post).map(({ revision, after }) => (
            <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold break-words">{revision.post.title}</p>
                <p className="text-sm text-muted">
                  Saved over <LocalDate iso={revision.createdAt} withTime />
                </p>
                <p className="text-sm break-words">{changeSummary(revision.post, after)}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={!hydrated}
                  onClick={() => setComparing({ kind: "changes", revision, after })}
                  className={buttonClass("secondary", "sm")}
                >
                  <FileDiff className="size-4" aria-hidden="true" />
                  What changed
                </button>
                <button
                  type="button"
                  disabled={!hydrated}
                  onClick={() => setComparing({ kind: "compare", revision, after: post })}
                  className={buttonClass("secondary", "sm")}
                >
                  Compare
                </button>
                <button
                  type="button"
                  disabled={!hydrated}
                  onClick={() => setRestoring(revision)}
                  className={buttonClass("secondary", "sm")}
                >
                  <RotateCcw className="size-4" aria-hidden="true" />
                  Restore
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}

      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          setComparing(null);
        }}
        className="m-auto w-[min(56rem,calc(100vw-2rem))] rounded-2xl p-0 shadow-xl backdrop:bg-stone-900/50"
      >
        {comparing ? (
          <>
            <div className="flex items-start justify-between gap-4 border-b border-stone-200 p-5">
              <h2 id={titleId} className="text-xl font-extrabold">
                {comparing.kind === "changes" ? "Changes saved " : "Compare with the version replaced "}
                <LocalDate iso={comparing.revision.createdAt} withTime />
              </h2>
              <button
                type="button"
                onClick={() => setComparing(null)}
                className={buttonClass("ghost", "sm")}
                aria-label="Close"
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
            <div className="max-h-[70vh] overflow-y-auto p-5">
              <Comparison
                before={comparing.revision.post}
                after={comparing.after}
                labels={comparing.kind === "changes" ? ["Before", "After"] : ["That version", "Now"]}
              />
            </div>
            <div className="flex justify-end gap-3 border-t border-stone-200 p-5">
              <button type="button" onClick={() => setComparing(null)} className={buttonClass("secondary", "md")}>
                Close
              </button>
              <button
                type="button"
                onClick={() => setRestoring(comparing.revision)}
                className={buttonClass("primary", "md")}
              >
                <RotateCcw className="size-5" aria-hidden="true" />
                Restore this version
              </button>
            </div>
          </>
        ) : null}
      </dialog>

      <ConfirmDialog
        open={restoring !== null}
        title="Restore this version?"
        description="The post goes back to this version. The version it replaces is kept, so you can go back again."
        confirmLabel="Restore"
        busy={busy}
        onConfirm={restore}
        onCancel={() => setRestoring(null)}
      />
    </section>
  );
}
