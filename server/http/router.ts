import { Router } from "express";

/**
 * Every router of the app. Case-sensitive, so a path has exactly one spelling that reaches a
 * handler, the spelling the access rules read (decision 019); Express's default would let
 * /api/Admin/... reach the handler of /api/admin/....
 */
export function createRouter() {
  return Router({ caseSensitive: true });
}
