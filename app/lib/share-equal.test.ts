import { describe, expect, it } from "vitest";
import { shareEqual } from "./share-equal";

describe("shareEqual", () => {
  const toy = (id: number, price = "9.99") => ({ id, name: `Toy ${id}`, price, tags: ["ball"] });

  it("returns the previous value when the new one is deep-equal", () => {
    const previous = { ok: true, data: [toy(1), toy(2)] };
    const next = structuredClone(previous);
    expect(shareEqual(previous, next)).toBe(previous);
  });

  it("keeps the unchanged parts and gives the changed ones new identities", () => {
    const previous = { ok: true, data: [toy(1), toy(2), toy(3)] };
    const next = { ok: true, data: [toy(1), toy(2, "12.00"), toy(3)] };
    const shared = shareEqual(previous, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(previous);
    expect(shared.data).not.toBe(previous.data);
    expect(shared.data[0]).toBe(previous.data[0]);
    expect(shared.data[1]).toEqual(next.data[1]);
    expect(shared.data[1]).not.toBe(previous.data[1]);
    expect(shared.data[1]?.tags).toBe(previous.data[1]?.tags);
    expect(shared.data[2]).toBe(previous.data[2]);
  });

  it("notices added, removed and renamed entries", () => {
    expect(shareEqual([toy(1)], [toy(1), toy(2)])).toEqual([toy(1), toy(2)]);
    expect(shareEqual([toy(1), toy(2)], [toy(1)])).toEqual([toy(1)]);
    const previous = { a: 1, b: undefined } as Record<string, unknown>;
    const next = { a: 1, c: undefined } as Record<string, unknown>;
    expect(shareEqual(previous, next)).not.toBe(previous);
    expect(Object.keys(shareEqual(previous, next))).toEqual(["a", "c"]);
    expect(shareEqual({ a: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
  });

  it("takes the new value when the kinds differ", () => {
    expect(shareEqual({ ok: false, error: "x" }, { ok: true, data: [] })).toEqual({ ok: true, data: [] });
    expect(shareEqual([1], { 0: 1 })).toEqual({ 0: 1 });
    expect(shareEqual(null, { a: 1 })).toEqual({ a: 1 });
    const date = new Date(0);
    expect(shareEqual(new Date(0), date)).toBe(date);
  });
});
