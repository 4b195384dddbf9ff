import { Outlet } from "react-router";
import { PriceDisclaimer } from "#app/components/price-tag.tsx";
import { FOOTER_CATEGORIES, SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { VisitTracker } from "#app/components/visit-tracker.tsx";
import { appContext } from "#app/lib/app-context.server.ts";
import { settle } from "#app/lib/result.ts";
import { toOption } from "#domain/catalog.ts";
import { DEFAULT_DISCLOSURE_TEXT } from "#domain/disclosure.ts";
import type { Route } from "./+types/layout";

// Every page carries its own CSP nonce: a shared cache would hand one nonce to every visitor
// (and to an attacker who read it), so no shared cache may keep a page; the browser keeps it
// and revalidates. The server's own response cache gives each copy a fresh nonce (decision 019).
export function headers() {
  return { "Cache-Control": "private, no-cache" };
}

/**
 * The footer's categories, as the owner names and orders them, and its affiliate disclosure. The
 * reads are cached (`listCategories` is the one the home page and the catalogue make too, the
 * disclosure the settings' own), and an edit of either clears them with the cache.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const [categories, disclosure] = await Promise.all([
    settle(() => app.services.catalog.listCategories()),
    settle(() => app.services.siteSettings.disclosureText()),
  ]);
  return {
    footerCategories: categories.ok ? categories.data.slice(0, FOOTER_CATEGORIES).map(toOption) : [],
    // the sentence the law asks for is never left out: the default when the settings cannot be read
    footerDisclosure: disclosure.ok ? disclosure.data : DEFAULT_DISCLOSURE_TEXT,
  };
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
      <SiteFooter categories={loaderData.footerCategories} disclosure={loaderData.footerDisclosure} />
      <VisitTracker />
      <PriceDisclaimer />
    </div>
  );
}
