import { Router } from "express";
import { recordRoutes } from "./route-table";

/**
 * Every router of the app. Case-sensitive, so a path has exactly one spelling that reaches a
 * handler, the spelling the access rules read (decision 019); Express's default would let
 * /api/Admin/... reach the handler of /api/admin/.... Its routes are recorded as they are
 * registered, for the method rules and the tests that call every route (route-table.ts).
 */
export function createRouter() {
  return recordRoutes(Router({ caseSensitive: true }));
}
