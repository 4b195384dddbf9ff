import { X } from "lucide-react";
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { TOAST_DURATION_MS, type ToastItem, useToasts } from "./use-toast";

// The notification area with the spec's toast constants (the ones Radix Toast uses):
// 5000 ms on screen, swipe right past 50 px to dismiss, F8 moves focus to the area.
// Owned rather than Radix: it is on every page and this is a tenth of the JavaScript.
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";

export function Toaster() {
  const { toasts, dismiss } = useToasts();
  const listRef = useRef<HTMLOListElement>(null);
  const current = toasts.find((t) => t.open);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) listRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <section aria-label={`Notifications (${TOAST_HOTKEY})`} tabIndex={-1} className="pointer-events-none">
      <ol
        ref={listRef}
        tabIndex={-1}
        // a live list: screen readers read each toast as it is added
        aria-live={current?.variant === "destructive" ? "assertive" : "polite"}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      >
        {toasts.map((t) => (
          <Toast key={t.id} toast={t} dismiss={dismiss} />
        ))}
      </ol>
    </section>
  );
}

function Toast({ toast, dismiss }: { toast: ToastItem; dismiss: (id: number) => void }) {
  const onDismiss = useCallback(() => dismiss(toast.id), [dismiss, toast.id]);
  const [paused, setPaused] = useState(false);
  const [dragX, setDragX] = useState(0);
  const dragStart = useRef<number | null>(null);

  // Auto-dismiss, paused while the pointer or keyboard focus is on the toast.
  useEffect(() => {
    if (!toast.open || paused) return;
    const timer = setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.open, paused, onDismiss]);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest("button")) return;
    dragStart.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (dragStart.current !== null) setDragX(Math.max(0, event.clientX - dragStart.current));
  };
  const onPointerUp = () => {
    if (dragStart.current === null) return;
    dragStart.current = null;
    if (dragX > SWIPE_THRESHOLD_PX) onDismiss();
    else setDragX(0);
  };

  const destructive = toast.variant === "destructive";
  return (
    <li
      data-state={toast.open ? "open" : "closed"}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape") onDismiss();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={dragX ? { transform: `translateX(${dragX}px)`, transition: "none" } : undefined}
      className={`pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg transition duration-200 data-[state=closed]:translate-x-full data-[state=closed]:opacity-0 ${
        destructive ? "border-red-700 bg-red-700 text-white" : "border-stone-200 bg-white text-ink"
      }`}
    >
      <div className="grid gap-1">
        <div className="text-sm font-semibold">{toast.title}</div>
        {toast.description ? <div className="text-sm opacity-90">{toast.description}</div> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Close notification"
        className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}
