/**
 * A short-lived, in-process cache for the public catalogue and content reads that every
 * anonymous page repeats (decision 014). Entries live `ttlMs`; any admin write clears all
 * of them in this process at once, and other processes catch up within `ttlMs`.
 *
 * Concurrent misses for one key share a single database call, so a burst of visitors after
 * an expiry costs one query, not fifty. A load that started before a clear is not stored.
 */
export interface ReadCacheOptions {
  /** how long an entry is served; 0 turns the cache off */
  ttlMs: number;
  /** upper bound on the summed weight (rows) of stored entries */
  maxWeight?: number;
  now?: () => number;
}

export interface ReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** forgets every entry (called after each content write) */
  clear(): void;
  /** also run `listener` on every clear (the page cache forgets with the data it was made from) */
  onClear(listener: () => void): void;
}

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
  weight: number;
}

/** Rows in a result: arrays count their length, paged results their items, the rest 1. */
function weightOf(value: unknown): number {
  if (Array.isArray(value)) return Math.max(1, value.length);
  if (value && typeof value === "object" && Array.isArray((value as { items?: unknown }).items)) {
    return Math.max(1, (value as { items: unknown[] }).items.length);
  }
  return 1;
}

/** Freezes a cached result so one request cannot change what the next one is served. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

export function createReadCache({ ttlMs, maxWeight = 50_000, now = Date.now }: ReadCacheOptions): ReadCache {
  // Map keeps insertion order, so the first key is the oldest: evicted first when full.
  const entries = new Map<string, Entry>();
  let totalWeight = 0;
  let generation = 0;
  const listeners: (() => void)[] = [];

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    totalWeight -= entry.weight;
    entries.delete(key);
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now()) return hit.value as Promise<T>;
      remove(key);

      const startedIn = generation;
      const value = load().then(deepFreeze);
      const entry: Entry = { value, expiresAt: now() + ttlMs, weight: 1 };
      entries.set(key, entry);
      totalWeight += entry.weight;
      try {
        const result = await value;
        if (entries.get(key) === entry) {
          if (startedIn !== generation) {
            remove(key);
          } else {
            const weight = weightOf(result);
            totalWeight += weight - entry.weight;
            entry.weight = weight;
            for (const oldest of entries.keys()) {
              if (totalWeight <= maxWeight) break;
              remove(oldest);
            }
          }
        }
        return result;
      } catch (error) {
        // failures are not cached: the next request tries the database again
        if (entries.get(key) === entry) remove(key);
        throw error;
      }
    },
    clear() {
      generation += 1;
      entries.clear();
      totalWeight = 0;
      for (const listener of listeners) listener();
    },
    onClear(listener) {
      listeners.push(listener);
    },
  };
}

/**
 * The same service with the named read methods answered through the cache, keyed by method
 * name and arguments. Other methods pass through untouched.
 */
export function withReadCache<S extends object>(
  service: S,
  cache: ReadCache,
  namespace: string,
  methods: readonly (keyof S & string)[],
): S {
  const cached = { ...service };
  for (const name of methods) {
    const original = service[name];
    if (typeof original !== "function") throw new Error(`${namespace}.${name} is not a method`);
    const call = original.bind(service) as (...args: unknown[]) => Promise<unknown>;
    (cached as Record<string, unknown>)[name] = (...args: unknown[]) =>
      cache.get(`${namespace}.${name}:${JSON.stringify(args)}`, () => call(...args));
  }
  return cached;
}

/** The same service with every named write method clearing the cache once it settles. */
export function clearingReadCache<S extends object>(
  service: S,
  cache: ReadCache,
  methods: readonly (keyof S & string)[],
): S {
  const wrapped = { ...service };
  for (const name of methods) {
    const original = service[name];
    if (typeof original !== "function") throw new Error(`${name} is not a method`);
    const call = original.bind(service) as (...args: unknown[]) => Promise<unknown>;
    (wrapped as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } finally {
        // cleared on failure too: a write that failed half-way may still have changed rows
        cache.clear();
      }
    };
  }
  return wrapped;
}
