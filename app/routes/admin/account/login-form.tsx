import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import LogInNode from "lucide/dist/esm/icons/log-in.mjs";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigate } from "react-router";
import { FormErrors, TextField } from "#app/components/form/field.tsx";
import { SubmitButton } from "#app/components/form/submit-button.tsx";
import { type SendOutcome, useKitForm } from "#app/components/form/use-kit-form.ts";
import { icon } from "#app/components/ui/icon.ts";
import { ApiError, callApi } from "#app/lib/api.ts";
import { dismissToast, toast } from "#app/lib/toast.ts";
import { AUTH_TEXT, SIGN_IN_LINK_TEXT } from "#domain/auth-text.ts";
import { authForms } from "./auth-forms.ts";
import { SignInLinkRequest } from "./sign-in-link-request";

const LogIn = icon("log-in", LogInNode);

/** Messages of the failures the spec does not word (it only knows the wrong password). */
export const LOGIN_ERROR_TEXT = {
  unreachable: "We couldn't reach the server. Please try again.",
  throttled: "Too many failed login attempts. Please wait a few minutes and try again.",
  serverError: "Something went wrong on our side. Please try again in a moment.",
} as const;

const loginSchema = (auth: typeof import("#domain/auth.ts")) => auth.loginSchema;

/** What the 'Login Failed' toast says for a failed POST /api/admin/login. */
function failureText(error: ApiError): string {
  if (error.status === 401) return AUTH_TEXT.loginFailedDescription;
  if (error.unreachable) return LOGIN_ERROR_TEXT.unreachable;
  if (error.status === 429) return error.serverMessage ?? LOGIN_ERROR_TEXT.throttled;
  if (error.status >= 500) return error.serverMessage ? LOGIN_ERROR_TEXT.serverError : LOGIN_ERROR_TEXT.unreachable;
  return error.serverMessage ?? LOGIN_ERROR_TEXT.unreachable;
}

/** What the login page's action answers when the form was posted before the scripts ran. */
export interface LoginActionData {
  result: SubmissionResult<string[]>;
  /** sign-in is throttled for this browser: the sign-in link is offered */
  throttled?: boolean;
}

/**
 * The admin password form: POST /api/admin/login once the scripts run, then the dashboard or the
 * 'Login Failed' toast; before that, the page's own action signs in (same rules, same throttling).
 * Once sign-in is throttled, it offers a sign-in link e-mailed to the owner (`offerSignInLink`:
 * where the site can send e-mail), so the owner is never locked out by someone else's guesses.
 */
export function LoginForm({
  labelledBy,
  actionData,
  offerSignInLink,
}: {
  labelledBy: string;
  actionData?: LoginActionData;
  offerSignInLink: boolean;
}) {
  const navigate = useNavigate();
  const [throttled, setThrottled] = useState(false);
  // The last 'Login Failed' toast: a new attempt makes it stale. Left up, it stayed over the
  // dashboard after the right password, for the 3 s 'Login Successful' waits its turn (issue 26).
  const failure = useRef<number | null>(null);
  // leaving the form (to the dashboard, or to ask for a sign-in link) leaves its verdict behind too
  useEffect(
    () => () => {
      if (failure.current !== null) dismissToast(failure.current);
    },
    [],
  );

  async function send(value: { password: string }): Promise<SendOutcome> {
    if (failure.current !== null) dismissToast(failure.current);
    failure.current = null;
    try {
      await callApi("POST", "/api/admin/login", { json: { password: value.password } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 429) setThrottled(true);
      failure.current = toast({
        title: AUTH_TEXT.loginFailedTitle,
        description: failureText(error),
        variant: "destructive",
      });
      // a wrong password is typed again from scratch; the field keeps the focus either way
      const input = document.getElementById(fields.password.id);
      if (input instanceof HTMLInputElement) {
        if (error.status === 401) input.value = "";
        input.focus();
      }
      return {};
    }
    toast({ title: AUTH_TEXT.loginSuccessTitle, description: AUTH_TEXT.loginSuccessDescription });
    // The button keeps saying 'Logging in...' until the dashboard is on screen.
    await navigate("/admin/dashboard", { replace: true });
    return {};
  }

  const { form, fields, busy } = useKitForm({
    id: "admin-login",
    module: authForms,
    schema: loginSchema,
    lastResult: actionData?.result,
    send,
  });

  const showOffer = offerSignInLink && (throttled || actionData?.throttled === true);

  return (
    <>
      <Form method="post" {...getFormProps(form)} aria-labelledby={labelledBy} className="mt-6 grid gap-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.password}
          label="Password"
          type="password"
          inputProps={{ autoComplete: "current-password", placeholder: "Enter admin password", required: true }}
        />
        <SubmitButton
          busy={busy}
          busyText="Logging in..."
          size="lg"
          className="w-full"
          icon={<LogIn className="size-5" aria-hidden="true" />}
        >
          Login to Dashboard
        </SubmitButton>
      </Form>
      {/* a live region from the start, so the offer is read out when it appears */}
      <div aria-live="polite">
        {showOffer ? (
          <div className="mt-6 rounded-lg border border-stone-200 bg-stone-50 p-4">
            <p id="sign-in-link-offer" className="text-sm text-ink">
              {SIGN_IN_LINK_TEXT.offer}
            </p>
            <SignInLinkRequest describedBy="sign-in-link-offer" />
          </div>
        ) : null}
      </div>
    </>
  );
}
