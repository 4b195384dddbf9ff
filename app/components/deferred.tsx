import type { ReactNode } from "react";
import { useAwaited } from "#app/lib/use-awaited.ts";

/**
 * Renders loader data that is either a value (the server's first view) or a promise (a
 * client-side navigation), with `fallback` while it is pending.
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
  const state = useAwaited(value);
  return <>{state.settled ? children(state.value) : fallback}</>;
}
