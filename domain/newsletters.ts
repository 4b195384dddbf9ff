import { z } from "zod";
import { NEWSLETTER_STATUSES } from "./newsletter-status";
import { MAX_NEWSLETTER_CONTENT, MAX_NEWSLETTER_PREHEADER, MAX_NEWSLETTER_SUBJECT } from "./newsletter-text";
import type { PostBlock } from "./product-boxes";
import { wireSchema } from "./wire-schema";

// Newsletters the owner writes (or makes from a published post) and sends to every subscribed
// address through the outbox (issue 19): what the API takes and answers, shared with the pages.

const subject = wireSchema(() =>
  z
    .string("Subject must be at least 2 characters")
    .trim()
    .min(2, "Subject must be at least 2 characters")
    .max(MAX_NEWSLETTER_SUBJECT, `Subject must be at most ${MAX_NEWSLETTER_SUBJECT} characters`)
    // a header: a line break would end it
    .regex(/^[^\r\n\t]*$/, "Subject must be one line"),
);
const content = wireSchema(() =>
  z
    .string("Content must be at least 10 characters")
    .trim()
    .min(10, "Content must be at least 10 characters")
    .max(MAX_NEWSLETTER_CONTENT, `Content must be at most ${MAX_NEWSLETTER_CONTENT} characters`),
);

// The inbox's preview line: empty, null or missing for the body's first paragraph.
const preheader = wireSchema(() =>
  z
    .string("Preview text must be text")
    .trim()
    .max(MAX_NEWSLETTER_PREHEADER, `Preview text must be at most ${MAX_NEWSLETTER_PREHEADER} characters`)
    .regex(/^[^\r\n\t]*$/, "Preview text must be one line")
    .nullish()
    .transform((value) => value || null),
);

/** The compose form, and PATCH /api/admin/newsletters/{id} once merged over the stored draft. */
export const newsletterInputSchema = wireSchema(() => z.object({ subject, content, preheader }));
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;

/** "Send this post": a newsletter made from a published post. */
export const newsletterFromPostSchema = wireSchema(() =>
  z.object({
    postId: z.coerce
      .number("Choose a published post")
      .int("Choose a published post")
      .positive("Choose a published post")
      .max(2_147_483_647, "Choose a published post"),
  }),
);

/**
 * POST /api/admin/newsletters: `subject` and `content`, or `postId` (the post's title, body and
 * excerpt as the preview text; a subject or preview text given with it replaces the post's).
 */
export const newsletterCreateSchema = wireSchema(() =>
  z
    .object({
      subject: subject.optional(),
      content: content.optional(),
      // missing: none, or from a post its excerpt
      preheader: preheader.optional(),
      postId: z
        .number("postId must be a post's id")
        .int("postId must be a post's id")
        .positive("postId must be a post's id")
        .max(2_147_483_647, "postId must be a post's id")
        .optional(),
    })
    .superRefine((input, ctx) => {
      if (input.postId !== undefined) return;
      if (input.subject === undefined)
        ctx.addIssue({ code: "custom", path: ["subject"], message: "Subject must be at least 2 characters" });
      if (input.content === undefined)
        ctx.addIssue({ code: "custom", path: ["content"], message: "Content must be at least 10 characters" });
    }),
);
export type NewsletterCreate = z.infer<typeof newsletterCreateSchema>;

/** Where a newsletter's deliveries stand: each subscriber's message is in exactly one of these. */
export const newsletterCountsSchema = wireSchema(() =>
  z.object({
    /** subscribed addresses that have not been given their message yet (a draft: who would get it now) */
    waiting: z.number().int().nonnegative(),
    /** messages in the outbox, not sent yet */
    queued: z.number().int().nonnegative(),
    sent: z.number().int().nonnegative(),
    /** given up on (not a bounce): the mail server kept failing, or the message expired */
    failed: z.number().int().nonnegative(),
    /** refused for good by the receiving mail server: the address is marked bounced */
    bounced: z.number().int().nonnegative(),
  }),
);
export type NewsletterCounts = z.infer<typeof newsletterCountsSchema>;

/** One newsletter in the list of past ones. */
export const newsletterSummarySchema = wireSchema(() =>
  z.object({
    id: z.number().int().positive(),
    subject: z.string(),
    status: z.enum(NEWSLETTER_STATUSES),
    /** the post it was made from, if any */
    postId: z.number().int().positive().nullable(),
    /** ISO 8601 */
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    /** ISO 8601: when the send began; null for a draft */
    sendStartedAt: z.iso.datetime().nullable(),
    counts: newsletterCountsSchema,
    /** clicks through its /go links (`from=email:{id}`) */
    clicks: z.number().int().nonnegative(),
  }),
);
export type NewsletterSummary = z.infer<typeof newsletterSummarySchema>;

/** One newsletter with its body and the toys its readers clicked through to. */
export const newsletterSchema = wireSchema(() =>
  newsletterSummarySchema.extend({
    /** markdown, with the same [[toy:]] and [[compare:]] tokens as posts */
    content: z.string(),
    /** the inbox's preview line; null: the body's first paragraph */
    preheader: z.string().nullable(),
    toyClicks: z.array(
      z.object({
        toyId: z.number().int().positive(),
        name: z.string(),
        clicks: z.number().int().positive(),
      }),
    ),
  }),
);
export type Newsletter = z.infer<typeof newsletterSchema>;

/** The e-mail as subscribers will get it (both parts), and what the owner should fix first. */
export const newsletterPreviewSchema = wireSchema(() =>
  z.object({
    subject: z.string(),
    /** the preview line mail programs show after the subject (hidden in the message) */
    preheader: z.string(),
    html: z.string(),
    text: z.string(),
    /**
     * a product token no reader would see (unknown or deleted toy, malformed token, a token
     * inside a sentence): it is left out, and the newsletter cannot be sent until it is fixed
     */
    warnings: z.array(z.object({ token: z.string(), reason: z.string() })),
    /** images left out of the e-mail because mail programs would not show them (SVG, WebP, a deleted upload) */
    leftOutImages: z.array(z.object({ src: z.string(), reason: z.string() })),
  }),
);
export type NewsletterPreview = z.infer<typeof newsletterPreviewSchema>;

/** Product token text (`[[toy:...]]`, `[[compare:...]]`) wherever it is, also where it is no token. */
export const PRODUCT_TOKEN_TEXT = /\[\[(?:toy|compare):[^\]\n]*\]\]/g;

const STRAY_TOKEN_REASON =
  "A product token works only on a line of its own, not inside a sentence, a list or a quote: put it on its own line or remove it.";

/**
 * What stops a newsletter's body from reaching inboxes as written: each token the admin
 * blocks mark missing (unknown or deleted toy, malformed token), and each token that stayed
 * text because it is not on a line of its own (readers would get it raw).
 */
export function newsletterTokenWarnings(adminBlocks: readonly PostBlock[]): { token: string; reason: string }[] {
  const warnings = adminBlocks.flatMap((block) => {
    if (block.kind === "missing") return [{ token: block.token, reason: block.reason }];
    if (block.kind !== "html") return [];
    return [...block.html.matchAll(PRODUCT_TOKEN_TEXT)].map((match) => ({
      token: match[0],
      reason: STRAY_TOKEN_REASON,
    }));
  });
  // one line per token, however often the body repeats it
  return [...new Map(warnings.map((warning) => [warning.token, warning])).values()];
}

/** Why a send does not start (POST /api/admin/newsletters/{id}/send answers 409 with these). */
export const NEWSLETTER_SEND_TEXT = {
  noPostalAddress:
    "This newsletter cannot be sent yet: the law (CAN-SPAM) requires your postal address in every newsletter, and none is set. Add it in Settings, then send.",
  unresolvedTokens: (tokens: readonly string[]) =>
    `This newsletter cannot be sent yet: ${tokens.length === 1 ? "a product token does" : `${tokens.length} product tokens do`} not resolve: ${tokens.join(", ")}. Fix or remove ${tokens.length === 1 ? "it" : "them"} in the draft, save, then send.`,
} as const;

/** The placement of a newsletter's /go links (counted per newsletter, issue 19). */
export function newsletterPlacement(id: number): `email:${number}` {
  return `email:${id}`;
}

/** The subject of a test send: marked, so the owner never mistakes it for the real one. */
export function testSubject(subjectText: string): string {
  return `[Test] ${subjectText}`;
}
