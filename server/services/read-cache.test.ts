import { describe, expect, it } from "vitest";
import { clearingReadCache, createReadCache, withReadCache } from "./read-cache";

function clock(start = 1_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("read cache", () => {
  it("serves a stored result until it expires, then loads again", async () => {
    const time = clock();
    const cache = createReadCache({ ttlMs: 5_000, now: time.now });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    time.advance(4_999);
    expect(await cache.get("k", load)).toEqual({ n: 1 });
    time.advance(1);
    expect(await cache.get("k", load)).toEqual({ n: 2 });
  });

  it("shares one load between concurrent misses", async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    let loads = 0;
    const gate = deferred<string>();
    const results = Promise.all(
      Array.from({ length: 50 }, () =>
        cache.get("k", () => {
          loads += 1;
          return gate.promise;
        }),
      ),
    );
    gate.resolve("value");
    expect(await results).toEqual(Array(50).fill("value"));
    expect(loads).toBe(1);
  });

  it("does not keep a result whose load began before a clear", async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    const gate = deferred<string>();
    const stale = cache.get("k", () => gate.promise);
    cache.clear();
    gate.resolve("before the write");
    expect(await stale).toBe("before the write");
    expect(await cache.get("k", async () => "after the write")).toBe("after the write");
  });

  it("does not keep failures", async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    await expect(cache.get("k", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get("k", async () => "recovered")).toBe("recovered");
  });

  it("drops the oldest entries when the stored rows pass the limit", async () => {
    const cache = createReadCache({ ttlMs: 5_000, maxWeight: 10 });
    let loads = 0;
    const rows = (n: number) => async () => {
      loads += 1;
      return Array.from({ length: n }, (_, i) => i);
    };
    await cache.get("a", rows(6));
    await cache.get("b", rows(6));
    expect(loads).toBe(2);
    await cache.get("b", rows(6));
    expect(loads).toBe(2);
    await cache.get("a", rows(6));
    expect(loads).toBe(3);
  });

  it("hands out frozen results, so one caller cannot change another's", async () => {
    const cache = createReadCache({ ttlMs: 5_000 });
    const value = await cache.get("k", async () => ({ items: [{ name: "Ball" }] }));
    expect(() => {
      (value.items[0] as { name: string }).name = "Changed";
    }).toThrow(TypeError);
  });

  it("with a zero lifetime always loads", async () => {
    const cache = createReadCache({ ttlMs: 0 });
    let loads = 0;
    await cache.get("k", async () => ++loads);
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("wraps service reads by arguments and clears them after writes, even failed ones", async () => {
    const cache = createReadCache({ ttlMs: 60_000 });
    const rows = new Map<number, string>([[1, "Ball"]]);
    const reads = withReadCache(
      {
        async get(id: number) {
          return rows.get(id) ?? null;
        },
      },
      cache,
      "toys",
      ["get"],
    );
    const writes = clearingReadCache(
      {
        async rename(id: number, name: string) {
          rows.set(id, name);
          if (name === "") throw new Error("half-done write");
        },
      },
      cache,
      ["rename"],
    );
    expect(await reads.get(1)).toBe("Ball");
    expect(await reads.get(2)).toBeNull();
    rows.set(1, "Rope");
    expect(await reads.get(1)).toBe("Ball");
    await writes.rename(1, "Frisbee");
    expect(await reads.get(1)).toBe("Frisbee");
    await expect(writes.rename(1, "")).rejects.toThrow("half-done write");
    expect(await reads.get(1)).toBe("");
  });
});
