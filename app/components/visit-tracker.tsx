import { useEffect } from "react";
import { useLocation } from "react-router";
import { callApi } from "#app/lib/api.ts";

const VISIT_FLAG = "pawsome-visit-counted";

// Counting must never disturb the page: failures are only logged.
function send(path: string) {
  // keepalive: a page view counted as the visitor leaves still arrives
  callApi("POST", path, undefined, { keepalive: true }).catch(() => {});
}

/**
 * Counts a visit once per browser session and a page view on every page shown (first load,
 * links, back and forward). Public pages only: the admin area has its own layout.
 */
export function VisitTracker() {
  const location = useLocation();

  useEffect(() => {
    try {
      if (sessionStorage.getItem(VISIT_FLAG)) return;
      sessionStorage.setItem(VISIT_FLAG, "1");
    } catch {
      // storage blocked: count the visit anyway, once per page load
    }
    send("/api/track-visit");
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every new history entry (key) is one page view
  useEffect(() => {
    if (location.pathname.startsWith("/admin")) return;
    send("/api/track-pageview");
  }, [location.key]);

  return null;
}
