import KeyRoundNode from "lucide/dist/esm/icons/key-round.mjs";
import LogInNode from "lucide/dist/esm/icons/log-in.mjs";
import MailCheckNode from "lucide/dist/esm/icons/mail-check.mjs";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { SIGN_IN_LINK_TEXT, type SignInLinkState } from "#domain/auth-text.ts";
import type { Route } from "./+types/sign-in-link";
import { AuthCard } from "./auth-card.tsx";
import { SIGN_IN_LINK_INTENT, SignInLinkRequest } from "./sign-in-link-request.tsx";

const KeyRound = icon("key-round", KeyRoundNode);
const LogIn = icon("log-in", LogInNode);
const MailCheck = icon("mail-check", MailCheckNode);

// The one-time sign-in link e-mailed to the owner while sign-in is throttled (issue 26), and the
// form that asks for one. GET only shows: mail scanners open links, and that must not use the
// link up. Only the POST of its button signs in (and uses the link, once).

type PageState =
  /** no link: the button that asks for one (`available`: where the site can send e-mail) */
  | { state: "request"; available: boolean }
  /** asked: the same answer whether or not a link went out */
  | { state: "sent" }
  | { state: "confirm"; token: string }
  | { state: Exclude<SignInLinkState, "valid"> };

const STATUS = { expired: 410, used: 410, invalid: 400 } as const;

function tokenFrom(url: string): string | null {
  return new URL(url).searchParams.get("token");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const token = tokenFrom(request.url);
  if (token === null) return data<PageState>({ state: "request", available: app.services.outbox.configured });
  const state = await app.services.auth.checkSignInLink(token);
  if (state === "valid") return data<PageState>({ state: "confirm", token });
  return data<PageState>({ state }, { status: STATUS[state] });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData().catch(() => null);
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = field(SIGN_IN_LINK_INTENT.name);
  if (intent === SIGN_IN_LINK_INTENT.request) {
    await app.requestSignInLink();
    return data<PageState>({ state: "sent" });
  }
  if (intent !== SIGN_IN_LINK_INTENT.use) return data<PageState>({ state: "invalid" }, { status: 400 });
  const outcome = await app.signInWithLink(field("token") || (tokenFrom(request.url) ?? ""));
  if (outcome.outcome === "signed-in") throw redirect("/admin");
  return data<PageState>({ state: outcome.outcome }, { status: STATUS[outcome.outcome] });
}

// Single use and a way in: never cached, never indexed, the token never leaked as a referrer.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
}

export const meta = () => [
  { title: pageTitle("Sign-in Link") },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

const HEADING_ID = "sign-in-link-heading";
const linkClass = "font-semibold text-primary underline underline-offset-2 hover:text-primary-hover";

function BackToLogin() {
  return (
    <p className="mt-6 text-center">
      <Link to="/admin/login" className={linkClass}>
        {SIGN_IN_LINK_TEXT.backToLogin}
      </Link>
    </p>
  );
}

/** /admin/sign-in-link: ask for a sign-in link, or use one (a click first), outside the admin shell. */
export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const navigation = useNavigation();
  const signingIn =
    navigation.state !== "idle" && navigation.formData?.get(SIGN_IN_LINK_INTENT.name) === SIGN_IN_LINK_INTENT.use;

  if (page.state === "confirm") {
    return (
      <AuthCard
        icon={<KeyRound className="size-6" aria-hidden="true" />}
        headingId={HEADING_ID}
        title={SIGN_IN_LINK_TEXT.confirmTitle}
      >
        <Form method="post" aria-labelledby={HEADING_ID} className="mt-6 grid gap-4">
          <p id="sign-in-link-confirm" className="text-center text-muted">
            {SIGN_IN_LINK_TEXT.confirm}
          </p>
          <input type="hidden" name="token" value={page.token} />
          <button
            type="submit"
            name={SIGN_IN_LINK_INTENT.name}
            value={SIGN_IN_LINK_INTENT.use}
            disabled={signingIn}
            aria-busy={signingIn || undefined}
            aria-describedby="sign-in-link-confirm"
            className={buttonClass("primary", "lg", "w-full")}
          >
            <LogIn className="size-5" aria-hidden="true" />
            {signingIn ? SIGN_IN_LINK_TEXT.confirming : SIGN_IN_LINK_TEXT.confirmButton}
          </button>
        </Form>
      </AuthCard>
    );
  }
  if (page.state === "request" || page.state === "sent") {
    return (
      <AuthCard
        icon={<MailCheck className="size-6" aria-hidden="true" />}
        headingId={HEADING_ID}
        title={page.state === "sent" ? SIGN_IN_LINK_TEXT.sentTitle : SIGN_IN_LINK_TEXT.request}
      >
        {page.state === "sent" ? (
          <p role="status" className="mt-6 text-ink">
            {SIGN_IN_LINK_TEXT.sent}
          </p>
        ) : page.available ? (
          <div className="mt-6">
            <p id="sign-in-link-offer" className="text-ink">
              {SIGN_IN_LINK_TEXT.offer}
            </p>
            <SignInLinkRequest describedBy="sign-in-link-offer" />
          </div>
        ) : (
          <p className="mt-6 text-ink">{SIGN_IN_LINK_TEXT.unavailable}</p>
        )}
        <BackToLogin />
      </AuthCard>
    );
  }
  const { title, text } = {
    expired: { title: SIGN_IN_LINK_TEXT.expiredTitle, text: SIGN_IN_LINK_TEXT.expired },
    used: { title: SIGN_IN_LINK_TEXT.usedTitle, text: SIGN_IN_LINK_TEXT.used },
    invalid: { title: SIGN_IN_LINK_TEXT.invalidTitle, text: SIGN_IN_LINK_TEXT.invalid },
  }[page.state];
  return (
    <AuthCard icon={<KeyRound className="size-6" aria-hidden="true" />} headingId={HEADING_ID} title={title}>
      <p className="mt-6 text-center text-ink">{text}</p>
      <BackToLogin />
    </AuthCard>
  );
}
