import { useSyncExternalStore } from "react";

// A tiny toast store. The spec shows at most one toast at a time; a toast raised while
// another is on screen waits its turn, and the one on screen then steps aside after
// MIN_VISIBLE_MS so both get read (e.g. 'Message received' followed by 'Note').
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const MIN_VISIBLE_MS = 3000;
const CLOSE_ANIMATION_MS = 200;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

type Listener = () => void;

interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
}

const realClock: Clock = { now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms) };

/** Holds the visible toast and the queue; pure state plus timers, testable without a DOM. */
export function createToastStore(clock: Clock = realClock) {
  let visible: ToastItem[] = [];
  let shownAt = 0;
  const queue: ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  function showNext() {
    const next = queue.shift();
    if (!next) return;
    visible = [next];
    shownAt = clock.now();
    emit();
    if (queue.length > 0) stepAsideLater(next.id);
  }

  function stepAsideLater(id: number) {
    const wait = Math.max(0, MIN_VISIBLE_MS - (clock.now() - shownAt));
    clock.setTimeout(() => store.dismiss(id), wait);
  }

  const store = {
    show(input: ToastInput): number {
      const item: ToastItem = { ...input, id: nextId++, open: true };
      queue.push(item);
      const current = visible[0];
      if (!current) showNext();
      else if (current.open) stepAsideLater(current.id);
      return item.id;
    },
    /** starts closing a toast (Radix animates it out), then removes it and shows the next */
    dismiss(id: number) {
      // one still waiting its turn is simply never shown
      const waiting = queue.findIndex((item) => item.id === id);
      if (waiting >= 0) queue.splice(waiting, 1);
      const current = visible[0];
      if (!current || current.id !== id || !current.open) return;
      visible = [{ ...current, open: false }];
      emit();
      clock.setTimeout(() => store.remove(id), CLOSE_ANIMATION_MS);
    },
    remove(id: number) {
      if (visible[0]?.id !== id) return;
      visible = [];
      emit();
      showNext();
    },
    getSnapshot: () => visible,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return store;
}

const store = createToastStore();
const serverSnapshot: ToastItem[] = [];

/** Shows a toast from anywhere in the browser code. */
export function toast(input: ToastInput): number {
  return store.show(input);
}

/** Closes a toast raised earlier (it steps aside for the next, as when its time is up). */
export function dismissToast(id: number): void {
  store.dismiss(id);
}

export function useToasts() {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, () => serverSnapshot);
  return { toasts, dismiss: store.dismiss };
}
