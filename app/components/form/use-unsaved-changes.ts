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

/**
 * A form's values in one comparable shape: Conform reads the form's fields as text (a switch
 * "on" or missing, a field posted once as one text and twice as a list, an empty one missing,
 * line breaks as the browser keeps them), while the defaults a form starts from are typed values.
 */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(comparable).filter((item) => item !== undefined);
    return items.length === 0 ? undefined : items.length === 1 ? items[0] : items;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .map(([key, item]) => [key, comparable(item)] as const)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  if (value === true) return "on";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value === "" ? undefined : value.replace(/\r\n?/g, "\n");
  return undefined;
}

/** True when a kit form's current values (`form.value`) are not the ones it started from. */
export function formChanged(value: unknown, startedFrom: unknown): boolean {
  return JSON.stringify(comparable(value)) !== JSON.stringify(comparable(startedFrom));
}
