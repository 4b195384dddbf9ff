import { data, Form, Link, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { useContactEmail } from "#app/lib/use-contact-email.ts";
import { RESUBSCRIBE_LINK_DAYS, RESUBSCRIBE_NOTICE } from "#domain/subscribers.ts";
import type { Route } from "./+types/newsletter-confirm";

// The link of the "Do you want the newsletter again?" e-mail (issue 26), sent when someone enters
// an address that left the newsletter in the quiz. GET only asks: mail scanners open links, and
// that must not subscribe anyone. Only the POST of the button puts the address back on the list.

type PageState =
  | { state: "confirm"; email: string; token: string }
  | { state: "already"; email: string }
  | { state: "done"; email: string }
  | { state: "expired" }
  | { state: "invalid" };

function tokenFrom(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

const STATUS = { expired: 410, invalid: 400 } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const token = tokenFrom(request);
  const check = await app.services.newsletter.checkResubscribeToken(token);
  if (check.state === "valid") return data<PageState>({ state: "confirm", email: check.email, token });
  if (check.state === "already") return data<PageState>(check);
  return data<PageState>(check, { status: STATUS[check.state] });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData().catch(() => null);
  const fromForm = form?.get("token");
  const token = tokenFrom(request) || (typeof fromForm === "string" ? fromForm : "");
  const outcome = await app.services.newsletter.resubscribe(token);
  if (outcome.state === "expired" || outcome.state === "invalid") {
    return data<PageState>(outcome, { status: STATUS[outcome.state] });
  }
  return data<PageState>(outcome);
}

// Personal (the address) and single-use: never cached, never indexed, token never leaked as a referrer.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
}

export const meta = () => [
  { title: pageTitle("Newsletter") },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

const headingClass = "text-3xl font-extrabold tracking-tight";
const textClass = "mt-4 text-lg text-muted";
const linkClass = "font-semibold text-primary hover:underline";

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const contactEmail = useContactEmail();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const writeToUs = (
    <a href={`mailto:${contactEmail}`} className={linkClass}>
      {contactEmail}
    </a>
  );

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6">
      {page.state === "confirm" && (
        <>
          <h1 className={headingClass}>Do you want the newsletter again?</h1>
          <p className={textClass}>
            <strong className="text-ink break-all">{page.email}</strong> is not on the Pawsome Picks newsletter list.
            Nothing changes unless you confirm below.
          </p>
          <Form method="post" className="mt-8">
            <input type="hidden" name="token" value={page.token} />
            <p id="resubscribe-consent" className="text-left text-ink">
              {RESUBSCRIBE_NOTICE}
            </p>
            <button
              type="submit"
              className={buttonClass("primary", "lg", "mt-6")}
              disabled={submitting}
              aria-describedby="resubscribe-consent"
            >
              {submitting ? "Subscribing..." : "Yes, subscribe me again"}
            </button>
          </Form>
          <p className="mt-6">
            <Link to="/" className={linkClass}>
              No thanks, go to the home page
            </Link>
          </p>
        </>
      )}
      {(page.state === "done" || page.state === "already") && (
        <>
          <h1 className={headingClass} tabIndex={-1}>
            {page.state === "done" ? "You're subscribed again" : "You're already subscribed"}
          </h1>
          <p className={textClass} role="status">
            <strong className="text-ink break-all">{page.email}</strong> will receive the Pawsome Picks newsletter.
            Every e-mail has a link to unsubscribe.
          </p>
          <Link to="/" className={buttonClass("outline", "md", "mt-8")}>
            Back to the home page
          </Link>
        </>
      )}
      {page.state === "expired" && (
        <>
          <h1 className={headingClass}>This link has expired</h1>
          <p className={textClass}>
            A link to confirm the newsletter works for {RESUBSCRIBE_LINK_DAYS} days, and only until the address
            unsubscribes again. To get a new one, take the{" "}
            <Link to="/quiz" className={linkClass}>
              quiz
            </Link>{" "}
            again with your address, or write to {writeToUs}.
          </p>
        </>
      )}
      {page.state === "invalid" && (
        <>
          <h1 className={headingClass}>This link is not valid</h1>
          <p className={textClass}>
            The link may be incomplete. Please use the whole link from the e-mail "Do you want the newsletter again?",
            or write to {writeToUs}.
          </p>
        </>
      )}
    </section>
  );
}
