import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { serverBuildFile } from "./paths";
import type { Session } from "./services/auth.service";
import type { Services } from "./services/create-services";

declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    /** public origin, e.g. https://pawsomepicks.com */
    siteUrl: string;
    /** the signed-in admin of this request (from the session cookie), or null */
    session: Session | null;
    /** this response's Content-Security-Policy nonce, for the inline scripts React Router writes */
    cspNonce: string;
  }
}

/**
 * The page handler: in production the built React Router server bundle; in development
 * Vite's middleware plus a build loaded through Vite, so edits hot-reload.
 */
export async function createPageHandlers(
  mode: "production" | "development" | "test",
  services: Services,
  siteUrl: string,
) {
  const getLoadContext = (_req: unknown, res: { locals: Record<string, unknown> }) => ({
    services,
    siteUrl,
    session: (res.locals.session as Session | null | undefined) ?? null,
    cspNonce: String(res.locals.cspNonce ?? ""),
  });
  if (mode === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    const handlers: RequestHandler[] = [
      devServer.middlewares,
      createRequestHandler({
        build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
        getLoadContext,
      }),
    ];
    return { handlers, close: () => devServer.close() };
  }
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  return { handlers: [createRequestHandler({ build, getLoadContext })], close: async () => {} };
}
