import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";

/**
 * Renders loader data that is either a value (server render) or a promise (browser
 * navigation), with `fallback` while it is pending. The tree is the same in both cases,
 * so hydration keeps the server's HTML while the browser refreshes it.
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
  return (
    <Suspense fallback={fallback}>
      <Await resolve={value}>{(data: T) => children(data)}</Await>
    </Suspense>
  );
}
