import { LoaderCircle, LogIn } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { AUTH_TEXT } from "../../../domain/auth";
import { useHydrated } from "../../lib/use-hydrated";
import { buttonClass } from "../ui/button";
import { toast } from "../ui/use-toast";

/** Messages of the failures the spec does not word (it only knows the wrong password). */
export const LOGIN_ERROR_TEXT = {
  unreachable: "We couldn't reach the server. Please try again.",
  throttled: "Too many failed login attempts. Please wait a few minutes and try again.",
  serverError: "Something went wrong on our side. Please try again in a moment.",
} as const;

// A proxy or crash page may answer with HTML: that counts as "no message".
async function serverMessage(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { message?: unknown };
    return typeof body?.message === "string" && body.message.trim() !== "" ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** What the failure toast says for a non-OK answer of POST /api/admin/login. */
async function failureText(res: Response): Promise<string> {
  if (res.status === 401) return AUTH_TEXT.loginFailedDescription;
  const message = await serverMessage(res);
  if (res.status === 429) return message ?? LOGIN_ERROR_TEXT.throttled;
  if (res.status >= 500) return message === undefined ? LOGIN_ERROR_TEXT.unreachable : LOGIN_ERROR_TEXT.serverError;
  return message ?? LOGIN_ERROR_TEXT.unreachable;
}

/** The admin password form: POST /api/admin/login, then the dashboard or the 'Login Failed' toast. */
export function LoginForm({ labelledBy }: { labelledBy: string }) {
  const navigate = useNavigate();
  // Until React has hydrated, a click would submit the plain HTML form (and the password
  // with it) to the page itself, so the button waits for the script that signs in.
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  function fail(description: string, { clear = false } = {}) {
    toast({ title: AUTH_TEXT.loginFailedTitle, description, variant: "destructive" });
    setBusy(false);
    const field = passwordRef.current;
    if (!field) return;
    if (clear) field.value = "";
    field.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const password = passwordRef.current?.value ?? "";
    if (password === "") return;
    setBusy(true);

    let res: Response;
    try {
      res = await fetch("/api/admin/login", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", accept: "application/json" },
        body: JSON.stringify({ password }),
      });
    } catch (error) {
      console.error("POST /api/admin/login failed", error);
      fail(LOGIN_ERROR_TEXT.unreachable);
      return;
    }

    if (!res.ok) {
      fail(await failureText(res), { clear: res.status === 401 });
      return;
    }

    toast({ title: AUTH_TEXT.loginSuccessTitle, description: AUTH_TEXT.loginSuccessDescription });
    // The button keeps saying 'Logging in...' until the dashboard is on screen; if the
    // server sends us back here instead, the form is usable again.
    await navigate("/admin/dashboard", { replace: true });
    setBusy(false);
  }

  return (
    <form method="post" onSubmit={onSubmit} aria-labelledby={labelledBy} className="mt-6 grid gap-5">
      <div>
        <label htmlFor="admin-password" className="block text-sm font-bold">
          Password
        </label>
        <input
          ref={passwordRef}
          id="admin-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          placeholder="Enter admin password"
          className="mt-1 block w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
        />
      </div>
      <noscript>
        <p className="text-sm font-semibold">Signing in needs JavaScript.</p>
      </noscript>
      <button
        type="submit"
        disabled={!hydrated || busy}
        aria-busy={busy || undefined}
        className={buttonClass("primary", "lg", "w-full")}
      >
        {busy ? (
          <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
        ) : (
          <LogIn className="size-5" aria-hidden="true" />
        )}
        {busy ? "Logging in..." : "Login to Dashboard"}
      </button>
    </form>
  );
}
