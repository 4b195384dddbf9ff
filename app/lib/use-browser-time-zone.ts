import { useHydrated } from "./use-hydrated";

// Apart from use-hydrated.ts, which every storefront page loads: only admin screens ask for the zone.

/** The browser's time zone, once the page runs there (the server renders before it can know). */
export function useBrowserTimeZone(): string | undefined {
  const hydrated = useHydrated();
  return hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
}
