import { useEffect, useState } from "react";
import { shareEqual } from "./share-equal";

export type AwaitedState<T> = { settled: true; value: T } | { settled: false };

type State<T> = { source: T | Promise<T>; current: AwaitedState<T> };

function stateFor<T>(source: T | Promise<T>, previous: AwaitedState<T> | undefined, keepPrevious: boolean): State<T> {
  if (!(source instanceof Promise)) return { source, current: { settled: true, value: source } };
  return { source, current: keepPrevious && previous?.settled ? previous : { settled: false } };
}

/**
 * Loader data that is a value (server render, first load) or a promise (browser fetch),
 * without a Suspense boundary. React's streaming server renderer moves a large completed
 * Suspense boundary out of the first chunk: the HTML then shows the fallback and a script
 * swaps the content in later (a visible flash of the loading state, and nothing but the
 * fallback without JavaScript). With `keepPrevious`, a refresh keeps the shown value until
 * the new one arrives. The promise must not reject (callers settle it first).
 */
export function useAwaited<T>(source: T | Promise<T>, { keepPrevious = false } = {}): AwaitedState<T> {
  const [state, setState] = useState<State<T>>(() => stateFor(source, undefined, keepPrevious));
  let shown = state;
  if (state.source !== source) {
    // New loader data: adopt it during render so no frame shows the old state for it.
    shown = stateFor(source, state.current, keepPrevious);
    setState(shown);
  }

  useEffect(() => {
    if (!(source instanceof Promise)) return;
    let live = true;
    source.then((value) => {
      if (!live) return;
      setState((prev) => {
        if (prev.source !== source) return prev;
        // A refresh that brings back what is shown keeps its objects (memoised cards skip the render).
        const shared = prev.current.settled ? shareEqual(prev.current.value, value) : value;
        return { source, current: { settled: true, value: shared } };
      });
    });
    return () => {
      live = false;
    };
  }, [source]);

  return shown.current;
}
