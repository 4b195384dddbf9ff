import { parseWithZod } from "@conform-to/zod/v4";
import LockKeyholeNode from "lucide/dist/esm/icons/lock-keyhole.mjs";
import { data, redirect } from "react-router";
import { icon } from "#app/components/ui/icon.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { loginSchema } from "#domain/auth.ts";
import { AUTH_TEXT } from "#domain/auth-text.ts";
import type { Route } from "./+types/login";
import { AuthCard } from "./auth-card.tsx";
import { type LoginActionData, LoginForm } from "./login-form.tsx";

const LockKeyhole = icon("lock-keyhole", LockKeyholeNode);

// Never cached: the page's answer depends on the session cookie (form or redirect).
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export const meta = () => [{ title: pageTitle("Admin Login") }, { name: "robots", content: "noindex" }];

// Someone already signed in has nothing to do here. A sign-in link is offered (once sign-in is
// throttled) only where one can be e-mailed.
export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  if (app.session) throw redirect("/admin/dashboard");
  return { signInLinks: app.services.outbox.configured };
}

// The form posted before the page's scripts ran: the same sign-in as POST /api/admin/login.
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return data<LoginActionData>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const outcome = await app.signIn(submission.value);
  if (outcome.outcome === "throttled") {
    return data<LoginActionData>(
      { result: submission.reply({ formErrors: [outcome.message], hideFields: ["password"] }), throttled: true },
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
export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      icon={<LockKeyhole className="size-6" aria-hidden="true" />}
      headingId="admin-login-heading"
      title="Admin Login"
      intro="Enter your admin password to access the dashboard"
    >
      <LoginForm labelledBy="admin-login-heading" actionData={actionData} offerSignInLink={loaderData.signInLinks} />
    </AuthCard>
  );
}
