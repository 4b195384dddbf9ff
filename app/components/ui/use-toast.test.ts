import { describe, expect, it } from "vitest";
import { createToastStore, TOAST_LIMIT } from "./use-toast";

describe("toast store", () => {
  it("shows at most one toast: a new one replaces the one on screen", () => {
    expect(TOAST_LIMIT).toBe(1);
    const store = createToastStore();
    store.show({ title: "First" });
    store.show({ title: "Second", description: "newer", variant: "destructive" });
    expect(store.getSnapshot()).toEqual([
      { id: 2, title: "Second", description: "newer", variant: "destructive", open: true },
    ]);
  });

  it("closes, then removes a toast, and tells subscribers each time", () => {
    const store = createToastStore();
    let notified = 0;
    const unsubscribe = store.subscribe(() => {
      notified++;
    });
    const id = store.show({ title: "Saved" });
    store.dismiss(id);
    expect(store.getSnapshot()[0]?.open).toBe(false);
    store.remove(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(notified).toBe(3);
    unsubscribe();
    store.show({ title: "Unheard" });
    expect(notified).toBe(3);
  });
});
