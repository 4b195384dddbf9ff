import { data, Link } from "react-router";
import { pageTitle } from "#app/lib/page-title.ts";

const LINKS = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/resources", label: "Reviews & Guides" },
  { to: "/reviews", label: "Reviews" },
  { to: "/guides", label: "Guides" },
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact" },
];

// The catch-all route answers with a real 404 status so search engines drop the URL.
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: pageTitle("Page Not Found") }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">Page Not Found</h1>
      <p className="mt-4 text-lg text-muted">
        Sorry, we couldn't find the page you're looking for. It may have been moved or deleted.
      </p>
      <nav aria-label="Helpful links" className="mt-10">
        <ul className="flex flex-wrap justify-center gap-3">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="inline-block rounded-full border border-stone-300 bg-white px-4 py-2 font-semibold hover:border-primary hover:text-primary"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
