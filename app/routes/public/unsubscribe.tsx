import { data, Form, Link, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { useContactEmail } from "#app/lib/use-contact-email.ts";
import type { Route } from "./+types/unsubscribe";

// The newsletter's unsubscribe link (List-Unsubscribe). GET only asks: mail scanners open
// links, and that must not unsubscribe anyone. POST unsubscribes; it is also the RFC 8058
// one-click request mail providers send, with the token in the query string.

type PageState =
  | { state: "confirm"; email: string; token: string }
  | { state: "already"; email: string }
  | { state: "done"; email: string }
  | { state: "invalid" };

function tokenFrom(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const token = tokenFrom(request);
  const subscriber = await app.services.newsletter.findByToken(token);
  if (!subscriber) return data<PageState>({ state: "invalid" }, { status: 400 });
  if (subscriber.status === "unsubscribed") return data<PageState>({ state: "already", email: subscriber.email });
  return data<PageState>({ state: "confirm", email: subscriber.email, token });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData().catch(() => null);
  const fromForm = form?.get("token");
  const token = tokenFrom(request) || (typeof fromForm === "string" ? fromForm : "");
  // the consent history says how it came: a mail program's one-click request, or this page's button
  const source = form?.get("List-Unsubscribe") === "One-Click" ? "one-click" : "unsubscribe-link";
  const subscriber = await app.services.newsletter.unsubscribe(token, source);
  if (!subscriber) return data<PageState>({ state: "invalid" }, { status: 400 });
  return data<PageState>({ state: "done", email: subscriber.email });
}

// Personal (the address) and single-use: never cached, never indexed, token never leaked as a referrer.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
}

export const meta = () => [
  { title: pageTitle("Unsubscribe") },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const contactEmail = useContactEmail();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      {page.state === "confirm" && (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight">Unsubscribe from our newsletter?</h1>
          <p className="mt-4 text-lg text-muted">
            <strong className="text-ink">{page.email}</strong> will no longer receive the Pawsome Picks newsletter.
          </p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="token" value={page.token} />
            <button type="submit" className={buttonClass("primary", "lg")} disabled={submitting}>
              {submitting ? "Unsubscribing..." : "Unsubscribe"}
            </button>
          </Form>
          <p className="mt-6">
            <Link to="/" className="font-semibold text-primary hover:underline">
              Keep me subscribed and go to the home page
            </Link>
          </p>
        </>
      )}
      {(page.state === "done" || page.state === "already") && (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight" tabIndex={-1}>
            {page.state === "done" ? "You're unsubscribed" : "You're already unsubscribed"}
          </h1>
          <p className="mt-4 text-lg text-muted" role="status">
            <strong className="text-ink">{page.email}</strong> will not receive the Pawsome Picks newsletter any more.
            Changed your mind? Take the{" "}
            <Link to="/quiz" className="font-semibold text-primary hover:underline">
              quiz
            </Link>{" "}
            again with this address, and confirm with the link we e-mail you.
          </p>
          <Link to="/" className={buttonClass("outline", "md", "mt-8")}>
            Back to the home page
          </Link>
        </>
      )}
      {page.state === "invalid" && (
        <>
          <h1 className="text-3xl font-extrabold tracking-tight">This unsubscribe link is not valid</h1>
          <p className="mt-4 text-lg text-muted">
            The link may be incomplete. Please use the link from your latest newsletter e-mail, or write to{" "}
            <a href={`mailto:${contactEmail}`} className="font-semibold text-primary hover:underline">
              {contactEmail}
            </a>{" "}
            and we'll unsubscribe you.
          </p>
        </>
      )}
    </section>
  );
}
