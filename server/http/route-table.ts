import { match } from "path-to-regexp";

// The routes an Express router really registered, found by walking its layers. The method rules
// (405 with Allow) use it at run time and the tests use it to call every route, so neither can
// fall behind a route added later.

export interface RouteEntry {
  /** upper case: GET, POST, ... */
  method: string;
  /** the full pattern, e.g. /api/toys/:id */
  path: string;
  /** the handlers of the route, in order (the access test checks the admin guard is among them) */
  handlers: readonly unknown[];
}

interface RouterLayer {
  rawPath?: string | string[];
  /** an Express route; a string in a connect app's stack (Vite's middleware in development) */
  route?: string | { path: string | string[]; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle: { stack?: RouterLayer[] };
}

/** Every method + full path of a router and the routers mounted in it. */
export function routeTable(router: unknown, prefix = ""): RouteEntry[] {
  const out: RouteEntry[] = [];
  const walk = (stack: RouterLayer[], at: string) => {
    for (const layer of stack) {
      // a connect app (Vite's, mounted before the pages in development) registers no routes
      if (typeof layer.route === "string") continue;
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        const handlers = layer.route.stack.map((l) => l.handle);
        for (const path of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== "_all") out.push({ method: method.toUpperCase(), path: `${at}${path}`, handlers });
          }
        }
      } else if (layer.handle.stack) {
        const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
        walk(layer.handle.stack, `${at}${mount}`);
      }
    }
  };
  walk((router as { stack: RouterLayer[] }).stack, prefix);
  return out;
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
