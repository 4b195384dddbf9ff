import { describe, expect, it } from "vitest";
import { diffLines } from "./line-diff";

describe("diffLines", () => {
  it("keeps unchanged lines and marks what was removed and added, in order", () => {
    expect(diffLines("a\nb\nc", "a\nB\nc\nd")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "same", text: "c" },
      { kind: "added", text: "d" },
    ]);
  });

  it("handles empty texts", () => {
    expect(diffLines("", "")).toEqual([{ kind: "same", text: "" }]);
    expect(diffLines("x", "")).toEqual([
      { kind: "removed", text: "x" },
      { kind: "added", text: "" },
    ]);
  });
});
