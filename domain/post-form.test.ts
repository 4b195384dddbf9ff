import { parseWithZod } from "@conform-to/zod/v4";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postFormSchema, postWriteSchema, publishDayOf, publishNoonOf } from "./post-form";

// The post form's schema as the kit runs it: Conform's parse of the posted fields (every value
// text, an empty one missing), in the browser's zone or, for a form posted before its scripts
// ran, in UTC.

const CONTENT = "## Why we like it\n\nThis ball is **tough**, *bouncy* and easy to find in tall grass.";

function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

const valid = {
  title: "Bouncy Ball Review",
  slug: "",
  excerpt: "A sturdy ball that survives a season of fetch.",
  imageUrl: "",
  publishDay: "2001-02-03",
  readingTime: "5",
  postType: "review",
  categoryId: "none",
  content: CONTENT,
};

function parse(values: Record<string, string>, options: Parameters<typeof postFormSchema>[0] = { zone: "utc" }) {
  return parseWithZod(formData(values), { schema: postFormSchema(options) });
}

function errorsOf(submission: ReturnType<typeof parse>) {
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

// A browser in New Zealand in February (UTC+13): its day starts 13 hours before UTC's.
const zone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = "Pacific/Auckland";
});
afterEach(() => {
  process.env.TZ = zone;
});

describe("post form", () => {
  it("turns the form into the API's body: generated slug, team byline, no category", () => {
    const submission = parse(valid);
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({
      title: "Bouncy Ball Review",
      slug: "bouncy-ball-review",
      excerpt: valid.excerpt,
      content: CONTENT,
      imageUrl: null,
      publishedAt: "2001-02-03T12:00:00.000Z",
      readingTime: 5,
      postType: "review",
      categoryId: null,
      authorName: "Pawsome Picks Team",
      authorImageUrl: "/placeholder.svg",
      // a new post starts as a draft (issue 18); no review, no meta
      status: "draft",
      reviewedToyId: null,
      reviewRating: null,
      metaTitle: null,
      metaDescription: null,
      socialImageUrl: null,
      imageAlt: null,
    });
    // What the browser sends is what the API stores.
    expect(postWriteSchema.parse(submission.value)).toEqual(submission.value);
  });

  it("stores noon of the chosen day in the browser's zone, so the day shown is the day stored", () => {
    const submission = parse(valid, { zone: "local" });
    if (submission.status !== "success") throw new Error("refused");
    expect(submission.value.publishedAt).toBe("2001-02-02T23:00:00.000Z");
    expect(publishDayOf(submission.value.publishedAt, "local")).toBe("2001-02-03");
    // The same instant is the 2nd in UTC: the reason the zone is the browser's.
    expect(publishDayOf(submission.value.publishedAt, "utc")).toBe("2001-02-02");
  });

  it("keeps the stored instant while the day is unchanged, and moves to noon when it changes", () => {
    const stored = "2001-02-03T08:30:00.000Z"; // 21:30 on the 3rd in Auckland
    const local = { zone: "local", storedPublishedAt: stored } as const;
    expect(parse({ ...valid, publishDay: "2001-02-03" }, local)).toMatchObject({ value: { publishedAt: stored } });
    expect(parse({ ...valid, publishDay: "2001-02-04" }, local)).toMatchObject({
      value: { publishedAt: publishNoonOf("2001-02-04", "local") },
    });
    // Before the scripts ran, the form showed the UTC day of the same instant.
    const utc = { zone: "utc", storedPublishedAt: stored } as const;
    expect(parse({ ...valid, publishDay: "2001-02-03" }, utc)).toMatchObject({ value: { publishedAt: stored } });
  });

  it("says every problem at once, each under its field, with the spec's messages", () => {
    const submission = parse({ ...valid, title: "", excerpt: "short", content: "", readingTime: "0" });
    expect(errorsOf(submission)).toEqual({
      title: ["Title must be at least 5 characters"],
      excerpt: ["Excerpt must be at least 10 characters"],
      content: ["Content must be at least 50 characters"],
      readingTime: ["Reading time must be at least 1 minute"],
    });
  });

  it("judges a typed slug with the other fields, and a generated one only when the title is right", () => {
    expect(errorsOf(parse({ ...valid, slug: "ab", content: "" }))).toEqual({
      slug: ["Slug must be at least 3 characters"],
      content: ["Content must be at least 50 characters"],
    });
    expect(errorsOf(parse({ ...valid, slug: "Bad Slug!" }))).toEqual({
      slug: ["Slug can only contain lowercase letters, numbers, and hyphens"],
    });
    // A title of punctuation only makes no slug at all.
    expect(errorsOf(parse({ ...valid, title: "!!!!!!!" }))).toMatchObject({
      slug: ["Slug must be at least 3 characters", "Slug can only contain lowercase letters, numbers, and hyphens"],
    });
    expect(errorsOf(parse({ ...valid, title: "" }))).toEqual({ title: ["Title must be at least 5 characters"] });
    expect(parse({ ...valid, slug: "  my-own-slug " })).toMatchObject({ value: { slug: "my-own-slug" } });
  });

  it("refuses a day that is not one, a reading time that is not a number and an unknown category", () => {
    expect(errorsOf(parse({ ...valid, publishDay: "2001-02-30" }))).toEqual({
      publishDay: ["Publish date must be a valid date"],
    });
    expect(errorsOf(parse({ ...valid, publishDay: "" }))).toEqual({
      publishDay: ["Publish date must be a valid date"],
    });
    expect(errorsOf(parse({ ...valid, readingTime: "" }))).toEqual({
      readingTime: ["Reading time must be at least 1 minute"],
    });
    expect(errorsOf(parse({ ...valid, categoryId: "abc" }))).toEqual({
      categoryId: ["Choose a category from the list"],
    });
    expect(parse({ ...valid, categoryId: "7", postType: "guide" })).toMatchObject({
      value: { categoryId: 7, postType: "guide" },
    });
  });
});
