// Browser pages import constants and helpers from the modules that also declare the API's
// wire schemas, and the storefront's JavaScript budget has no room for Zod (decision 022).

/**
 * Declares a schema at module level (an API answer's shape, or a query's). Calls are marked
 * free of side effects, so the production bundler drops a schema no browser code uses, and
 * Zod with it; domain/browser-weight.test.ts checks that it does.
 */
/* @__NO_SIDE_EFFECTS__ */
export function wireSchema<T>(make: () => T): T {
  return make();
}
