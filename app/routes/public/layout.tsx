import { Outlet } from "react-router";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";
import { VisitTracker } from "../../components/visit-tracker";

// Public pages may be cached by a CDN for a minute and served stale while it refreshes;
// browsers always revalidate.
export function headers() {
  return { "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300" };
}

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main-content" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <VisitTracker />
    </div>
  );
}
