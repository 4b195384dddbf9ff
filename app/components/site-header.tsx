import { Menu as MenuNode, PawPrint as PawPrintNode, X as XNode } from "lucide";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { icon } from "./ui/icon";

const Menu = icon("menu", MenuNode);
const PawPrint = icon("paw-print", PawPrintNode);
const X = icon("x", XNode);

export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/resources", label: "Reviews & Guides" },
  { to: "/contact", label: "Contact" },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-base font-semibold transition-colors ${
    isActive ? "bg-primary-soft text-primary" : "text-ink hover:bg-stone-100 hover:text-primary"
  }`;
}

/** Sticky site header with the four main links and a mobile menu toggle. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const hydrated = useHydrated();

  // A followed link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex items-center gap-2 text-xl font-extrabold text-ink"
          aria-label="Pawsome Picks home"
        >
          <PawPrint className="size-7 text-primary" aria-hidden="true" />
          <span>
            Pawsome <span className="text-primary">Picks</span>
          </span>
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={navClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          disabled={!hydrated}
          className="inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-stone-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </button>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-stone-200 bg-white md:hidden">
          <ul className="flex flex-col gap-1 px-4 py-3">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={(s) => `block ${navClass(s)}`}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
