import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import { useEffect, useId, useRef } from "react";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);

const DANGER_BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-2.5 text-base font-bold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * A modal "are you sure?" question on the native <dialog>: the browser traps focus, makes the
 * page behind inert and returns focus to the opener; Escape cancels. Cancel has the first
 * focus, so a stray Enter never confirms a destructive action. While `busy`, the dialog stays
 * open and its buttons wait.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  cancelLabel = "Cancel",
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  cancelLabel?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The handlers may change on every render of the parent; the native listeners read the latest.
  const latest = useRef({ onCancel, busy });
  latest.current = { onCancel, busy };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // Escape: the parent decides (it closes us through `open`); nothing cancels mid-request.
        event.preventDefault();
        if (!latest.current.busy) latest.current.onCancel();
      }}
      onClose={() => {
        // Closed by the browser itself (e.g. a second Escape Chrome does not let us stop).
        if (open) latest.current.onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-lg font-extrabold">
          {title}
        </h2>
        <p id={descriptionId} className="mt-2 text-muted">
          {description}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            disabled={busy}
            className={buttonClass("secondary", "md")}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
            className={DANGER_BUTTON}
          >
            {busy ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
