import type { ReactNode } from "react";
import { useAwaited } from "../lib/use-awaited";

/**
 * Renders loader data that is either a value (server render) or a promise (browser
 * refresh or navigation), with `fallback` while it is pending. A refresh keeps the
 * content on screen until the new data arrives; the children keep their state.
 */
export function Deferred<T>({
  value,
  fallback,
  children,
}: {
  value: T | Promise<T>;
  fallback: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const state = useAwaited(value, { keepPrevious: true });
  return <>{state.settled ? children(state.value) : fallback}</>;
}
