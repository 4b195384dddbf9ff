import { Outlet } from "react-router";
import { PriceDisclaimer } from "#app/components/price-tag.tsx";
import { FOOTER_CATEGORIES, SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { VisitTracker } from "#app/components/visit-tracker.tsx";
import { settle } from "#app/lib/result.ts";
import { toOption } from "#domain/catalog.ts";
import type { Route } from "./+types/layout";

// Every page carries its own CSP nonce: a shared cache would hand one nonce to every visitor
// (and to an attacker who read it), so no shared cache may keep a page; the browser keeps it
// and revalidates. The server's own response cache gives each copy a fresh nonce (decision 019).
export function headers() {
  return { "Cache-Control": "private, no-cache" };
}

/**
 * The footer's categories, as the owner names and orders them. The read is the cached
 * `listCategories` the home page and the catalogue make too (one query for all of them per
 * cache period), and a category edit clears it with the cache.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const categories = await settle(() => context.services.catalog.listCategories());
  return { footerCategories: categories.ok ? categories.data.slice(0, FOOTER_CATEGORIES).map(toOption) : [] };
}

// Not read again on every client-side navigation, filter or form post: a renamed category shows
// from the next full page load (every page is one on arrival).
export function shouldRevalidate() {
  return false;
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main-content" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter categories={loaderData.footerCategories} />
      <VisitTracker />
      <PriceDisclaimer />
    </div>
  );
}
