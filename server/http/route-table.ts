import { match } from "path-to-regexp";

// The routes the app registered, recorded as they are registered through Express's public
// methods (get, post, ..., use), so nothing reads Express's private router layers (issue 29,
// decision 068). The method rules (405 with Allow) use the table at run time and the tests use it
// to call every route, so neither can fall behind a route added later: every router is made by
// createRouter (router.ts), which records, and the app is recorded from its creation (app.ts).

export interface RouteEntry {
  /** upper case: GET, POST, ... */
  method: string;
  /** the full pattern, e.g. /api/toys/:id */
  path: string;
  /** the handlers of the route, in order (the access test checks the admin guard is among them) */
  handlers: readonly unknown[];
}

type Registration =
  | { route: true; method: string; paths: string[]; handlers: unknown[] }
  | { route: false; paths: string[]; handlers: unknown[] };

const recorded = new WeakMap<object, Registration[]>();

/**
 * The registration methods that take a path and handlers and add a route for one method. (Routes
 * made with `all()` or `route()` would not be seen; route-table.test.ts checks none is.)
 */
const ROUTE_METHODS = ["get", "post", "put", "patch", "delete", "head", "options"] as const;

type Registrar = (...args: unknown[]) => unknown;

function pathsOf(value: unknown, what: string): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((path) => typeof path === "string")) return value;
  throw new Error(`${what}: register routes with a path string (or a list of them), so the route table can name them`);
}

/**
 * Records, from now on, every route registered on an Express app or router and every router
 * mounted in it with `use`; returns the same object. Routes registered before the call are not
 * seen, so an app is recorded where it is created.
 */
export function recordRoutes<T extends object>(target: T): T {
  const registrations: Registration[] = [];
  recorded.set(target, registrations);
  const methods = target as unknown as Record<string, Registrar>;
  for (const method of ROUTE_METHODS) {
    const register = methods[method]?.bind(target);
    if (!register) continue;
    methods[method] = (...args: unknown[]) => {
      // app.get("trust proxy") with one argument reads a setting; it registers nothing
      if (args.length > 1) {
        const paths = pathsOf(args[0], `${method.toUpperCase()} route`);
        registrations.push({
          route: true,
          method: method.toUpperCase(),
          paths,
          handlers: args.slice(1).flat(Infinity),
        });
      }
      return register(...args);
    };
  }
  const use = methods.use?.bind(target);
  if (use) {
    methods.use = (...args: unknown[]) => {
      const mounted = typeof args[0] === "function";
      const paths = mounted ? ["/"] : pathsOf(args[0], "a mount");
      registrations.push({ route: false, paths, handlers: (mounted ? args : args.slice(1)).flat(Infinity) });
      return use(...args);
    };
  }
  return target;
}

/** Every method + full path of a recorded app or router and of the recorded routers mounted in it. */
export function routeTable(router: object, prefix = ""): RouteEntry[] {
  const registrations = recorded.get(router);
  if (!registrations) throw new Error("this router's routes were not recorded: make it with createRouter()");
  return registrations.flatMap((registration) =>
    registration.paths.flatMap((path) => {
      if (registration.route) {
        return [{ method: registration.method, path: `${prefix}${path}`, handlers: registration.handlers }];
      }
      // a mounted router's routes, under the mount's path; other middleware (static files, a
      // connect app such as Vite's in development) registers no routes
      const at = path === "/" ? prefix : `${prefix}${path}`;
      return registration.handlers.flatMap((handler) =>
        handler && recorded.has(handler) ? routeTable(handler, at) : [],
      );
    }),
  );
}

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

/** Answers "which methods does this path have?" for a route table, as routing reads paths (case-sensitive). */
export function methodsByPath(routes: RouteEntry[]): (path: string) => string[] | null {
  const matchers = new Map<string, { test: (path: string) => boolean; methods: Set<string> }>();
  for (const { method, path } of routes) {
    let entry = matchers.get(path);
    if (!entry) {
      const test = match(path, { decode: false, sensitive: true, end: true, trailing: true });
      entry = { test: (p) => test(p) !== false, methods: new Set() };
      matchers.set(path, entry);
    }
    entry.methods.add(method);
    if (method === "GET") entry.methods.add("HEAD");
  }
  const all = [...matchers.values()];
  return (path) => {
    const methods = new Set<string>();
    for (const entry of all) if (entry.test(path)) for (const m of entry.methods) methods.add(m);
    if (methods.size === 0) return null;
    return METHOD_ORDER.filter((m) => methods.has(m));
  };
}
