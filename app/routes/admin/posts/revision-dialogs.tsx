import RotateCcwNode from "lucide/dist/esm/icons/rotate-ccw.mjs";
import XNode from "lucide/dist/esm/icons/x.mjs";
import { type Dispatch, type SetStateAction, useEffect, useId, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog.tsx";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { callApi } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import { diffLines } from "#domain/line-diff.ts";
import { changedFields, type PostVersion, savesOf, shownValue } from "#domain/post-revisions.ts";
import type { Post, PostRevision } from "#domain/posts.ts";
import { describeError } from "./post-api";
import { FIELD_LABELS } from "./revision-text";

const RotateCcw = icon("rotate-ccw", RotateCcwNode);
const X = icon("x", XNode);

// The revisions panel's dialogs, "What changed" / "Compare" with the line diff and the Restore
// question: loaded on the first press of one of the panel's buttons, not with the editor
// (decision 069).

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
export type Shown = { kind: "changes" | "compare"; revision: PostRevision };

/** The comparison dialog and the Restore question, opened by the panel's state. */
export function RevisionDialogs({
  post,
  revisions,
  comparing,
  setComparing,
  restoring,
  setRestoring,
}: {
  post: Post;
  revisions: PostRevision[];
  comparing: Shown | null;
  setComparing: Dispatch<SetStateAction<Shown | null>>;
  restoring: PostRevision | null;
  setRestoring: Dispatch<SetStateAction<PostRevision | null>>;
}) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // what the version became: the next save's version for its changes, the post now to compare
  const after =
    comparing?.kind === "changes"
      ? (savesOf(revisions, post).find((save) => save.revision.id === comparing.revision.id)?.after ?? post)
      : post;

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
    <>
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
                after={after}
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
    </>
  );
}
