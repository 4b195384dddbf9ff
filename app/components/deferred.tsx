import { type ReactNode, Suspense, use } from "react";

/**
 * Renders loader data that is either a value (server render) or a promise (browser
 * refresh or navigation), with `fallback` while it is pending. The component tree is
 * the same in both cases, so when the browser swaps in a promise the children keep their
 * state and the content on screen stays until the new data arrives. Promises given here
 * must not reject (see lib/result.ts).
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
      <Resolved value={value}>{children}</Resolved>
    </Suspense>
  );
}

function Resolved<T>({ value, children }: { value: T | Promise<T>; children: (data: T) => ReactNode }) {
  return children(value instanceof Promise ? use(value) : value);
}
