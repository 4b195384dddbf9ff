import { Outlet } from "react-router";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { VisitTracker } from "#app/components/visit-tracker.tsx";

// Every page carries its own CSP nonce: a shared cache would hand one nonce to every visitor
// (and to an attacker who read it), so no shared cache may keep a page; the browser keeps it
// and revalidates. The server's own response cache gives each copy a fresh nonce (decision 019).
export function headers() {
  return { "Cache-Control": "private, no-cache" };
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
