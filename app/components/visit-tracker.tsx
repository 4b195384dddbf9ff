import { useEffect } from "react";
import { useLocation } from "react-router";

const VISIT_FLAG = "pawsome-visit-counted";

// Counting must never disturb the page: failures are only logged.
function send(path: string) {
  fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    keepalive: true,
  })
    .then((res) => {
      if (!res.ok) console.warn(`${path} answered ${res.status}`);
    })
    .catch((error) => console.warn(`${path} failed`, error));
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
