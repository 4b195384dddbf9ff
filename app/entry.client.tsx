import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The server's HTML is the whole page, so it is painted first and hydrated right after: a
// slow phone would otherwise run React's hydration between chunks of HTML parsing and show
// nothing until both are done. The controls that need JavaScript stay disabled until then.
// (requestAnimationFrame runs before the next paint, the timeout in it once that is done; a
// page opened in a background tab gets no frames, so a plain timeout starts it there.)
function afterFirstPaint(callback: () => void) {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => afterFirstPaint(callback), { once: true });
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    callback();
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 200);
}

afterFirstPaint(hydrate);
