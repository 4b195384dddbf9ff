import { LoaderCircle, LogOut } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { AUTH_TEXT } from "../../../domain/auth";
import { callApi } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useHydrated } from "../../lib/use-hydrated";
import { buttonClass } from "../ui/button";

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
      className={buttonClass("secondary", "sm")}
    >
      {busy ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <LogOut className="size-4" aria-hidden="true" />
      )}
      Logout
    </button>
  );
}
