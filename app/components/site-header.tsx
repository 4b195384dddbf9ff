import MenuNode from "lucide/dist/esm/icons/menu.mjs";
import PawPrintNode from "lucide/dist/esm/icons/paw-print.mjs";
import XNode from "lucide/dist/esm/icons/x.mjs";
import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { SiteSearch } from "./site-search";
import { icon } from "./ui/icon";

const Menu = icon("menu", MenuNode);
const PawPrint = icon("paw-print", PawPrintNode);
const X = icon("x", XNode);

export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/breeds", label: "Breeds" },
  { to: "/resources", label: "Reviews & Guides" },
  { to: "/contact", label: "Contact" },
] as const;

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded-md px-3 py-2 text-base font-semibold transition-colors ${
    isActive ? "bg-primary-soft text-primary" : "text-ink hover:bg-stone-100 hover:text-primary"
  }`;
}

/**
 * Sticky site header with the main links, the site search and, on phones, a menu (the search
 * box at its top). The menu is a native
 * <details> disclosure, so it opens and closes before the scripts run (or without them); once
 * they run, Escape closes it with focus back on its toggle, and a followed link closes it.
 */
export function SiteHeader() {
  const menuRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // A followed link closes the mobile menu. Only a change of address does: the scripts starting
  // must not close a menu the visitor opened while the page was still loading.
  const address = `${location.pathname}${location.search}`;
  const shownAt = useRef(address);
  useEffect(() => {
    if (shownAt.current === address) return;
    shownAt.current = address;
    if (menuRef.current) menuRef.current.open = false;
  }, [address]);

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
        <SiteSearch className="hidden w-56 md:block lg:w-64" />
        <details
          ref={menuRef}
          className="group md:hidden"
          onKeyDown={(event) => {
            if (event.key !== "Escape" || !event.currentTarget.open) return;
            event.currentTarget.open = false;
            event.currentTarget.querySelector("summary")?.focus();
          }}
        >
          <summary
            id="mobile-menu-toggle"
            className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-ink hover:bg-stone-100 [&::-webkit-details-marker]:hidden"
          >
            <Menu className="size-6 group-open:hidden" aria-hidden="true" />
            <X className="hidden size-6 group-open:block" aria-hidden="true" />
            <span className="sr-only">Menu</span>
          </summary>
          {/* under the whole header bar (the sticky header is its containing block) */}
          <nav
            id="mobile-menu"
            aria-label="Mobile"
            className="absolute inset-x-0 top-full border-t border-b border-stone-200 bg-white shadow-md"
          >
            <SiteSearch className="px-4 pt-3" />
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
        </details>
      </div>
    </header>
  );
}
