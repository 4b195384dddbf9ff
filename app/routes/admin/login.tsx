import { ArrowLeft, LockKeyhole, PawPrint } from "lucide-react";
import { Link, redirect } from "react-router";
import { LoginForm } from "../../components/admin/login-form";
import { pageTitle } from "../../lib/page-title";
import type { Route } from "./+types/login";

// Never cached: the page's answer depends on the session cookie (form or redirect).
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export const meta = () => [{ title: pageTitle("Admin Login") }, { name: "robots", content: "noindex" }];

// Someone already signed in has nothing to do here.
export function loader({ context }: Route.LoaderArgs) {
  if (context.session) throw redirect("/admin/dashboard");
  return null;
}

/** /admin/login: the spec's password screen, outside the admin shell. */
export default function AdminLogin() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-stone-50 px-4 py-12">
      <p className="mb-6 flex items-center gap-2 text-xl font-extrabold text-ink">
        <PawPrint className="size-7 text-primary" aria-hidden="true" />
        <span>
          Pawsome <span className="text-primary">Picks</span>
        </span>
      </p>
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            <LockKeyhole className="size-6" aria-hidden="true" />
          </span>
          <h1 id="admin-login-heading" className="mt-4 text-2xl font-extrabold tracking-tight">
            Admin Login
          </h1>
          <p className="mt-2 text-muted">Enter your admin password to access the dashboard</p>
        </div>
        <LoginForm labelledBy="admin-login-heading" />
        <p className="mt-6 text-center">
          <Link
            to="/"
            className="inline-flex items-center gap-1 font-semibold text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Return to Home
          </Link>
        </p>
      </div>
    </main>
  );
}
