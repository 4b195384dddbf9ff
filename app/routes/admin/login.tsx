import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, LockKeyhole, PawPrint } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { type LoginActionData, LoginForm } from "#app/components/admin/login-form.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { AUTH_TEXT, loginSchema } from "#domain/auth.ts";
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

// The form posted before the page's scripts ran: the same sign-in as POST /api/admin/login.
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return data<LoginActionData>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await context.signIn(submission.value);
  if (outcome.outcome === "throttled") {
    return data<LoginActionData>(
      { result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }) },
      { status: 429 },
    );
  }
  if (outcome.outcome === "invalid") {
    return data<LoginActionData>(
      { result: submission.reply({ formErrors: [AUTH_TEXT.loginFailedDescription], hideFields: ["password"] }) },
      { status: 401 },
    );
  }
  throw redirect("/admin/dashboard");
}

/** /admin/login: the spec's password screen, outside the admin shell. */
export default function AdminLogin({ actionData }: Route.ComponentProps) {
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
        <LoginForm labelledBy="admin-login-heading" actionData={actionData} />
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
