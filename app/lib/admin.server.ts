import { redirect } from "react-router";

/**
 * The signed-in admin of this request, or a redirect to the login page. Every admin loader and
 * action calls it: React Router runs child loaders alongside the layout's guard (and actions
 * before it), so the layout alone does not keep admin data from anonymous requests.
 */
export function requireAdmin<S extends { user: { username: string } }>(context: { session: S | null }): S {
  if (!context.session) throw redirect("/admin/login");
  return context.session;
}
