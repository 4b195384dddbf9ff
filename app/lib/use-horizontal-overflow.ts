import { type RefObject, useEffect, useState } from "react";

/**
 * Whether a scrolling box is wider inside than it shows, and whether it is scrolled to its end:
 * a table that scrolls sideways in its own region says so (issue 26), instead of hiding columns
 * off screen without a sign. False before the scripts run (nothing is measured on the server).
 */
export function useHorizontalOverflow(ref: RefObject<HTMLElement | null>): { overflows: boolean; atEnd: boolean } {
  const [state, setState] = useState({ overflows: false, atEnd: true });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const overflows = element.scrollWidth > element.clientWidth + 1;
      const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
      setState((current) =>
        current.overflows === overflows && current.atEnd === atEnd ? current : { overflows, atEnd },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, [ref]);
  return state;
}
