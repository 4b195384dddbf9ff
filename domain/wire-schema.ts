import { z } from "zod";

// Browser pages import constants and helpers from the modules that also declare the schemas, and
// the pages' JavaScript budget has no room for Zod (decisions 022, 069): every module-level
// schema of domain/ is declared through wireSchema, so a page that uses none of them gets no Zod.

let configured = false;

/**
 * Declares a schema at module level (an API answer's shape, a query's, a form's). Calls are
 * marked free of side effects, so the production bundler drops a schema no browser code uses,
 * and Zod with it; domain/browser-weight.test.ts checks that it does.
 */
/* @__NO_SIDE_EFFECTS__ */
export function wireSchema<T>(make: () => T): T {
  // Zod compiles object parsers with `new Function` when it may, and finds out by trying it. In
  // the browser our Content-Security-Policy forbids that (no 'unsafe-eval'), so the probe would
  // be logged as a CSP violation on every page with a form; the interpreted parser is fast
  // enough. Set here, before the first schema exists, rather than by a module imported for its
  // side effect: such an import kept all of Zod on pages that only read a constant (decision 069).
  if (!configured && typeof window !== "undefined") z.config({ jitless: true });
  configured = true;
  return make();
}
