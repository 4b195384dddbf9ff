import { FilePlus, PackagePlus } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { pageTitle } from "../../lib/page-title";
import type { loader as adminLoader } from "./layout";

export const meta = () => [{ title: pageTitle("Admin Dashboard") }, { name: "robots", content: "noindex" }];

const QUICK_ACTIONS = [
  { to: "/admin/posts/new", label: "Create New Post", icon: FilePlus },
  { to: "/admin/products/new", label: "Add New Product", icon: PackagePlus },
] as const;

/** The admin home (/admin and /admin/dashboard): who is signed in and the quick actions. */
export default function AdminDashboard() {
  // The admin layout's guard has already resolved the signed-in user.
  const username = useRouteLoaderData<typeof adminLoader>("routes/admin/layout")?.username;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight">Admin Dashboard</h1>
      {username ? (
        <p className="mt-2 text-muted">
          Signed in as <strong className="font-bold text-ink">{username}</strong>
        </p>
      ) : null}

      <section
        aria-labelledby="quick-actions-heading"
        className="mt-8 max-w-xl rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="quick-actions-heading" className="text-xl font-extrabold tracking-tight">
          Quick Actions
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {QUICK_ACTIONS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className={buttonClass("primary", "md", "w-full")}>
                <Icon className="size-5" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
