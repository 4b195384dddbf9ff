import { useEffect, useState } from "react";

export type AwaitedState<T> = { settled: true; value: T } | { settled: false };

type State<T> = { source: T | Promise<T>; current: AwaitedState<T> };

function stateFor<T>(source: T | Promise<T>): State<T> {
  return { source, current: source instanceof Promise ? { settled: false } : { settled: true, value: source } };
}

/**
 * Loader data that is a value (the server's first view, final) or a promise (the spec's call
 * after a client-side navigation), without a Suspense boundary: the tree is the same while it
 * loads and once it has, so controls around the data (the catalogue's filters) keep their state,
 * and a value renders at once with nothing to swap in. The promise must not reject (callers
 * settle it first).
 */
export function useAwaited<T>(source: T | Promise<T>): AwaitedState<T> {
  const [state, setState] = useState<State<T>>(() => stateFor(source));
  let shown = state;
  if (state.source !== source) {
    // New loader data: adopt it during render so no frame shows the old state for it.
    shown = stateFor(source);
    setState(shown);
  }

  useEffect(() => {
    if (!(source instanceof Promise)) return;
    let live = true;
    source.then((value) => {
      if (live) setState((prev) => (prev.source === source ? { source, current: { settled: true, value } } : prev));
    });
    return () => {
      live = false;
    };
  }, [source]);

  return shown.current;
}
