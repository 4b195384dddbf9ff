import XNode from "lucide/dist/esm/icons/x.mjs";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { icon } from "./icon";

const X = icon("x", XNode);

/**
 * A modal sheet at the bottom of the screen, on the native <dialog>: the browser traps
 * focus, makes the page behind inert, closes on Escape and returns focus to the opener.
 * `footer` (the sheet's main action) stays at the bottom of the sheet while its content
 * scrolls, so on a short phone screen the action is in view without scrolling. Its content is
 * in the page from the start, so a button with `commandfor={id}` opens it before the scripts run.
 */
export function BottomSheet({
  id,
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
}: {
  id?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Opened by its button before the scripts ran: the page adopts that, it does not undo it.
  const adopted = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!adopted.current) {
      adopted.current = true;
      if (dialog.open && !open) {
        onOpenChange(true);
        return;
      }
    }
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open, onOpenChange]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a pointer shortcut; keyboards close with Escape (native) or the Close button
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => onOpenChange(false)}
      // a click on the backdrop lands on the <dialog> itself
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      // dvh: the height a phone really shows, without the part under its address bar. The scroll
      // padding keeps a focused field from hiding behind the footer.
      className={`mx-0 mt-auto mb-0 max-h-[85dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-0 shadow-xl backdrop:bg-black/40 ${
        footer ? "scroll-pb-28" : ""
      }`}
    >
      <div className="p-6">
        <div className="mb-4 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onOpenChange(false)}
            className="rounded-md p-2 hover:bg-stone-100"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="sr-only">
            {description}
          </p>
        ) : null}
        {children}
      </div>
      {footer ? (
        <div className="sticky bottom-0 border-t border-stone-200 bg-white px-6 py-4" data-testid="sheet-footer">
          {footer}
        </div>
      ) : null}
    </dialog>
  );
}
