import { describe, expect, it } from "vitest";
import { postPath } from "./post-links";
import { postSlugOfPath } from "./posts";

describe("postSlugOfPath", () => {
  it("reads the slug of either section's post page, as postPath writes them", () => {
    expect(postSlugOfPath(postPath({ postType: "review", slug: "kong-classic" }))).toBe("kong-classic");
    expect(postSlugOfPath(postPath({ postType: "guide", slug: "puppy-teething-101" }))).toBe("puppy-teething-101");
    // either section shows any post (loadPostDetail)
    expect(postSlugOfPath("/guides/kong-classic")).toBe("kong-classic");
  });

  it("reads the section as the router matches it: any case, a trailing slash allowed", () => {
    expect(postSlugOfPath("/Reviews/kong-classic")).toBe("kong-classic");
    expect(postSlugOfPath("/GUIDES/kong-classic/")).toBe("kong-classic");
    expect(postSlugOfPath("/reviews/kong-classic/")).toBe("kong-classic");
  });

  it("undoes escapes, and names no post with a slug that cannot be one", () => {
    expect(postSlugOfPath("/reviews/kong%2Dclassic")).toBe("kong-classic");
    // slugs are looked up exactly, and are lower case
    expect(postSlugOfPath("/reviews/Kong-Classic")).toBeNull();
    expect(postSlugOfPath("/reviews/%E0%A4%A")).toBeNull();
    expect(postSlugOfPath("/reviews/kong%2Fclassic")).toBeNull();
    expect(postSlugOfPath("/reviews/kong classic")).toBeNull();
    expect(postSlugOfPath(`/reviews/${"a".repeat(201)}`)).toBeNull();
  });

  it("is null for every other page", () => {
    for (const path of [
      "/",
      "/reviews",
      "/reviews/",
      "/guides//kong",
      "/reviews/kong/comments",
      "/toys/kong",
      "/admin/posts/3/preview",
      "/search",
      "/reviews/kong//",
    ]) {
      expect(postSlugOfPath(path), path).toBeNull();
    }
  });
});
