import PawPrintNode from "lucide/dist/esm/icons/paw-print.mjs";
import { Link } from "react-router";
import type { NamedOption } from "#domain/catalog.ts";
import { icon } from "./ui/icon";

const PawPrint = icon("paw-print", PawPrintNode);

const EXPLORE = [
  { to: "/", label: "Home" },
  { to: "/products", label: "All Products" },
  { to: "/breeds", label: "Breeds" },
  { to: "/guides", label: "Guides" },
  { to: "/reviews", label: "Reviews" },
  { to: "/quiz", label: "Toy Matchmaker Quiz" },
];

/** How many categories the footer links, in the owner's order (the spec's footer had five). */
export const FOOTER_CATEGORIES = 6;

const COMPANY = [
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact" },
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/affiliate-disclosure", label: "Affiliate Disclosure" },
];

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-1">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="inline-block py-1 text-stone-300 hover:text-white">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Site footer: every link of the spec, the current year and the affiliate disclosure. Its
 * categories are the catalogue's own, as the owner names and orders them, and the disclosure is
 * the owner's sentence from the settings (the public layout reads both).
 */
export function SiteFooter({ categories, disclosure }: { categories: NamedOption[]; disclosure: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-stone-900 text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <p className="flex items-center gap-2 text-lg font-extrabold text-white">
            <PawPrint className="size-6 text-orange-400" aria-hidden="true" />
            Pawsome Picks
          </p>
          <p className="mt-4 text-sm leading-6">
            Honest reviews, breed-based recommendations and guides that help you find the right toy for your dog.
          </p>
        </div>
        <LinkColumn title="Explore" links={EXPLORE} />
        {categories.length > 0 ? (
          <LinkColumn
            title="Categories"
            links={categories.map((category) => ({ to: `/products?category=${category.id}`, label: category.name }))}
          />
        ) : null}
        <LinkColumn title="Company" links={COMPANY} />
      </div>
      <div className="border-t border-stone-800">
        <div className="mx-auto max-w-7xl space-y-2 px-4 py-6 text-sm sm:px-6 lg:px-8">
          <p data-testid="copyright">© {year} Pawsome Picks. All rights reserved.</p>
          <p data-testid="affiliate-disclosure">{disclosure}</p>
        </div>
      </div>
    </footer>
  );
}
