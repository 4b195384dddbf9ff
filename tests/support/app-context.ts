import { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "#app/lib/app-context.server.ts";

/**
 * A page loader's or action's `context` as server/ssr.ts gives it, holding only the AppContext
 * fields a test's loader reads.
 */
export function appContextWith(values: Partial<AppContext>): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, values as AppContext);
  return context;
}
