import { describe, expect, it } from "vitest";
import { createToastStore, MIN_VISIBLE_MS, TOAST_LIMIT } from "./toast";

function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    setTimeout(fn: () => void, ms: number) {
      timers.push({ at: now + ms, fn });
    },
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.fn();
    },
  };
}

describe("toast store", () => {
  it("shows one toast at a time", () => {
    expect(TOAST_LIMIT).toBe(1);
    const clock = fakeClock();
    const store = createToastStore(clock);
    store.show({ title: "First" });
    store.show({ title: "Second", variant: "destructive" });
    expect(store.getSnapshot()).toEqual([{ id: 1, title: "First", open: true }]);
  });

  it("lets a waiting toast through after the visible one had its minimum time", () => {
    const clock = fakeClock();
    const store = createToastStore(clock);
    store.show({ title: "Message received" });
    clock.advance(500);
    store.show({ title: "Note", description: "details" });
    clock.advance(MIN_VISIBLE_MS - 500);
    expect(store.getSnapshot()[0]).toMatchObject({ title: "Message received", open: false });
    clock.advance(250);
    expect(store.getSnapshot()).toEqual([{ id: 2, title: "Note", description: "details", open: true }]);
  });

  it("closes, then removes a toast, and tells subscribers", () => {
    const clock = fakeClock();
    const store = createToastStore(clock);
    let notified = 0;
    const unsubscribe = store.subscribe(() => {
      notified++;
    });
    const id = store.show({ title: "Saved" });
    store.dismiss(id);
    expect(store.getSnapshot()[0]?.open).toBe(false);
    clock.advance(250);
    expect(store.getSnapshot()).toEqual([]);
    expect(notified).toBe(3);
    unsubscribe();
    store.show({ title: "Unheard" });
    expect(notified).toBe(3);
  });

  it("dismisses a toast that is still waiting: it is never shown", () => {
    const clock = fakeClock();
    const store = createToastStore(clock);
    store.show({ title: "First" });
    const waiting = store.show({ title: "Please select a breed", variant: "destructive" });
    store.dismiss(waiting);
    clock.advance(MIN_VISIBLE_MS + 1_000);
    expect(store.getSnapshot().map((toast) => toast.title)).not.toContain("Please select a breed");
  });
});
