import { redirect } from "react-router";

/**
 * The signed-in admin of this request, or a redirect to the login page. The admin layout's
 * middleware calls it before any admin loader or action runs; loaders and actions call it too, for
 * the session they act as (typed, never null), and so a route moved out of the layout stays closed.
 */
export function requireAdmin<S extends { user: { username: string } }>(context: { session: S | null }): S {
  if (!context.session) throw redirect("/admin/login");
  return context.session;
}
