import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during the server render and hydration, true once React runs in the browser.
 * Controls that need JavaScript stay disabled until then, so an early click or choice is
 * not silently lost (and browser tests wait for them naturally).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
