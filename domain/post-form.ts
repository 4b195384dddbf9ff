import { z } from "zod";
import "./zod-config";
import { POST_AUTHOR, POST_TYPES } from "./posts";

// The admin post form's rules and messages (spec/quiz-and-admin.md §5 "Post form"), shared by
// the form and POST/PATCH /api/posts. Upper limits are ours: they keep a post to a sane size.

export { POST_AUTHOR };

export const DEFAULT_READING_TIME = 5;
export const POST_CONTENT_MAX = 60_000;

/** "Best Chew Toys: 2024's Top 10!" -> "best-chew-toys-2024s-top-10" (lowercase, punctuation dropped, spaces to hyphens). */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Noon (local time of the browser that picked it) of a yyyy-mm-dd day, as an ISO instant. */
export function publishDateAtNoon(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 12, 0, 0, 0).toISOString();
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

export const postFields = {
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
};

/**
 * A whole post as the API stores it. An empty slug is generated from the title (spec §5);
 * missing optional fields take the form's defaults.
 */
export const postInputSchema = z
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
  });

export type PostInput = z.output<typeof postInputSchema>;
