import FileDiffNode from "lucide/dist/esm/icons/file-diff.mjs";
import RotateCcwNode from "lucide/dist/esm/icons/rotate-ccw.mjs";
import HistoryNode from "lucide/dist/esm/icons/rotate-ccw-clock.mjs";
import { lazy, Suspense, useState } from "react";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { Post, PostRevision } from "#domain/posts.ts";
import type { Shown } from "./revision-dialogs";

const FileDiff = icon("file-diff", FileDiffNode);
const History = icon("rotate-ccw-clock", HistoryNode);
const RotateCcw = icon("rotate-ccw", RotateCcwNode);

// The dialogs (the line diff, Restore) are needed only after a press: they load then, or as the
// pointer or focus reaches a button, and not with the page (decision 069).
const loadDialogs = () => import("./revision-dialogs");
const RevisionDialogs = lazy(() => loadDialogs().then((module) => ({ default: module.RevisionDialogs })));

/**
 * The editor's list of earlier versions (issues 18, 26): each with the time of the save that
 * replaced it and what that save changed (`summaries`, in the order of `revisions`: its fields,
 * and the body's lines, shown as a diff), a comparison with the post as it is now, and Restore
 * (itself a save, so the version it replaces is kept too).
 */
export function RevisionsPanel({
  post,
  revisions,
  summaries,
}: {
  post: Post;
  revisions: PostRevision[];
  summaries: string[];
}) {
  const hydrated = useHydrated();
  const [comparing, setComparing] = useState<Shown | null>(null);
  const [restoring, setRestoring] = useState<PostRevision | null>(null);
  // once asked for, the dialogs stay mounted: they close themselves, and give focus back, when
  // the state clears
  const opened = comparing !== null || restoring !== null;
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
  const preload = () => void loadDialogs();

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
          {revisions.map((revision, index) => (
            <li key={revision.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold break-words">{revision.post.title}</p>
                <p className="text-sm text-muted">
                  Saved over <LocalDate iso={revision.createdAt} withTime />
                </p>
                <p className="text-sm break-words">{summaries[index]}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  disabled={!hydrated}
                  onClick={() => setComparing({ kind: "changes", revision })}
                  onPointerEnter={preload}
                  onFocus={preload}
                  className={buttonClass("secondary", "sm")}
                >
                  <FileDiff className="size-4" aria-hidden="true" />
                  What changed
                </button>
                <button
                  type="button"
                  disabled={!hydrated}
                  onClick={() => setComparing({ kind: "compare", revision })}
                  onPointerEnter={preload}
                  onFocus={preload}
                  className={buttonClass("secondary", "sm")}
                >
                  Compare
                </button>
                <button
                  type="button"
                  disabled={!hydrated}
                  onClick={() => setRestoring(revision)}
                  onPointerEnter={preload}
                  onFocus={preload}
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

      {/* a press before the code arrives keeps its state, and the dialog opens once it is here */}
      {used ? (
        <Suspense fallback={null}>
          <RevisionDialogs
            post={post}
            revisions={revisions}
            comparing={comparing}
            setComparing={setComparing}
            restoring={restoring}
            setRestoring={setRestoring}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
