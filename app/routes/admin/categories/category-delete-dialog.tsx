import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import { useEffect, useId, useRef, useState } from "react";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import type { AdminCategory } from "#domain/category-form.ts";
import { categoryInUseMessage } from "#domain/category-text.ts";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);

const DANGER_BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-2.5 text-base font-bold text-white transition-colors hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The question before deleting a category that products still use: it says why a plain delete
 * is refused and offers the way through, moving those products to another category first. On
 * the native <dialog> like ConfirmDialog (Cancel has the first focus; Escape cancels).
 */
export function CategoryDeleteDialog({
  category,
  others,
  busy,
  onConfirm,
  onCancel,
}: {
  /** the category to delete; null: closed */
  category: AdminCategory | null;
  /** where its products may go */
  others: AdminCategory[];
  busy: boolean;
  onConfirm: (moveTo: number) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const selectId = useId();
  const [moveTo, setMoveTo] = useState("");
  const latest = useRef({ onCancel, busy });
  latest.current = { onCancel, busy };
  const open = category !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setMoveTo("");
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
        event.preventDefault();
        if (!latest.current.busy) latest.current.onCancel();
      }}
      onClose={() => {
        if (open) latest.current.onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <form
        className="p-6"
        onSubmit={(event) => {
          event.preventDefault();
          if (moveTo) onConfirm(Number(moveTo));
        }}
      >
        <h2 id={titleId} className="text-lg font-extrabold">
          Delete Category
        </h2>
        <p id={descriptionId} className="mt-2 text-muted">
          {category ? categoryInUseMessage(category.name, category.productCount, category.trashedProductCount) : ""}
        </p>
        <label htmlFor={selectId} className="mt-4 block text-sm font-bold">
          Move its products to
        </label>
        <select
          id={selectId}
          required
          value={moveTo}
          onChange={(event) => setMoveTo(event.target.value)}
          disabled={busy}
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
        >
          <option value="">Choose a category</option>
          {others.map((other) => (
            <option key={other.id} value={other.id}>
              {other.name}
            </option>
          ))}
        </select>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            disabled={busy}
            className={buttonClass("secondary", "md")}
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={busy || moveTo === ""}
            aria-busy={busy || undefined}
            className={DANGER_BUTTON}
          >
            {busy ? <LoaderCircle className="size-5 animate-spin" aria-hidden="true" /> : null}
            Move products and delete
          </button>
        </div>
      </form>
    </dialog>
  );
}
