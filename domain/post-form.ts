import { z } from "zod";
import { postExtrasSchema } from "./post-extras";
import { POST_AUTHOR } from "./post-links";
import { type PublishZone, publishDayOf, publishTimeOf } from "./post-text";
import { POST_TYPES, type Post, type PostStatus } from "./posts";
import { readingTimeOf } from "./reading-time";
import { slugify } from "./slug";
import { wireSchema } from "./wire-schema";

// The admin post form's rules and messages (spec/quiz-and-admin.md §5 "Post form"), shared by
// the form and POST/PATCH /api/posts. Upper limits are ours: they keep a post to a sane size.

export { POST_AUTHOR };

export const DEFAULT_READING_TIME = 5;
export const POST_CONTENT_MAX = 60_000;

/** Noon of a yyyy-mm-dd day in a zone, as an ISO instant. */
export function publishNoonOf(day: string, zone: PublishZone): string {
  return publishInstantOf(day, "12:00", zone);
}

/** A yyyy-mm-dd day at an hh:mm time of day in a zone, as an ISO instant. */
export function publishInstantOf(day: string, time: string, zone: PublishZone): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return zone === "utc"
    ? new Date(Date.UTC(year, month - 1, date, hours, minutes)).toISOString()
    : new Date(year, month - 1, date, hours, minutes, 0, 0).toISOString();
}

/**
 * The instant a save dates a post at (a later one schedules it), from the editor's day and
 * optional time in `zone`:
 * - 'Publish' on a post not yet live, dated today at no later time than it had: now;
 * - a day and time the post already had: its stored instant, to the second;
 * - a time given: that minute of that day;
 * - no time: now for today, noon of any other day (the spec's "publish time noon").
 */
export function publishInstant({
  day,
  time,
  zone,
  stored,
  publishing,
  now,
}: {
  day: string;
  /** hh:mm, or undefined when the time field is empty */
  time: string | undefined;
  zone: PublishZone;
  /** the instant the post has now; null for a new post */
  stored: string | null;
  /** 'Publish' pressed on a draft or a new post */
  publishing: boolean;
  now: Date;
}): string {
  const unchanged =
    stored !== null &&
    publishDayOf(stored, zone) === day &&
    (time === undefined || publishTimeOf(stored, zone) === time);
  const today = day === publishDayOf(now, zone);
  if (publishing && today && (time === undefined || unchanged) && !(unchanged && new Date(stored ?? 0) > now)) {
    return now.toISOString();
  }
  if (unchanged && stored) return stored;
  if (time !== undefined) return publishInstantOf(day, time, zone);
  return today ? now.toISOString() : publishNoonOf(day, zone);
}

/** "2024-02-30" and "2024-13-01" are not days (a date input never sends them; a hand-made post may). */
function isCalendarDay(day: string): boolean {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(2000, 0, 1));
  check.setUTCFullYear(year, month - 1, date);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === date;
}

const optionalUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000, message)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v), message);

const IMAGE_URL_MESSAGE = "Image must be a web address (https://...) or an uploaded image";

export const postFields = wireSchema(() => ({
  title: z
    .string("Title must be at least 5 characters")
    .trim()
    .min(5, "Title must be at least 5 characters")
    .max(200, "Title must be at most 200 characters"),
  slug: z
    .string("Slug must be at least 3 characters")
    .trim()
    .min(3, "Slug must be at least 3 characters")
    .max(200, "Slug must be at most 200 characters")
    .regex(/^[a-z0-9-]+$/, "Slug can only contain lowercase letters, numbers, and hyphens"),
  excerpt: z
    .string("Excerpt must be at least 10 characters")
    .trim()
    .min(10, "Excerpt must be at least 10 characters")
    .max(1000, "Excerpt must be at most 1000 characters"),
  content: z
    .string("Content must be at least 50 characters")
    .trim()
    .min(50, "Content must be at least 50 characters")
    .max(POST_CONTENT_MAX, `Content must be at most ${POST_CONTENT_MAX} characters`),
  imageUrl: optionalUrl(IMAGE_URL_MESSAGE),
  publishedAt: z.iso
    .datetime({ offset: true, message: "Publish date must be a valid date" })
    .transform((v) => new Date(v).toISOString()),
  readingTime: z.coerce
    .number("Reading time must be at least 1 minute")
    .int("Reading time must be a whole number of minutes")
    .min(1, "Reading time must be at least 1 minute")
    .max(600, "Reading time must be at most 600 minutes"),
  postType: z.enum(POST_TYPES, { error: "Post type must be review, guide or comparison" }),
  categoryId: z.number().int().positive("Choose a category from the list").nullable(),
  authorName: z.string().trim().max(100).nullish(),
  authorImageUrl: optionalUrl(IMAGE_URL_MESSAGE),
}));

/**
 * A whole post as the API stores it. An empty slug is generated from the title (spec §5);
 * missing optional fields take the form's defaults.
 */
export const postInputSchema = wireSchema(() =>
  z
    .object({
      ...postFields,
      slug: z.string().trim().optional(),
      publishedAt: postFields.publishedAt.optional(),
      readingTime: postFields.readingTime.default(DEFAULT_READING_TIME),
      postType: postFields.postType.default("review"),
      categoryId: postFields.categoryId.default(null),
      imageUrl: postFields.imageUrl.default(null),
      authorName: postFields.authorName.transform((v) => v || POST_AUTHOR.name),
      authorImageUrl: postFields.authorImageUrl.transform((v) => v || POST_AUTHOR.imageUrl),
    })
    .transform((post, ctx) => {
      const slug = post.slug ? post.slug : slugify(post.title);
      const checked = postFields.slug.safeParse(slug);
      if (!checked.success) {
        for (const issue of checked.error.issues)
          ctx.addIssue({ code: "custom", path: ["slug"], message: issue.message });
        return z.NEVER;
      }
      return { ...post, slug: checked.data, publishedAt: post.publishedAt ?? new Date().toISOString() };
    }),
);

export type PostInput = z.output<typeof postInputSchema>;

/**
 * The buttons of the post editor: "save" keeps the post's status (a new post starts as a
 * draft) and goes back to the list, "stay" does the same and keeps the editor open, "publish"
 * publishes it (or schedules it, when its day is still ahead), "draft" takes it back to a draft.
 */
export const POST_INTENTS = ["save", "publish", "draft", "stay"] as const;
export type PostIntent = (typeof POST_INTENTS)[number];

const PUBLISH_DAY_MESSAGE = "Publish date must be a valid date";
const PUBLISH_TIME_MESSAGE = "Publish time must be a time of day (hh:mm)";

/**
 * The post form's fields as the form posts them (every value text; an empty one missing): the
 * publish day as yyyy-mm-dd, the category as "none" or an id, the slug empty to follow the title.
 */
export const postFormFields = wireSchema(() =>
  z.object({
    title: postFields.title,
    slug: z.string().trim().optional(),
    excerpt: postFields.excerpt,
    imageUrl: postFields.imageUrl,
    publishDay: z
      .string(PUBLISH_DAY_MESSAGE)
      .regex(/^\d{4}-\d{2}-\d{2}$/, PUBLISH_DAY_MESSAGE)
      .refine(isCalendarDay, PUBLISH_DAY_MESSAGE),
    /** hh:mm in the same zone as the day; empty: noon, or now for today */
    publishTime: z
      .string(PUBLISH_TIME_MESSAGE)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, PUBLISH_TIME_MESSAGE)
      .optional(),
    readingTime: postFields.readingTime,
    /** the "Work it out from the text" box: ticked, the reading time follows the body at every save */
    readingTimeAuto: z
      .boolean()
      .optional()
      .transform((on) => on === true),
    postType: postFields.postType,
    categoryId: z
      .string()
      .regex(/^(none|[1-9]\d{0,9})$/, "Choose a category from the list")
      .optional(),
    content: postFields.content,
    /** which button saved the form: keep the status, publish (or schedule), or switch to draft */
    intent: z.enum(POST_INTENTS).optional(),
    reviewedToyId: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, "Choose the reviewed toy from the list")
      .optional(),
    reviewRating: z
      .string()
      .regex(/^[1-5](\.[05])?$/, "Rating must be from 1 to 5, in halves (e.g. 4.5)")
      .optional(),
    metaTitle: z.string().optional(),
    metaDescription: z.string().optional(),
    socialImageUrl: z.string().optional(),
    imageAlt: z.string().optional(),
  }),
);

/** The status a save stores, from the button pressed and the post's status before. */
export function statusAfter(intent: PostIntent | undefined, current: PostStatus | null): "draft" | "published" {
  if (intent === "publish") return "published";
  if (intent === "draft") return "draft";
  return current === null || current === "draft" ? "draft" : "published";
}

/**
 * The admin post form (spec §2, §5), read by the browser before it calls the API and by the
 * page's action when the form was posted before the scripts ran: the form's fields, checked
 * with the API's messages, become the API's body and pass the API's own schema. The day and
 * time are read in `zone` (publishInstant); an edited post whose day and time did not change
 * keeps its stored instant.
 */
export function postFormSchema({
  zone,
  storedPublishedAt = null,
  currentStatus = null,
  now = () => new Date(),
}: {
  zone: PublishZone;
  storedPublishedAt?: string | null;
  /** the post's status before this save; null for a new post */
  currentStatus?: PostStatus | null;
  now?: () => Date;
}) {
  return (
    postFormFields
      // The slug is judged with the other fields, so all messages show at once. An empty one
      // follows the title: while the title is wrong, the title's own message says enough.
      .superRefine(
        (form, ctx) => {
          const typed = typeof form.slug === "string" ? form.slug.trim() : "";
          if (typed === "" && !postFields.title.safeParse(form.title).success) return;
          const checked = postFields.slug.safeParse(typed || slugify(String(form.title)));
          for (const issue of checked.error?.issues ?? []) {
            ctx.addIssue({ code: "custom", path: ["slug"], message: issue.message });
          }
        },
        { when: ({ value }) => typeof value === "object" && value !== null },
      )
      .transform((form): z.input<typeof postWriteSchema> => {
        const status = statusAfter(form.intent, currentStatus);
        const publishedAt = publishInstant({
          day: form.publishDay,
          time: form.publishTime,
          zone,
          stored: storedPublishedAt,
          publishing: form.intent === "publish" && currentStatus !== "published",
          now: now(),
        });
        return {
          title: form.title,
          slug: form.slug || slugify(form.title),
          excerpt: form.excerpt,
          content: form.content,
          imageUrl: form.imageUrl,
          publishedAt,
          // the server works it out again from the same text; the form shows it as it will be stored
          readingTime: form.readingTimeAuto ? readingTimeOf(form.content) : form.readingTime,
          readingTimeAuto: form.readingTimeAuto,
          postType: form.postType,
          categoryId: form.categoryId === undefined || form.categoryId === "none" ? null : Number(form.categoryId),
          // Spec §2: the form always sets the team byline.
          authorName: POST_AUTHOR.name,
          authorImageUrl: POST_AUTHOR.imageUrl,
          status,
          reviewedToyId: form.reviewedToyId ? Number(form.reviewedToyId) : null,
          reviewRating: form.reviewedToyId && form.reviewRating ? Number(form.reviewRating) : null,
          metaTitle: form.metaTitle ?? null,
          metaDescription: form.metaDescription ?? null,
          socialImageUrl: form.socialImageUrl ?? null,
          imageAlt: form.imageAlt ?? null,
        };
      })
      .pipe(postWriteSchema)
  );
}

/** A whole post as the editor saves it: the spec's fields and the extras (review, status, meta). */
export const postWriteSchema = wireSchema(() => z.intersection(postInputSchema, postExtrasSchema));
export type PostWrite = z.output<typeof postWriteSchema>;

/** Changes to a stored post as PATCH /api/posts/{id} sends them: any of the write's fields, unchecked. */
export type PostPatch = Readonly<Record<string, unknown>>;

function isFields(value: unknown): value is PostPatch {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * An edit of a stored post, to be checked whole with postInputSchema and postExtrasSchema: the
 * fields `patch` sends, over the post as stored (a patch that is not an object changes nothing).
 * - "scheduled" is how a published post with a date still ahead reads: kept, it stays published
 *   and so follows its date (a later date keeps it scheduled, a past one makes it live);
 * - a reading time sent without readingTimeAuto is a typed one (the spec's clients send one).
 */
export function postEditOf(stored: Post, patch: unknown): Record<string, unknown> {
  const changes = isFields(patch) ? patch : {};
  const { id: _id, updatedAt: _updatedAt, ...current } = stored;
  const typed = "readingTime" in changes && !("readingTimeAuto" in changes) ? { readingTimeAuto: false } : {};
  return {
    ...current,
    status: current.status === "scheduled" ? "published" : current.status,
    ...typed,
    ...changes,
  };
}
