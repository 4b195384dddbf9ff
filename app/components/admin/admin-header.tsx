import { House, KeyRound, PawPrint } from "lucide-react";
import { Link } from "react-router";
import { LogoutButton } from "./logout-button";

/** The admin area's top bar: its name, a way back to the public site, and Logout. */
export function AdminHeader() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-2 gap-y-2 px-4 py-2 sm:gap-x-4 sm:px-6 lg:px-8">
        <Link
          to="/admin/dashboard"
          className="flex items-center gap-2 text-base font-extrabold text-ink min-[400px]:text-lg sm:text-xl"
        >
          <PawPrint className="hidden size-7 shrink-0 text-primary min-[400px]:block" aria-hidden="true" />
          <span>
            Pawsome Picks <span className="text-primary">Admin</span>
          </span>
        </Link>
        <div className="flex items-center gap-1 sm:gap-3">
          {/* On a phone the icon alone, so the bar stays one line; its name stays for screen readers. */}
          <Link
            to="/"
            className="inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 py-2 text-sm font-semibold text-ink hover:bg-stone-100 hover:text-primary"
          >
            <House className="size-5 sm:size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">View site</span>
          </Link>
          <Link
            to="/admin/password"
            className="inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 py-2 text-sm font-semibold text-ink hover:bg-stone-100 hover:text-primary"
          >
            <KeyRound className="size-5 sm:size-4" aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Change password</span>
          </Link>
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
