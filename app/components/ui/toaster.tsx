import XNode from "lucide/dist/esm/icons/x.mjs";
import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { TOAST_DURATION_MS, type ToastItem, useToasts } from "#app/lib/toast.ts";
import { icon } from "./icon";

const X = icon("x", XNode);

// The notification area with the spec's toast constants (the ones Radix Toast uses):
// 5000 ms on screen, swipe right past 50 px to dismiss, F8 moves focus to the area.
// Owned rather than Radix: it is on every page and this is a tenth of the JavaScript.
export const SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";

/** The control the visitor last pressed (pointer or keyboard): a toast must not cover it. */
function pressedControl(): Element | null {
  const active = document.activeElement;
  return active && active !== document.body ? active : lastPressed;
}
let lastPressed: Element | null = null;

/** True when two rectangles overlap. */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

export function Toaster() {
  const { toasts, dismiss } = useToasts();
  const listRef = useRef<HTMLOListElement>(null);
  const current = toasts.find((t) => t.open);
  // Bottom right by default; at the top while a toast would sit over the control just pressed
  // (a failed save's toast over Save/Cancel, kept there while the pointer rests on it).
  const [atTop, setAtTop] = useState(false);

  useEffect(() => {
    const remember = (event: Event) => {
      lastPressed =
        (event.target as Element | null)?.closest("button, a, input, select, textarea, [role=button]") ?? null;
    };
    document.addEventListener("pointerdown", remember, true);
    return () => document.removeEventListener("pointerdown", remember, true);
  }, []);

  const currentId = current?.id;
  useLayoutEffect(() => {
    const list = listRef.current;
    if (currentId === undefined || !list) return;
    const control = pressedControl();
    if (!control) return;
    const target = control.getBoundingClientRect();
    // where the toasts are at the bottom: the list's width, its items' height, from the bottom
    const items = list.getBoundingClientRect();
    const height = [...list.children].reduce((sum, child) => sum + child.getBoundingClientRect().height, 0) + 32;
    const bottomArea = new DOMRect(items.left, window.innerHeight - height, items.width, height);
    setAtTop(overlaps(bottomArea, target));
  }, [currentId]);

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
        data-placement={atTop ? "top" : "bottom"}
        className={`fixed right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px] ${
          atTop ? "top-0" : "bottom-0"
        }`}
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
