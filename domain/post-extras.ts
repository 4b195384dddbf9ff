import { z } from "zod";
import { META_DESCRIPTION_MAX, META_TITLE_MAX } from "./post-text";
import { POST_STATUSES } from "./posts";
import { wireSchema } from "./wire-schema";

// The post fields beyond the spec's form (spec/quiz-and-admin.md §5 "Post form"), shared by the
// editor and POST/PATCH /api/posts:
// - what a review says about the toy it reviews (issue 17): which toy (its buy box and the
//   JSON-LD `itemReviewed`) and the editor's rating (`reviewRating`);
// - the editorial workflow (issue 18): status, and the search and sharing fields.
// All optional: a client that sends none keeps what the post had (PATCH) or gets today's
// behaviour (POST: published, no review, no meta).

const optionalText = (max: number, label: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A web address or a path of this site (an uploaded image), like the featured image. */
const optionalImage = (label: string) =>
  optionalText(2000, label).refine(
    (v) => v === null || /^https?:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v),
    `${label} must be a web address (https://...) or an uploaded image`,
  );

export const postExtrasSchema = wireSchema(() =>
  z.object({
    reviewedToyId: z
      .number("Choose the reviewed toy from the list")
      .int("Choose the reviewed toy from the list")
      .positive("Choose the reviewed toy from the list")
      .max(2_147_483_647, "Choose the reviewed toy from the list")
      .nullable()
      .default(null),
    reviewRating: z
      .number("Rating must be a number from 1 to 5")
      .min(1, "Rating must be from 1 to 5")
      .max(5, "Rating must be from 1 to 5")
      .multipleOf(0.5, "Rating must be given in halves (e.g. 4.5)")
      .nullable()
      .default(null),
    /**
     * draft: only the admin sees it. published: live from its publish date on (a date still
     * ahead makes it scheduled). scheduled: the same as published, but the date must be ahead.
     */
    status: z.enum(POST_STATUSES, { error: "Status must be draft, scheduled or published" }).default("published"),
    metaTitle: optionalText(META_TITLE_MAX, "Meta title").default(null),
    metaDescription: optionalText(META_DESCRIPTION_MAX, "Meta description").default(null),
    socialImageUrl: optionalImage("Social image").default(null),
    imageAlt: optionalText(300, "Image alt text").default(null),
    /**
     * true: the reading time is worked out from the body at every save (the editor's default);
     * false (the spec's clients, who send one): the reading time given is kept
     */
    readingTimeAuto: z.boolean("readingTimeAuto must be true or false").default(false),
  }),
);

export type PostExtras = z.output<typeof postExtrasSchema>;
