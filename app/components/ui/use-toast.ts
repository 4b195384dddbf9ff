import { useSyncExternalStore } from "react";

// A tiny toast store. The spec shows at most one toast at a time, so a new toast
// replaces the one on screen.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

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

/** Holds the visible toasts; pure state, so it can be unit tested without a DOM. */
export function createToastStore(limit = TOAST_LIMIT) {
  let toasts: ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    show(input: ToastInput): number {
      const id = nextId++;
      toasts = [{ ...input, id, open: true }, ...toasts].slice(0, limit);
      emit();
      return id;
    },
    dismiss(id: number) {
      toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
      emit();
    },
    remove(id: number) {
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
    getSnapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const store = createToastStore();
const serverSnapshot: ToastItem[] = [];

/** Shows a toast from anywhere in the browser code. */
export function toast(input: ToastInput): number {
  return store.show(input);
}

export function useToasts() {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, () => serverSnapshot);
  return { toasts, dismiss: store.dismiss, remove: store.remove };
}
