import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "#app/root.tsx";

/** The address visitors are told to write to: the site's configured contact inbox (CONTACT_TO). */
export function useContactEmail(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.contactEmail ?? "";
}
