/**
 * `next` with every part that deep-equals the same part of `previous` replaced by the previous
 * object (structural sharing, as TanStack Query does for refetched data). A refresh that brings
 * the same data back then hands React the very objects it rendered, so memoised cards skip
 * their re-render; only what changed gets new identities. For JSON data: plain objects,
 * arrays and primitives.
 */
export function shareEqual<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (Array.isArray(previous) && Array.isArray(next)) {
    const shared = next.map((item, i) => shareEqual(previous[i], item));
    const same = shared.length === previous.length && shared.every((item, i) => item === previous[i]);
    return (same ? previous : shared) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const keys = Object.keys(next);
    const shared: Record<string, unknown> = {};
    for (const key of keys) shared[key] = shareEqual(previous[key], next[key]);
    const same =
      keys.length === Object.keys(previous).length &&
      keys.every((key) => Object.hasOwn(previous, key) && shared[key] === previous[key]);
    return (same ? previous : shared) as T;
  }
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
