import { parseWithZod } from "@conform-to/zod/v4";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  postEditOf,
  postFormSchema,
  postWriteSchema,
  publishInstant,
  publishInstantOf,
  publishNoonOf,
} from "./post-form";
import { publishDayOf, publishTimeOf } from "./post-text";
import type { Post } from "./posts";

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
      readingTimeAuto: false,
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

describe("publish day and time (issue 26)", () => {
  const now = new Date("2026-11-25T09:30:00.000Z"); // 22:30 on the 25th in Auckland

  it("reads a day and a time in the browser's zone or in UTC, and back", () => {
    expect(publishInstantOf("2026-11-26", "18:45", "local")).toBe("2026-11-26T05:45:00.000Z");
    expect(publishInstantOf("2026-11-26", "18:45", "utc")).toBe("2026-11-26T18:45:00.000Z");
    expect(publishTimeOf("2026-11-26T05:45:00.000Z", "local")).toBe("18:45");
    expect(publishTimeOf("2026-11-26T05:45:00.000Z", "utc")).toBe("05:45");
  });

  it("schedules for the minute typed, keeps an unchanged instant, and publishes now when Publish is pressed today", () => {
    const base = { zone: "local" as const, now, publishing: false };
    // a time typed: that minute, ahead (scheduled) or behind (dated back)
    expect(publishInstant({ ...base, day: "2026-11-26", time: "18:45", stored: null })).toBe(
      "2026-11-26T05:45:00.000Z",
    );
    expect(publishInstant({ ...base, day: "2026-11-25", time: "08:00", stored: null, publishing: true })).toBe(
      "2026-11-24T19:00:00.000Z",
    );
    // no time: noon of another day, now for today
    expect(publishInstant({ ...base, day: "2026-11-27", time: undefined, stored: null })).toBe(
      publishNoonOf("2026-11-27", "local"),
    );
    expect(publishInstant({ ...base, day: "2026-11-25", time: undefined, stored: null })).toBe(now.toISOString());
    // the day and time it had: the stored instant to the second
    const stored = "2026-11-20T01:02:03.456Z"; // 14:02 on the 20th in Auckland
    expect(publishInstant({ ...base, day: "2026-11-20", time: "14:02", stored })).toBe(stored);
    expect(publishInstant({ ...base, day: "2026-11-20", time: undefined, stored })).toBe(stored);
    expect(publishInstant({ ...base, day: "2026-11-20", time: "14:03", stored })).toBe("2026-11-20T01:03:00.000Z");
    // Publish on a draft dated earlier today: now; on a draft set for later today: that time
    const earlierToday = "2026-11-25T01:00:00.000Z"; // 14:00 in Auckland
    expect(publishInstant({ ...base, day: "2026-11-25", time: "14:00", stored: earlierToday, publishing: true })).toBe(
      now.toISOString(),
    );
    const laterToday = "2026-11-25T10:15:00.000Z"; // 23:15 in Auckland
    expect(publishInstant({ ...base, day: "2026-11-25", time: "23:15", stored: laterToday, publishing: true })).toBe(
      laterToday,
    );
  });

  it("takes a time from the form, refuses one that is not a time of day, and keeps the 'stay' button's status", () => {
    const submission = parse({ ...valid, publishTime: "07:05" }, { zone: "utc" });
    expect(submission).toMatchObject({ value: { publishedAt: "2001-02-03T07:05:00.000Z" } });
    expect(errorsOf(parse({ ...valid, publishTime: "25:00" }))).toEqual({
      publishTime: ["Publish time must be a time of day (hh:mm)"],
    });
    expect(parse({ ...valid, intent: "stay" }, { zone: "utc", currentStatus: "published" })).toMatchObject({
      value: { status: "published" },
    });
    expect(parse({ ...valid, intent: "stay" }, { zone: "utc", currentStatus: null })).toMatchObject({
      value: { status: "draft" },
    });
  });
});

describe("reading time (issue 26)", () => {
  const words = (n: number) => Array.from({ length: n }, () => "woof").join(" ");

  it("is worked out from the text while the box is ticked, and kept as typed once it is not", () => {
    const long = `${words(450)}\n\n${CONTENT}`;
    expect(parse({ ...valid, content: long, readingTime: "9", readingTimeAuto: "on" })).toMatchObject({
      value: { readingTime: 3, readingTimeAuto: true },
    });
    expect(parse({ ...valid, content: long, readingTime: "9" })).toMatchObject({
      value: { readingTime: 9, readingTimeAuto: false },
    });
  });
});

describe("an edit of a stored post (issue 30)", () => {
  const stored: Post = {
    id: 7,
    title: "Bouncy Ball Review",
    slug: "bouncy-ball-review",
    excerpt: "A sturdy ball that survives a season of fetch.",
    content: CONTENT,
    imageUrl: null,
    postType: "review",
    publishedAt: "2099-01-01T12:00:00.000Z",
    readingTime: 3,
    readingTimeAuto: true,
    categoryId: 2,
    authorName: "Pawsome Picks Team",
    authorImageUrl: "/placeholder.svg",
    updatedAt: "2026-01-01T00:00:00.000Z",
    reviewedToyId: 4,
    reviewRating: 4.5,
    status: "scheduled",
    metaTitle: null,
    metaDescription: null,
    socialImageUrl: null,
    imageAlt: "A ball",
  };
  const whole = (patch: unknown) => postWriteSchema.parse(postEditOf(stored, patch));

  it("keeps every field the patch does not send, and a scheduled post published so it follows its date", () => {
    const { id: _id, updatedAt: _updatedAt, ...fields } = stored;
    expect(whole({ title: "Bouncy Ball, Retested" })).toEqual({
      ...fields,
      title: "Bouncy Ball, Retested",
      status: "published",
    });
    expect(whole({ status: "draft" })).toMatchObject({ status: "draft" });
    expect(postEditOf({ ...stored, status: "draft" }, {})).toMatchObject({ status: "draft" });
  });

  it("takes a reading time sent alone as typed, and one sent with the box as the box says", () => {
    expect(whole({ readingTime: 9 })).toMatchObject({ readingTime: 9, readingTimeAuto: false });
    expect(whole({ readingTime: 9, readingTimeAuto: true })).toMatchObject({ readingTimeAuto: true });
    expect(whole({ content: `${CONTENT} More.` })).toMatchObject({ readingTimeAuto: true });
  });

  it("changes nothing for a patch that is not an object", () => {
    for (const patch of [undefined, null, "title", 5, ["title"]]) {
      expect(postEditOf(stored, patch)).toEqual(postEditOf(stored, {}));
    }
  });
});
