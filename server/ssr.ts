import { pathToFileURL } from "node:url";
import type { Request, RequestHandler, Response } from "express";
import { createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContext, appContext } from "#app/lib/app-context.server.ts";
import type { LoginInput, PasswordChangeInput } from "#domain/auth.ts";
import { clientKey } from "./http/client-address";
import { cachedPages, type PageHandler } from "./http/page-cache";
import { reactRouterPages } from "./http/page-requests";
import { type PageMethods, pageMethods, readPageForm } from "./http/page-submissions";
import { queuedRenders } from "./http/render-queue";
import { sessionCookieName } from "./http/session-cookie";
import {
  changePassword,
  type LinkSignInOutcome,
  type PasswordChangeOutcome,
  requestSignInLink,
  type SignInOutcome,
  signIn,
  signInWithLink,
} from "./http/sign-in";
import type { Logger } from "./logger";
import { serverBuildFile } from "./paths";
import type { Session } from "./services/auth.service";
import type { Services } from "./services/create-services";

// What every page loader and action reads with `context.get(appContext)`: app/ declares the
// context and never names server types, so the fields are declared here, where they are filled in.
declare module "#app/lib/app-context.server.ts" {
  interface AppContext {
    services: Services;
    /** public origin, e.g. https://pawsomepicks.com */
    siteUrl: string;
    /** the address visitors are told to write to (CONTACT_TO, else the MAIL_FROM address) */
    contactEmail: string;
    /** the signed-in admin of this request (from the session cookie), or null */
    session: Session | null;
    /** this response's Content-Security-Policy nonce, for the inline scripts React Router writes */
    cspNonce: string;
    /** the server's log: errors logged as `{ err }` lose their query parameters (logger.ts) */
    logger: Logger;
    /** who is asking, for per-client limits of form actions: IPv4 address or IPv6 /64 */
    client: string;
    /** the login page's form action: checks the password and, on success, sets the cookies */
    signIn: (input: LoginInput) => Promise<SignInOutcome>;
    /** asks for a sign-in link e-mailed to the owner; says nothing back, whatever happened */
    requestSignInLink: () => Promise<void>;
    /** uses an e-mailed sign-in link's token and, on success, sets the cookies */
    signInWithLink: (token: string) => Promise<LinkSignInOutcome>;
    /** "Change password": on success, this browser's session cookie is replaced by a new one */
    changePassword: (session: Session, input: PasswordChangeInput) => Promise<PasswordChangeOutcome>;
  }
}

/** The page handlers, the methods each page address has (method-rules.ts), and how to stop them. */
export interface PageHandlers {
  handlers: RequestHandler[];
  methods: PageMethods;
  close(): Promise<void>;
}

/** page renders at once, and waiting at most (render-queue.ts, decision 044) */
const RENDERS = { concurrency: 4, maxWaiting: 256 };

/**
 * The page handler: in production the built React Router server bundle; in development
 * Vite's middleware plus a build loaded through Vite, so edits hot-reload. A submission's form
 * is read and checked before React Router sees it (page-submissions.ts). React Router's handler
 * renders behind the page cache and the render queue (decision 067).
 */
export async function createPageHandlers(
  mode: "production" | "development" | "test",
  services: Services,
  siteUrl: string,
  logger: Logger,
  contactEmail: string,
): Promise<PageHandlers> {
  const secureCookies = mode === "production";
  /** each request's context, settled once its answer has gone out (the render queue's slot) */
  const answers = new WeakMap<AppContext, Promise<void>>();
  const valuesFor = (req: Request, res: Response): AppContext => {
    const values = contextValues(req, res);
    answers.set(values, new Promise((resolve) => res.once("close", resolve)));
    return values;
  };
  const contextValues = (req: Request, res: Response): AppContext => ({
    services,
    siteUrl,
    contactEmail,
    logger,
    client: clientKey(req.ip),
    signIn: (input: LoginInput) => signIn(services.auth, req, res, secureCookies, input),
    requestSignInLink: () => requestSignInLink(services.auth, req, res),
    signInWithLink: (token: string) => signInWithLink(services.auth, req, res, secureCookies, token),
    changePassword: (session: Session, input: PasswordChangeInput) =>
      changePassword(services.auth, res, secureCookies, session, input),
    session: (res.locals.session as Session | null | undefined) ?? null,
    cspNonce: String(res.locals.cspNonce ?? ""),
  });
  /** React Router's handler for a build: each request's AppContext set under the build's own key. */
  const renderers = new WeakMap<ServerBuild, PageHandler<AppContext>>();
  const renderWith = (build: ServerBuild): PageHandler<AppContext> => {
    let render = renderers.get(build);
    if (!render) {
      const handle = createRequestHandler(build, mode);
      const key = appContextOf(build);
      render = (request, values) => {
        const context = new RouterContextProvider();
        context.set(key, values);
        return handle(request, context);
      };
      renderers.set(build, render);
    }
    return render;
  };
  /** Pages as Express middleware: React Router's handler behind the render queue and the page cache. */
  const pages = (render: PageHandler<AppContext>) =>
    reactRouterPages({
      handle: cachedPages(
        queuedRenders(render, RENDERS, (values) => answers.get(values) ?? Promise.resolve()),
        {
          readCache: services.readCache,
          ttlMs: services.readCacheTtlMs,
          sessionCookie: sessionCookieName(secureCookies),
          nonceOf: (values: AppContext) => values.cspNonce,
          isPrivate: (values) => values.session !== null,
        },
      ),
      getLoadContext: valuesFor,
    });
  if (mode === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    const load = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    // the methods follow the build each page request loads, so a route given an action is seen
    let latest = await load();
    const methodsOf = new WeakMap<ServerBuild, PageMethods>();
    const build = async () => {
      latest = await load();
      return latest;
    };
    const methods: PageMethods = (pathname, search) => {
      let of = methodsOf.get(latest);
      if (!of) {
        of = pageMethods(latest);
        methodsOf.set(latest, of);
      }
      return of(pathname, search);
    };
    // each request renders with the build Vite has now, so an edit shows on the next reload
    const handlers: RequestHandler[] = [
      devServer.middlewares,
      ...readPageForm(),
      pages(async (request, values) => renderWith(await build())(request, values)),
    ];
    return { handlers, methods, close: () => devServer.close() };
  }
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  return {
    handlers: [...readPageForm(), pages(renderWith(build))],
    methods: pageMethods(build),
    close: async () => {},
  };
}

/**
 * The key loaders read their AppContext by: the object app/entry.server.tsx exports from the build.
 * The server's own import of app/lib/app-context.server.ts would be another object (the build is a
 * bundle of its own), and a context is found by the very object it was set under.
 */
function appContextOf(build: ServerBuild): typeof appContext {
  const key = (build.entry.module as { appContext?: RouterContext }).appContext;
  if (!key) throw new Error("the server build does not export appContext (app/entry.server.tsx)");
  return key as typeof appContext;
}
