import { describe, expect, it } from "vitest";
import { bodyLineChanges, changedFields, type PostVersion, savesOf } from "./post-revisions";

const version: PostVersion = {
  title: "Ten Tough Toys",
  slug: "ten-tough-toys",
  excerpt: "Toys that last.",
  content: "Intro.\n\nFirst toy.\n\nOutro.",
  imageUrl: null,
  publishedAt: "2026-11-20T12:00:00.000Z",
  readingTime: 3,
  postType: "guide",
  categoryId: null,
  reviewedToyId: null,
  reviewRating: null,
  status: "published",
  metaTitle: null,
  metaDescription: "",
  socialImageUrl: null,
  imageAlt: null,
  readingTimeAuto: false,
};

describe("what a save changed", () => {
  it("names the fields that differ, treating empty and missing alike", () => {
    expect(changedFields(version, { ...version })).toEqual([]);
    expect(changedFields(version, { ...version, metaDescription: null, readingTimeAuto: undefined })).toEqual([
      "readingTimeAuto",
    ]);
    expect(
      changedFields(version, { ...version, content: "Intro.\n\nA new toy.\n\nOutro.", title: "Eleven Tough Toys" }),
    ).toEqual(["title", "content"]);
  });

  it("counts the body's lines added and removed", () => {
    expect(bodyLineChanges(version.content, "Intro.\n\nA new toy.\n\nOutro.\n\nP.S.")).toEqual({
      added: 3,
      removed: 1,
    });
    expect(bodyLineChanges(version.content, version.content)).toEqual({ added: 0, removed: 0 });
  });

  it("pairs each revision with the version its save made: the next newer one, the post for the newest", () => {
    const oldest = { id: 1, post: { ...version, title: "One" } };
    const middle = { id: 2, post: { ...version, title: "Two" } };
    const now = { ...version, title: "Three" };
    const saves = savesOf([middle, oldest], now);
    expect(saves.map(({ revision, after }) => [revision.id, after.title])).toEqual([
      [2, "Three"],
      [1, "Two"],
    ]);
  });
});
