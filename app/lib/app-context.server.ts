import { createContext } from "react-router";

/**
 * What the server gives the page loaders and actions of one request: the services, the site's
 * settings and who is asking. Empty here because app/ never names server types (docs/architecture.md):
 * server/ssr.ts declares the fields it fills in.
 */
// biome-ignore lint/suspicious/noEmptyInterface: server/ssr.ts declares the fields
export interface AppContext {}

/**
 * The request's AppContext, read in a loader or action with `context.get(appContext)`. The server
 * sets it under this very object, which it takes from the build (entry.server.tsx exports it):
 * the server's own copy of this module would be another key.
 */
export const appContext = createContext<AppContext>();
