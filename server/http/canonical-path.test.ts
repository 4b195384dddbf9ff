import { describe, expect, it } from "vitest";
import { checkPath, isApiPath, normalizePath } from "./canonical-path";

describe("checkPath", () => {
  it("passes paths already in their one form", () => {
    for (const path of [
      "/",
      "/products",
      "/reviews/best-rope-toys",
      "/api/toys/1",
      "/api/admin/",
      "/guides/caf%C3%A9",
    ]) {
      expect({ path, verdict: checkPath(path) }).toEqual({ path, verdict: { kind: "canonical" } });
    }
  });

  it("sends other spellings of the same path to its one form", () => {
    const cases: [string, string][] = [
      ["//products", "/products"],
      ["/reviews//x", "/reviews/x"],
      ["/./about", "/about"],
      ["/x/../about", "/about"],
      ["/%61bout", "/about"],
      ["/%2e%2e/about", "/about"],
      ["/about/.", "/about/"],
      ["/a/b/..", "/a/"],
      ["/%7Euser", "/~user"],
      ["/../../etc/passwd", "/etc/passwd"],
    ];
    for (const [path, to] of cases)
      expect({ path, verdict: checkPath(path) }).toEqual({ path, verdict: { kind: "redirect", path: to } });
  });

  it("never redirects to another host", () => {
    for (const path of ["//evil.example/x", "///evil.example", "/.//evil.example", "/%2F%2Fevil.example"]) {
      const verdict = checkPath(path);
      if (verdict.kind === "redirect") expect(verdict.path).toMatch(/^\/[^/\\]/);
    }
    expect(normalizePath("//")).toBe("/");
  });

  it("refuses control characters, backslashes and broken escapes", () => {
    for (const path of ["/reviews/%00", "/a%0a", "/a%7F", "/a\\b", "/a%5cb", "/a%", "/a%zz", "relative"]) {
      expect({ path, verdict: checkPath(path) }).toEqual({ path, verdict: { kind: "bad" } });
    }
  });
});

describe("isApiPath", () => {
  it("recognises /api however it is spelled", () => {
    for (const path of ["/api", "/api/toys", "/API/toys", "//api/x", "/%61pi/x", "/Api"])
      expect(isApiPath(path)).toBe(true);
    for (const path of ["/apis", "/products", "/about/api"]) expect(isApiPath(path)).toBe(false);
  });
});
