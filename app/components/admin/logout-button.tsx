import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import LogOutNode from "lucide/dist/esm/icons/log-out.mjs";
import { useState } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { callApi } from "#app/lib/api.ts";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { AUTH_TEXT } from "#domain/auth-text.ts";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const LogOut = icon("log-out", LogOutNode);

/** 'Logout': ends the session on the server, says so, and goes to the login screen. */
export function LogoutButton() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);

  async function onLogout() {
    if (busy) return;
    setBusy(true);
    // The session may already be gone (expired, or ended in another tab): leaving the admin
    // area is still the right outcome, and the login screen asks the server again.
    await callApi("POST", "/api/admin/logout").catch(() => {});
    toast({ title: AUTH_TEXT.logoutTitle, description: AUTH_TEXT.logoutDescription });
    // Replace, so Back does not step into the admin page that was just left.
    navigate("/admin/login", { replace: true });
  }

  return (
    <button
      type="button"
      onClick={onLogout}
      disabled={!hydrated || busy}
      aria-busy={busy || undefined}
      className={buttonClass("secondary", "sm", "min-h-10 min-w-10")}
    >
      {busy ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <LogOut className="size-4" aria-hidden="true" />
      )}
      {/* the icon alone on a phone keeps the admin bar on one line; the name stays for screen readers */}
      <span className="sr-only sm:not-sr-only">Logout</span>
    </button>
  );
}
