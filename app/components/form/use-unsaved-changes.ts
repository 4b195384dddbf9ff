import { useCallback, useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * The form kit's unsaved-changes guard: while `dirty`, leaving the page asks first. In-app
 * navigation is held by a blocker (render `UnsavedChangesDialog` with it); a reload or a closed
 * tab gets the browser's own question. Call `markSaved()` just before navigating away after a
 * successful save, so the form's own redirect is not held. A redirect to the login page (the
 * session ended) is never held: nothing could be saved there anyway.
 */
export function useUnsavedChanges(dirty: boolean) {
  const savedRef = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !savedRef.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== "/admin/login",
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (savedRef.current) return;
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  const markSaved = useCallback(() => {
    savedRef.current = true;
  }, []);
  return { blocker, markSaved };
}
