import { useEffect, useId, useRef } from "react";
import { buttonClass } from "#app/components/ui/button.ts";

/**
 * A modal statement with one button (why something cannot be done), on the native <dialog> like
 * ConfirmDialog: focus goes to the button and back to the opener, Escape closes it.
 */
export function NoticeDialog({
  open,
  title,
  description,
  onClose,
  closeLabel = "OK",
}: {
  open: boolean;
  title: string;
  description: string;
  onClose: () => void;
  closeLabel?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const latest = useRef(onClose);
  latest.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      buttonRef.current?.focus();
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
        latest.current();
      }}
      onClose={() => {
        if (open) latest.current();
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
        <div className="mt-6 flex justify-end">
          <button ref={buttonRef} type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
            {closeLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
