import MailNode from "lucide/dist/esm/icons/mail.mjs";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { SIGN_IN_LINK, SIGN_IN_LINK_TEXT } from "#domain/auth-text.ts";

const Mail = icon("mail", MailNode);

/** The form field that tells the sign-in link page's action to send a link (not to use one). */
export const SIGN_IN_LINK_INTENT = { name: "intent", request: "request", use: "sign-in" } as const;

/**
 * "Email me a sign-in link" (issue 26): a plain form post to the sign-in link page, so it works
 * before the scripts have loaded; that page answers the same whether or not a link went out.
 */
export function SignInLinkRequest({ describedBy }: { describedBy?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === SIGN_IN_LINK.path;
  return (
    <Form method="post" action={SIGN_IN_LINK.path} className="mt-3">
      <input type="hidden" name={SIGN_IN_LINK_INTENT.name} value={SIGN_IN_LINK_INTENT.request} />
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        aria-describedby={describedBy}
        className={buttonClass("outline", "md", "w-full")}
      >
        <Mail className="size-5" aria-hidden="true" />
        {busy ? SIGN_IN_LINK_TEXT.requesting : SIGN_IN_LINK_TEXT.request}
      </button>
    </Form>
  );
}
