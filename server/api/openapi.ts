import type { Request } from "express";
import { z } from "zod";
import { apiErrorSchema } from "#domain/api-error.ts";
import { auditEntrySchema, auditListQuerySchema } from "#domain/audit.ts";
import {
  loginAnswerSchema,
  loginSchema,
  passwordChangedSchema,
  passwordChangeSchema,
  sessionAnswerSchema,
} from "#domain/auth.ts";
import { breedDeleteQuerySchema, breedInputSchema } from "#domain/breed-form.ts";
import {
  adminToySchema,
  breedRecommendationsSchema,
  breedSchema,
  categoryRefSchema,
  categorySchema,
  quizRecommendationsSchema,
  recommendationSchema,
  toyBreedLinkSchema,
  toyCategoryLinkSchema,
  toyQuerySchema,
  toySchema,
} from "#domain/catalog.ts";
import {
  CATALOGUE_CSV_FILENAME,
  CATALOGUE_IMPORT_FIELD,
  CATALOGUE_IMPORT_MAX_BYTES,
  CATALOGUE_IMPORT_MAX_ROWS,
  catalogueImportQuerySchema,
  catalogueImportRefusalSchema,
  catalogueImportReportSchema,
} from "#domain/catalogue-csv.ts";
import { categoryDeleteQuerySchema, categoryInputSchema, categoryOrderSchema } from "#domain/category-form.ts";
import { contactRequestSchema } from "#domain/contact.ts";
import { QUIZ_CSV_FILENAME } from "#domain/csv.ts";
import {
  EARNINGS_CSV_FILENAME_PATTERN,
  EARNINGS_MAX_DAYS,
  earningsQuerySchema,
  earningsReportSchema,
  trackingIdMappingSchema,
  trackingIdSummarySchema,
  unmatchedItemSchema,
  unmatchedQuerySchema,
} from "#domain/earnings.ts";
import {
  EARNINGS_IMPORT_FIELD,
  EARNINGS_IMPORTS_LISTED,
  earningsImportReportSchema,
  earningsImportSchema,
  earningsImportSummarySchema,
  MAX_KEPT_IMPORT_ERRORS,
} from "#domain/earnings-import.ts";
import { GENERIC_EARNINGS_COLUMNS } from "#domain/earnings-report.ts";
import { formSavedReplySchema, formSentReplySchema } from "#domain/form-reply.ts";
import { MAX_DATABASE_ID } from "#domain/ids.ts";
import {
  contactMessageSchema,
  contactMessageSummarySchema,
  messageListQuerySchema,
  messageReplySchema,
  messageUpdateSchema,
} from "#domain/inbox.ts";
import {
  clickBreakdownSchema,
  contentCountsSchema,
  dailyStatsSchema,
  dashboardSchema,
  quizSubmissionItemSchema,
  quizSubmissionsSummarySchema,
  toyClicksSchema,
} from "#domain/insights.ts";
import { linkCheckCountsSchema, linkProblemSchema } from "#domain/link-health.ts";
import { mediaItemSchema, mediaQuerySchema, mediaUsageSchema } from "#domain/media.ts";
import { mediaAltTextSchema } from "#domain/media-form.ts";
import {
  newsletterCountsSchema,
  newsletterCreateSchema,
  newsletterInputSchema,
  newsletterPreviewSchema,
  newsletterSchema,
  newsletterSummarySchema,
} from "#domain/newsletters.ts";
import {
  dataErasureSchema,
  erasureListQuerySchema,
  personalDataQuerySchema,
  personalDataSchema,
} from "#domain/personal-data.ts";
import { PERSONAL_DATA_FILENAME } from "#domain/personal-data-text.ts";
import { postExtrasSchema } from "#domain/post-extras.ts";
import { postInputSchema } from "#domain/post-form.ts";
import { postBulkResultSchema, postBulkSchema } from "#domain/post-list.ts";
import { postRevisionSchema, postSchema, postSummarySchema } from "#domain/posts.ts";
import {
  postBlockSchema,
  postPreviewRequestSchema,
  postPreviewSchema,
  productBoxToySchema,
} from "#domain/product-boxes.ts";
import { optionalSlugSchema, productInputSchema } from "#domain/product-form.ts";
import { productBulkResultSchema, productBulkSchema } from "#domain/product-list.ts";
import { productSyncRunSchema, toyPriceStateSchema } from "#domain/product-sync.ts";
import { quizAnswersSchema, quizStepBodySchema, quizSubmissionSchema } from "#domain/quiz.ts";
import { quizFunnelQuerySchema, quizFunnelSchema } from "#domain/quiz-funnel.ts";
import { searchAnswerSchema, searchQuerySchema } from "#domain/search.ts";
import { siteSettingsInputSchema, siteSettingsSchema } from "#domain/site-settings.ts";
import {
  SUBSCRIBERS_CSV_FILENAME,
  subscriberExportQuerySchema,
  subscriberListQuerySchema,
  subscriberSchema,
  subscriberUpdateSchema,
} from "#domain/subscribers.ts";
import { testimonialSchema } from "#domain/testimonials.ts";
import { trashItemSchema } from "#domain/trash.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_FIELD, uploadErrorSchema, uploadSuccessSchema } from "#domain/uploads.ts";
import { isPublicApiCall } from "#server/http/access.ts";
import { setCacheControl } from "#server/http/private-answers.ts";
import { createRouter } from "#server/http/router.ts";
import { breedLinkSchema, categoryLinkSchema } from "./admin-content";
import { dashboardQuerySchema, exportQuerySchema, submissionsQuerySchema } from "./insights";

// The OpenAPI 3.1 description of /api. Requests are described by the Zod schemas the routes
// validate with, answers by the domain's wire schemas the services' return types come from, so
// the document cannot drift from the server: openapi.test.ts checks that every route the
// Express routers register is described here (and nothing more), contract.test.ts calls every
// operation and validates each real answer against it, and `npm test` lints it with Redocly.

type JsonSchema = Record<string, unknown>;
type Method = "get" | "post" | "put" | "patch" | "delete";
type Tag = (typeof TAGS)[number]["name"];
type HeaderName = keyof typeof HEADERS;

const TAGS = [
  { name: "API", description: "This description of the API." },
  { name: "Catalogue", description: "Breeds, categories, toys and breed recommendations (public reads)." },
  { name: "Content", description: "Posts and testimonials (public reads)." },
  {
    name: "Search",
    description:
      "The site search over posts, toys and breeds (public; limited per client, a share the /search page draws on too; never cached).",
  },
  { name: "Forms", description: "The visitors' quiz and contact form (public; limited per client)." },
  { name: "Tracking", description: "Visit, page view and quiz step counting (public; limited per client)." },
  { name: "Admin session", description: "Signing the owner in and out, and the password." },
  { name: "Admin content", description: "The owner's writes: posts, products and their links, images." },
  { name: "Admin insights", description: "The owner's numbers: dashboard and quiz submissions." },
  { name: "Admin inbox", description: "Contact messages: read, archive, trash, reply from the site." },
  {
    name: "Admin audience",
    description: "Newsletter subscribers, newsletters and their sends, and visitors' data rights (export, erasure).",
  },
  { name: "Admin activity", description: "The audit log of the owner's actions (no personal data)." },
  {
    name: "Admin settings",
    description:
      "The owner's settings over the server's configuration (its environment variables are the defaults): Amazon Associates tags, the Creators API credential (its secret never answered), product feeds, sync and link check intervals, price age, postal address and affiliate disclosure.",
  },
  {
    name: "Admin product sources",
    description: "Prices, stock and links from the retailers' own sources (the Amazon Creators API, product feeds).",
  },
  {
    name: "Admin earnings",
    description:
      "What the site earns: the retailers' earnings and orders reports, imported line by line (decision 064).",
  },
] as const;

/** The answers' schemas, named: components/schemas of the document. */
const WIRE_SCHEMAS: Record<string, z.ZodType> = {
  Error: apiErrorSchema,
  Breed: breedSchema,
  Category: categorySchema,
  CategoryRef: categoryRefSchema,
  Toy: toySchema,
  SearchAnswer: searchAnswerSchema,
  AdminToy: adminToySchema,
  Recommendation: recommendationSchema,
  BreedRecommendations: breedRecommendationsSchema,
  ToyBreedLink: toyBreedLinkSchema,
  ToyCategoryLink: toyCategoryLinkSchema,
  PostSummary: postSummarySchema,
  Post: postSchema,
  Testimonial: testimonialSchema,
  QuizRecommendations: quizRecommendationsSchema,
  FormSentReply: formSentReplySchema,
  FormSavedReply: formSavedReplySchema,
  LoginAnswer: loginAnswerSchema,
  SessionAnswer: sessionAnswerSchema,
  PasswordChanged: passwordChangedSchema,
  UploadSuccess: uploadSuccessSchema,
  UploadError: uploadErrorSchema,
  QuizSubmission: quizSubmissionItemSchema,
  QuizSubmissionsSummary: quizSubmissionsSummarySchema,
  ContentCounts: contentCountsSchema,
  DailyStats: dailyStatsSchema,
  ToyClicks: toyClicksSchema,
  Dashboard: dashboardSchema,
  ClickBreakdown: clickBreakdownSchema,
  ProductBoxToy: productBoxToySchema,
  PostBlock: postBlockSchema,
  PostPreview: postPreviewSchema,
  PostRevision: postRevisionSchema,
  TrashItem: trashItemSchema,
  MediaUsage: mediaUsageSchema,
  MediaItem: mediaItemSchema,
  ProductBulkResult: productBulkResultSchema,
  PostBulkResult: postBulkResultSchema,
  ContactMessageSummary: contactMessageSummarySchema,
  ContactMessage: contactMessageSchema,
  Subscriber: subscriberSchema,
  NewsletterCounts: newsletterCountsSchema,
  NewsletterSummary: newsletterSummarySchema,
  Newsletter: newsletterSchema,
  NewsletterPreview: newsletterPreviewSchema,
  PersonalData: personalDataSchema,
  DataErasure: dataErasureSchema,
  AuditEntry: auditEntrySchema,
  SiteSettings: siteSettingsSchema,
  ProductSyncRun: productSyncRunSchema,
  ToyPriceState: toyPriceStateSchema,
  LinkCheckCounts: linkCheckCountsSchema,
  LinkProblem: linkProblemSchema,
  CatalogueImportReport: catalogueImportReportSchema,
  CatalogueImportRefusal: catalogueImportRefusalSchema,
  QuizFunnel: quizFunnelSchema,
  EarningsReport: earningsReportSchema,
  UnmatchedItem: unmatchedItemSchema,
  TrackingIdSummary: trackingIdSummarySchema,
  EarningsImportReport: earningsImportReportSchema,
  EarningsImportSummary: earningsImportSummarySchema,
  EarningsImport: earningsImportSchema,
};
type WireName = keyof typeof WIRE_SCHEMAS;

const HEADERS = {
  "X-Total-Count": {
    description: "How many items matched, on all pages together",
    schema: { type: "integer", minimum: 0 },
  },
  "Retry-After": {
    description: "Seconds to wait before trying again",
    schema: { type: "integer", minimum: 1 },
  },
  "Content-Disposition": {
    description: "Saves the answer as a file",
    schema: {
      type: "string",
      anyOf: [
        {
          enum: [QUIZ_CSV_FILENAME, SUBSCRIBERS_CSV_FILENAME, PERSONAL_DATA_FILENAME, CATALOGUE_CSV_FILENAME].map(
            (name) => `attachment; filename="${name}"`,
          ),
        },
        // the earnings export is named after its grouping and period
        { pattern: `^attachment; filename="${EARNINGS_CSV_FILENAME_PATTERN}"$` },
      ],
    },
  },
  "X-Unread-Count": {
    description: "How many messages in the inbox are unread",
    schema: { type: "integer", minimum: 0 },
  },
  "Set-Cookie": {
    description: "The session cookie (HttpOnly, SameSite=Lax; `__Host-` prefixed and Secure over HTTPS)",
    schema: { type: "string" },
  },
} as const;

interface Answer {
  description: string;
  /** a named wire schema, a list of one (`[name]`), or a JSON Schema */
  body?: WireName | [WireName] | JsonSchema;
  /** default application/json */
  contentType?: string;
  headers?: HeaderName[];
}

interface Operation {
  method: Method;
  /** OpenAPI path below /api, e.g. "/toys/{id}" */
  path: string;
  /** the Express route below /api, when its parameter names differ from the document's */
  route?: string;
  operationId: string;
  tag: Tag;
  summary: string;
  /** path parameters that are database ids, with what they name */
  ids?: Record<string, string>;
  /** other path parameters, as text, with what they name */
  pathStrings?: Record<string, string>;
  query?: z.ZodType | JsonSchema;
  body?: z.ZodType | JsonSchema;
  /**
   * a multipart body with one file instead of JSON: its field, its media type, and whose shape its
   * own refusals (400, 413, 415) take: the image upload's (the spec's) or the API's
   */
  multipart?: { field: string; mediaType: string; refusals: "upload" | "api" };
  /** the success answers by status */
  ok: Record<number, Answer>;
  /** client errors answered with a body of their own (not the API's Error) */
  refusals?: Record<number, Answer>;
  /**
   * client errors this operation answers itself; every operation also has 400 (the query) and
   * 503, writes 403, 413 and 415, admin calls 401 (see statusesOf)
   */
  errors?: number[];
}

const idSchema: JsonSchema = { type: "integer", minimum: 1, maximum: MAX_DATABASE_ID };

/** The JSON Schema (2020-12, OpenAPI 3.1's dialect) of what a request schema accepts. */
function inputSchema(schema: z.ZodType | JsonSchema): JsonSchema {
  if (!(schema instanceof z.ZodType)) return schema;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/**
 * The named wire schemas as components, each an answer's exact shape (`io: "output"`): an
 * object allows no property it does not list, so a field the document does not describe fails
 * validation. A named schema inside another becomes a $ref.
 */
function wireComponents(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(WIRE_SCHEMAS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]),
  );
}

/** One request body of two schemas' fields (the handler parses the body with both). */
function mergedBody(first: z.ZodType, second: z.ZodType): JsonSchema {
  const a = inputSchema(first) as { properties?: object; required?: string[] };
  const b = inputSchema(second) as { properties?: object; required?: string[] };
  return {
    ...a,
    properties: { ...a.properties, ...b.properties },
    required: [...(a.required ?? []), ...(b.required ?? [])],
  };
}

/** PATCH merges the given fields over the stored post, then checks the whole. */
function withoutRequired(schema: JsonSchema): JsonSchema {
  const { required: _required, ...rest } = schema;
  return rest;
}

const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/openapi.json",
    operationId: "getApiDescription",
    tag: "API",
    summary: "This document",
    // The one answer without a domain schema: no part of the site reads it.
    ok: {
      200: {
        description: "OpenAPI 3.1 document",
        body: {
          type: "object",
          properties: { openapi: { const: "3.1.0" }, info: { type: "object" }, paths: { type: "object" } },
          required: ["openapi", "info", "paths"],
        },
      },
    },
  },
  // Catalogue
  {
    method: "get",
    path: "/breeds",
    operationId: "listBreeds",
    tag: "Catalogue",
    summary: "Every breed, by name",
    ok: { 200: { description: "Breeds", body: ["Breed"] } },
  },
  {
    method: "get",
    path: "/categories",
    operationId: "listCategories",
    tag: "Catalogue",
    summary: "Every toy category, in the owner's order (then by id)",
    ok: { 200: { description: "Categories", body: ["Category"] } },
  },
  {
    method: "get",
    path: "/recommendations/{breedId}",
    operationId: "getBreedRecommendations",
    tag: "Catalogue",
    summary: "The toys recommended for a breed, with the notes",
    ids: { breedId: "the breed's id" },
    ok: { 200: { description: "The breed and its recommendations", body: "BreedRecommendations" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/toys",
    operationId: "listToys",
    tag: "Catalogue",
    summary: "Toys: all by name, or filtered, sorted and paged (X-Total-Count tells how many matched)",
    query: toyQuerySchema,
    ok: { 200: { description: "Toys", body: ["Toy"], headers: ["X-Total-Count"] } },
  },
  {
    method: "get",
    path: "/search",
    operationId: "search",
    tag: "Search",
    summary:
      "Published posts, visible toys and breeds matching the query, typo-tolerant, best first, 10 a page; the answer is private to the browser (Cache-Control: private, no-store)",
    query: searchQuerySchema,
    ok: { 200: { description: "One page of results", body: "SearchAnswer" } },
    errors: [429],
  },
  {
    method: "get",
    path: "/toys/top-picks",
    operationId: "listTopPicks",
    tag: "Catalogue",
    summary: "Top picks, best rated first",
    ok: { 200: { description: "Toys", body: ["Toy"] } },
  },
  {
    method: "get",
    path: "/toys/{id}",
    operationId: "getToy",
    tag: "Catalogue",
    summary: "One toy",
    ids: { id: "the toy's id" },
    ok: {
      200: {
        description: "The toy; with an admin session, a draft too, as an AdminToy (where its price comes from)",
        body: { anyOf: [{ $ref: "#/components/schemas/Toy" }, { $ref: "#/components/schemas/AdminToy" }] },
      },
    },
    errors: [404],
  },
  {
    method: "get",
    path: "/toys/{id}/categories",
    operationId: "listToyCategories",
    tag: "Catalogue",
    summary: "A toy's categories",
    ids: { id: "the toy's id" },
    ok: { 200: { description: "Categories", body: ["CategoryRef"] } },
    errors: [404],
  },
  {
    method: "get",
    path: "/toys/{id}/breed-recommendations",
    operationId: "listToyBreedRecommendations",
    tag: "Catalogue",
    summary: "The breeds a toy is recommended for",
    ids: { id: "the toy's id" },
    ok: { 200: { description: "Breed recommendations", body: ["ToyBreedLink"] } },
    errors: [404],
  },
  // Content
  {
    method: "get",
    path: "/posts",
    operationId: "listPosts",
    tag: "Content",
    summary: "Every post, newest first, without the body",
    ok: { 200: { description: "Posts", body: ["PostSummary"] } },
  },
  {
    method: "get",
    path: "/posts/featured",
    operationId: "listFeaturedPosts",
    tag: "Content",
    summary: "The featured (newest) posts",
    ok: { 200: { description: "Posts", body: ["PostSummary"] } },
  },
  {
    method: "get",
    path: "/posts/{key}",
    operationId: "getPost",
    tag: "Content",
    summary: "One post by id (the admin editor) or slug (the public pages)",
    pathStrings: { key: "a post's id or slug" },
    ok: { 200: { description: "The post", body: "Post" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/testimonials",
    operationId: "listTestimonials",
    tag: "Content",
    summary: "The customer testimonials on the home page",
    ok: { 200: { description: "Testimonials", body: ["Testimonial"] } },
  },
  // Forms
  {
    method: "get",
    path: "/quiz-recommendations",
    operationId: "getQuizRecommendations",
    tag: "Forms",
    summary: "Up to three toys for quiz answers",
    query: quizAnswersSchema,
    ok: { 200: { description: "Recommendations", body: "QuizRecommendations" } },
  },
  {
    method: "post",
    path: "/quiz-newsletter",
    operationId: "submitQuiz",
    tag: "Forms",
    summary:
      "Saves quiz answers, subscribes the address and e-mails the results (at most 3 results e-mails per address in 24 hours); an address that unsubscribed or bounced stays off the list and is e-mailed a link to confirm instead (at most once in 24 hours)",
    body: quizSubmissionSchema,
    ok: {
      200: { description: "Saved, subscribed and e-mailed", body: "FormSentReply" },
      202: {
        description:
          "Saved; the e-mail follows from the outbox, or was not sent, and message says why: the address had its results e-mails for the day, its mail server refused it, or it left the newsletter and is asked to confirm",
        body: "FormSavedReply",
      },
    },
    errors: [429],
  },
  {
    method: "post",
    path: "/contact",
    operationId: "sendContactMessage",
    tag: "Forms",
    summary: "Sends a message to the site owner",
    body: contactRequestSchema,
    ok: {
      200: { description: "Saved, and the owner was notified", body: "FormSentReply" },
      202: { description: "Saved; the notification follows from the outbox", body: "FormSavedReply" },
    },
    errors: [429],
  },
  // Tracking
  {
    method: "post",
    path: "/track-visit",
    operationId: "trackVisit",
    tag: "Tracking",
    summary: "Counts a visit (once per browser session)",
    ok: { 204: { description: "Counted, or not counted (crawler, admin)" } },
    errors: [429],
  },
  {
    method: "post",
    path: "/track-pageview",
    operationId: "trackPageView",
    tag: "Tracking",
    summary: "Counts a page view",
    ok: { 204: { description: "Counted, or not counted (crawler, admin)" } },
    errors: [429],
  },
  {
    method: "post",
    path: "/track-quiz",
    operationId: "trackQuizStep",
    tag: "Tracking",
    summary:
      "Counts a step of a quiz walk (sent once per step per walk by the quiz page); `answers` come with `email_step` and are counted into the answer distribution. results_emailed and result_click are counted by the server, not here",
    body: quizStepBodySchema,
    ok: { 204: { description: "Counted, or not counted (crawler, admin)" } },
    errors: [429],
  },
  // Admin session
  {
    method: "post",
    path: "/admin/login",
    operationId: "signIn",
    tag: "Admin session",
    summary: "Signs in with the admin password; sets the session cookie",
    body: loginSchema,
    ok: { 200: { description: "Signed in", body: "LoginAnswer", headers: ["Set-Cookie"] } },
    errors: [401, 429],
  },
  {
    method: "post",
    path: "/admin/logout",
    operationId: "signOut",
    tag: "Admin session",
    summary: "Ends the session and clears its cookie",
    ok: { 204: { description: "Signed out", headers: ["Set-Cookie"] } },
  },
  {
    method: "get",
    path: "/admin/session",
    operationId: "getSession",
    tag: "Admin session",
    summary: "The signed-in admin",
    ok: { 200: { description: "The session's user", body: "SessionAnswer" } },
  },
  {
    method: "post",
    path: "/admin/password",
    operationId: "changePassword",
    tag: "Admin session",
    summary:
      "Changes the admin password (current password required); every session ends, and this browser gets a new session cookie",
    body: passwordChangeSchema,
    ok: { 200: { description: "Changed", body: "PasswordChanged", headers: ["Set-Cookie"] } },
    errors: [429],
  },
  // Admin content
  {
    method: "post",
    path: "/posts",
    operationId: "createPost",
    tag: "Admin content",
    summary: "Creates a post",
    body: mergedBody(postInputSchema, postExtrasSchema),
    ok: { 201: { description: "The stored post", body: "Post" } },
    errors: [409],
  },
  {
    method: "patch",
    path: "/posts/{key}",
    route: "/posts/:id",
    operationId: "updatePost",
    tag: "Admin content",
    summary: "Changes some or all fields of a post",
    ids: { key: "the post's id (a slug is not enough)" },
    body: withoutRequired(mergedBody(postInputSchema, postExtrasSchema)),
    ok: { 200: { description: "The stored post", body: "Post" } },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/admin/post-preview",
    operationId: "previewPostBody",
    tag: "Admin content",
    summary:
      "A post body as its page will show it: HTML parts, buy boxes and comparison tables from the live catalogue, and a warning for each product token visitors would not see",
    body: postPreviewRequestSchema,
    ok: { 200: { description: "The preview", body: "PostPreview" } },
  },
  {
    method: "delete",
    path: "/posts/{key}",
    route: "/posts/:id",
    operationId: "deletePost",
    tag: "Admin content",
    summary: "Moves a post to the trash (restorable for 30 days)",
    ids: { key: "the post's id (a slug is not enough)" },
    ok: { 204: { description: "Deleted" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/posts/{id}/restore",
    operationId: "restorePost",
    tag: "Admin content",
    summary: "Brings a post back from the trash with its categories and links",
    ids: { id: "the post's id" },
    ok: { 200: { description: "The restored post", body: "Post" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/posts/{id}/revisions",
    operationId: "listPostRevisions",
    tag: "Admin content",
    summary: "A post's earlier versions, newest first (every save keeps the version it replaced)",
    ids: { id: "the post's id" },
    ok: { 200: { description: "Revisions", body: ["PostRevision"] } },
    errors: [404],
  },
  {
    method: "post",
    path: "/posts/{id}/revisions/{revisionId}/restore",
    operationId: "restorePostRevision",
    tag: "Admin content",
    summary: "Brings back an earlier version (saved like an edit, so it is a revision itself)",
    ids: { id: "the post's id", revisionId: "the revision's id" },
    ok: { 200: { description: "The post as restored", body: "Post" } },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/toys",
    operationId: "createToy",
    tag: "Admin content",
    summary: "Creates a product with its categories and breed notes (its slug is made from the name unless given)",
    body: mergedBody(productInputSchema, optionalSlugSchema),
    ok: { 201: { description: "The stored product", body: "AdminToy" } },
    errors: [409],
  },
  {
    method: "put",
    path: "/toys/{id}",
    operationId: "replaceToy",
    tag: "Admin content",
    summary:
      "Replaces a product (and its categories and breed notes, when given); a new slug keeps the old one as a redirect",
    ids: { id: "the toy's id" },
    body: mergedBody(productInputSchema, optionalSlugSchema),
    ok: { 200: { description: "The stored product", body: "AdminToy" } },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/toys/{id}",
    operationId: "deleteToy",
    tag: "Admin content",
    summary: "Moves a product to the trash with its categories, breed links and clicks (restorable for 30 days)",
    ids: { id: "the toy's id" },
    ok: { 204: { description: "Deleted" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/toys/{id}/restore",
    operationId: "restoreToy",
    tag: "Admin content",
    summary: "Brings a product back from the trash with its categories, breed links and clicks",
    ids: { id: "the toy's id" },
    ok: { 200: { description: "The restored product", body: "AdminToy" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/admin/trash",
    operationId: "listTrash",
    tag: "Admin content",
    summary: "Deleted posts and products, most recent first, with when each is purged",
    ok: { 200: { description: "The trash", body: ["TrashItem"] } },
  },
  {
    method: "delete",
    path: "/admin/trash",
    operationId: "emptyTrash",
    tag: "Admin content",
    summary: "Deletes everything in the trash for good",
    ok: {
      200: {
        description: "How many items were deleted",
        body: {
          type: "object",
          properties: { deleted: { type: "integer", minimum: 0 } },
          required: ["deleted"],
          additionalProperties: false,
        },
      },
    },
  },
  {
    method: "delete",
    path: "/admin/trash/posts/{id}",
    operationId: "deleteTrashedPost",
    tag: "Admin content",
    summary: "Deletes one post in the trash for good",
    ids: { id: "the post's id" },
    ok: { 204: { description: "Deleted" } },
    errors: [404],
  },
  {
    method: "delete",
    path: "/admin/trash/products/{id}",
    operationId: "deleteTrashedToy",
    tag: "Admin content",
    summary: "Deletes one product in the trash for good (its clicks stay in the totals)",
    ids: { id: "the toy's id" },
    ok: { 204: { description: "Deleted" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/toys/{id}/categories",
    operationId: "addToyCategory",
    tag: "Admin content",
    summary: "Adds a category to a product",
    ids: { id: "the toy's id" },
    body: categoryLinkSchema,
    ok: { 201: { description: "The link", body: "ToyCategoryLink" } },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/toys/{id}/categories",
    operationId: "removeToyCategories",
    tag: "Admin content",
    summary: "Removes every category of a product",
    ids: { id: "the toy's id" },
    ok: { 204: { description: "Removed" } },
    errors: [404],
  },
  {
    method: "delete",
    path: "/toys/{id}/breed-recommendations",
    operationId: "removeToyBreedRecommendations",
    tag: "Admin content",
    summary: "Removes every breed recommendation of a product",
    ids: { id: "the toy's id" },
    ok: { 204: { description: "Removed" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/breed-recommendations",
    operationId: "addBreedRecommendation",
    tag: "Admin content",
    summary: "Recommends a product for a breed, with a note",
    body: breedLinkSchema,
    ok: { 201: { description: "The recommendation", body: "ToyBreedLink" } },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/breed-recommendations/{id}",
    operationId: "removeBreedRecommendation",
    tag: "Admin content",
    summary: "Removes one breed recommendation",
    ids: { id: "the recommendation's id" },
    ok: { 204: { description: "Removed" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/upload",
    operationId: "uploadImage",
    tag: "Admin content",
    summary: `Uploads an image (field "${UPLOAD_FIELD}", at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB); stored as WebP`,
    multipart: { field: UPLOAD_FIELD, mediaType: "image/*", refusals: "upload" },
    ok: { 200: { description: "The stored image's URL", body: "UploadSuccess" } },
  },
  // Admin content: the whole catalogue as CSV (issue 27, decision 059)
  {
    method: "get",
    path: "/admin/toys.csv",
    operationId: "exportCatalogue",
    tag: "Admin content",
    summary:
      "Every product outside the trash, drafts too, by id, as CSV (UTF-8 with a byte order mark): all its fields, categories, breeds and features as `|`-separated names, formula-safe cells",
    ok: {
      200: {
        description: CATALOGUE_CSV_FILENAME,
        contentType: "text/csv",
        body: { type: "string" },
        headers: ["Content-Disposition"],
      },
    },
  },
  {
    method: "post",
    path: "/admin/toys/import",
    operationId: "importCatalogue",
    tag: "Admin content",
    summary: `Reads a CSV of the export's columns (any order and subset, the header line first; field "${CATALOGUE_IMPORT_FIELD}", at most ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB and ${CATALOGUE_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows). Rows match a product by id, then by ASIN, else add one; a row that changes nothing is skipped. With dryRun=1 it only says what each row would do and which have errors (by line); without, it saves every row in one transaction, or none when a row has an error (422)`,
    query: catalogueImportQuerySchema,
    multipart: { field: CATALOGUE_IMPORT_FIELD, mediaType: "text/csv", refusals: "api" },
    ok: { 200: { description: "What the rows do (or would do)", body: "CatalogueImportReport" } },
    refusals: {
      422: {
        description: "A row has an error: nothing was written; the errors by line, and what the other rows would do",
        body: "CatalogueImportRefusal",
      },
    },
    errors: [409],
  },
  // Admin content: the media library, categories, breeds, bulk product actions (decision 027)
  {
    method: "get",
    path: "/admin/media",
    operationId: "listMedia",
    tag: "Admin content",
    summary:
      "The uploaded images, newest first, searched by file name or alt text, paged (X-Total-Count tells how many matched), each with where it is used",
    query: mediaQuerySchema,
    ok: { 200: { description: "Images", body: ["MediaItem"], headers: ["X-Total-Count"] } },
  },
  {
    method: "patch",
    path: "/admin/media/{id}",
    operationId: "updateMediaAltText",
    tag: "Admin content",
    summary: "Sets or clears an image's alt text (pages use it where the image shows without one of its own)",
    ids: { id: "the image's id" },
    body: mediaAltTextSchema,
    ok: { 200: { description: "The image", body: "MediaItem" } },
    errors: [404],
  },
  {
    method: "delete",
    path: "/admin/media/{id}",
    operationId: "deleteMedia",
    tag: "Admin content",
    summary: "Deletes an image nothing uses, with its smaller copies (409 says where it is still used)",
    ids: { id: "the image's id" },
    ok: { 204: { description: "Deleted" } },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/categories",
    operationId: "createCategory",
    tag: "Admin content",
    summary: "Creates a category (last in the order unless a position is given)",
    body: categoryInputSchema,
    ok: { 201: { description: "The stored category", body: "Category" } },
    errors: [409],
  },
  {
    method: "post",
    path: "/categories/order",
    operationId: "reorderCategories",
    tag: "Admin content",
    summary: "Puts the categories in this order (every category id exactly once); the home page shows the first six",
    body: categoryOrderSchema,
    ok: { 200: { description: "The categories in their new order", body: ["Category"] } },
  },
  {
    method: "patch",
    path: "/categories/{id}",
    operationId: "updateCategory",
    tag: "Admin content",
    summary: "Changes some or all fields of a category (name, description, icon, image, position)",
    ids: { id: "the category's id" },
    body: withoutRequired(inputSchema(categoryInputSchema)),
    ok: { 200: { description: "The stored category", body: "Category" } },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/categories/{id}",
    operationId: "deleteCategory",
    tag: "Admin content",
    summary:
      "Deletes a category; 409 while products use it, unless moveTo names the category their links and legacy category move to first",
    ids: { id: "the category's id" },
    query: categoryDeleteQuerySchema,
    ok: { 204: { description: "Deleted" } },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/breeds",
    operationId: "createBreed",
    tag: "Admin content",
    summary: "Creates a breed; its page address (slug) is made from the name",
    body: breedInputSchema,
    ok: { 201: { description: "The stored breed", body: "Breed" } },
    errors: [409],
  },
  {
    method: "patch",
    path: "/breeds/{id}",
    operationId: "updateBreed",
    tag: "Admin content",
    summary: "Changes some or all fields of a breed (name, size, description, image); the slug stays",
    ids: { id: "the breed's id" },
    body: withoutRequired(inputSchema(breedInputSchema)),
    ok: { 200: { description: "The stored breed", body: "Breed" } },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/breeds/{id}",
    operationId: "deleteBreed",
    tag: "Admin content",
    summary:
      "Deletes a breed; 409 while products are recommended for it, unless removeRecommendations=true removes them with it",
    ids: { id: "the breed's id" },
    query: breedDeleteQuerySchema,
    ok: { 204: { description: "Deleted" } },
    errors: [404, 409],
  },
  {
    method: "post",
    path: "/toys/bulk",
    operationId: "bulkUpdateToys",
    tag: "Admin content",
    summary:
      "One action on several products: to the trash, top pick on or off, in or out of stock (400 names ids that are not products)",
    body: productBulkSchema,
    ok: { 200: { description: "What was done, to how many", body: "ProductBulkResult" } },
  },
  {
    method: "post",
    path: "/posts/bulk",
    operationId: "bulkUpdatePosts",
    tag: "Admin content",
    summary:
      "One action on several posts: publish (a date ahead schedules), switch to draft, or move to the trash (400 names ids that are not posts)",
    body: postBulkSchema,
    ok: { 200: { description: "What was done, and to which posts", body: "PostBulkResult" } },
  },
  {
    method: "post",
    path: "/toys/{id}/duplicate",
    operationId: "duplicateToy",
    tag: "Admin content",
    summary:
      'Copies a product as "{name} (copy)" with its categories and breed notes, as a draft visitors do not see (not as a top pick)',
    ids: { id: "the toy's id" },
    ok: { 201: { description: "The copy", body: "AdminToy" } },
    errors: [404],
  },
  // Admin insights
  {
    method: "get",
    path: "/admin/dashboard",
    operationId: "getDashboard",
    tag: "Admin insights",
    summary:
      "Counts, the latest quiz submission, and for the period daily visits, the most clicked toys and clicks by placement, article and visitor country",
    query: dashboardQuerySchema,
    ok: { 200: { description: "Dashboard numbers", body: "Dashboard" } },
  },
  {
    method: "get",
    path: "/admin/quiz-funnel",
    operationId: "getQuizFunnel",
    tag: "Admin insights",
    summary:
      "The quiz funnel of a period (UTC days, both included, at most 366): each step's count in order, and how many walks chose each option of each question",
    query: quizFunnelQuerySchema,
    ok: { 200: { description: "The funnel", body: "QuizFunnel" } },
  },
  {
    method: "get",
    path: "/admin/earnings",
    operationId: "getEarningsReport",
    tag: "Admin insights",
    summary: `Earnings, revenue, orders, clicks, page views, conversion, EPC and RPM of a period (UTC days, both included, at most ${EARNINGS_MAX_DAYS}; the last 30 days without from and to) per article, placement group, toy, day or country and currency, shared out by clicks as decision 064 says; with the totals per currency, what no click or tracking ID attributes, and how many lines match no toy`,
    query: earningsQuerySchema,
    ok: { 200: { description: "The report", body: "EarningsReport" } },
  },
  {
    method: "get",
    path: "/admin/earnings.csv",
    operationId: "exportEarningsReport",
    tag: "Admin insights",
    summary: "The report's rows as CSV (the same query), named after its grouping and period",
    query: earningsQuerySchema,
    ok: {
      200: {
        description: "earnings-by-{by}-{from}-to-{to}.csv",
        contentType: "text/csv",
        body: { type: "string" },
        headers: ["Content-Disposition"],
      },
    },
  },
  {
    method: "get",
    path: "/admin/earnings/unmatched",
    operationId: "listUnmatchedEarningsItems",
    tag: "Admin insights",
    summary:
      "Items of the imported reports that no toy has as its ASIN or retailer item id, most lines first (X-Total-Count tells how many there are); their lines count once a toy has the id",
    query: unmatchedQuerySchema,
    ok: { 200: { description: "Unmatched items", body: ["UnmatchedItem"], headers: ["X-Total-Count"] } },
  },
  {
    method: "get",
    path: "/admin/earnings/tracking-ids",
    operationId: "listTrackingIds",
    tag: "Admin insights",
    summary:
      "Every tracking ID the imported reports name (lower case) or the owner gave a placement, with its lines, earnings per currency and placement",
    ok: { 200: { description: "Tracking IDs", body: ["TrackingIdSummary"] } },
  },
  {
    method: "put",
    path: "/admin/earnings/tracking-ids/{trackingId}",
    operationId: "mapTrackingId",
    tag: "Admin insights",
    summary:
      "Gives a tracking ID a placement: its lines go there whole, and that placement's clicks no longer share other lines (null takes the placement away). A post, breed or newsletter placement must exist; `other` is refused",
    pathStrings: {
      trackingId: "the tracking ID, in lower case (reports' tracking IDs are matched without regard to case)",
    },
    body: trackingIdMappingSchema,
    ok: { 200: { description: "The tracking ID now", body: "TrackingIdSummary" } },
  },
  {
    method: "delete",
    path: "/admin/earnings/tracking-ids/{trackingId}",
    operationId: "unmapTrackingId",
    tag: "Admin insights",
    summary: "Takes a tracking ID's placement away: its lines are shared by clicks again (404 when it has none)",
    pathStrings: { trackingId: "the tracking ID, in lower case" },
    ok: { 204: { description: "Removed" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/admin/quiz-submissions",
    operationId: "listQuizSubmissions",
    tag: "Admin insights",
    summary: "Quiz submissions, newest first, paged (X-Total-Count tells how many matched)",
    query: submissionsQuerySchema,
    ok: { 200: { description: "Submissions", body: ["QuizSubmission"], headers: ["X-Total-Count"] } },
  },
  {
    method: "get",
    path: "/admin/quiz-submissions.csv",
    operationId: "exportQuizSubmissions",
    tag: "Admin insights",
    summary: "Every quiz submission as CSV, dates in the given locale and time zone",
    query: exportQuerySchema,
    ok: {
      200: {
        description: QUIZ_CSV_FILENAME,
        contentType: "text/csv",
        body: { type: "string" },
        headers: ["Content-Disposition"],
      },
    },
  },
  {
    method: "delete",
    path: "/admin/quiz-submissions/{id}",
    operationId: "deleteQuizSubmission",
    tag: "Admin insights",
    summary: "Deletes one quiz submission for good",
    ids: { id: "the submission's id" },
    ok: { 204: { description: "Deleted" } },
    errors: [404],
  },
  // Admin inbox
  {
    method: "get",
    path: "/admin/messages",
    operationId: "listMessages",
    tag: "Admin inbox",
    summary:
      "Contact messages outside the trash, newest first, by view and search, paged (X-Total-Count: matches; X-Unread-Count: unread in the inbox)",
    query: messageListQuerySchema,
    ok: {
      200: {
        description: "Messages",
        body: ["ContactMessageSummary"],
        headers: ["X-Total-Count", "X-Unread-Count"],
      },
    },
  },
  {
    method: "get",
    path: "/admin/messages/{id}",
    operationId: "getMessage",
    tag: "Admin inbox",
    summary: "One message in full, with what became of its notification e-mail (reading it here does not mark it read)",
    ids: { id: "the message's id" },
    ok: { 200: { description: "The message", body: "ContactMessage" } },
    errors: [404],
  },
  {
    method: "patch",
    path: "/admin/messages/{id}",
    operationId: "updateMessage",
    tag: "Admin inbox",
    summary: "Marks a message read or unread, archives it or moves it back to the inbox",
    ids: { id: "the message's id" },
    body: messageUpdateSchema,
    ok: { 200: { description: "The message", body: "ContactMessage" } },
    errors: [404],
  },
  {
    method: "delete",
    path: "/admin/messages/{id}",
    operationId: "deleteMessage",
    tag: "Admin inbox",
    summary: "Moves a message to the trash (restorable for 30 days)",
    ids: { id: "the message's id" },
    ok: { 204: { description: "Deleted" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/admin/messages/{id}/restore",
    operationId: "restoreMessage",
    tag: "Admin inbox",
    summary: "Brings a message back from the trash",
    ids: { id: "the message's id" },
    ok: { 200: { description: "The restored message", body: "ContactMessage" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/admin/messages/{id}/reply",
    operationId: "replyToMessage",
    tag: "Admin inbox",
    summary:
      "E-mails a reply to the visitor through the outbox (Reply-To: the owner's inbox); 409 when no mail server is configured",
    ids: { id: "the message's id" },
    body: messageReplySchema,
    ok: {
      200: { description: "Sent", body: "FormSentReply" },
      202: { description: "Queued; it follows from the outbox", body: "FormSavedReply" },
    },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/admin/trash/messages/{id}",
    operationId: "deleteTrashedMessage",
    tag: "Admin inbox",
    summary: "Deletes one message in the trash for good, with its notification e-mail",
    ids: { id: "the message's id" },
    ok: { 204: { description: "Deleted" } },
    errors: [404],
  },
  // Admin audience
  {
    method: "get",
    path: "/admin/subscribers",
    operationId: "listSubscribers",
    tag: "Admin audience",
    summary:
      "Newsletter subscribers, newest signups first, by address, status and signup days, paged (X-Total-Count tells how many matched)",
    query: subscriberListQuerySchema,
    ok: { 200: { description: "Subscribers", body: ["Subscriber"], headers: ["X-Total-Count"] } },
  },
  {
    method: "get",
    path: "/admin/subscribers.csv",
    operationId: "exportSubscribers",
    tag: "Admin audience",
    summary: "The filtered subscribers as CSV (UTF-8 with a byte order mark), times in the given locale and time zone",
    query: subscriberExportQuerySchema,
    ok: {
      200: {
        description: SUBSCRIBERS_CSV_FILENAME,
        contentType: "text/csv",
        body: { type: "string" },
        headers: ["Content-Disposition"],
      },
    },
  },
  {
    method: "patch",
    path: "/admin/subscribers/{id}",
    operationId: "updateSubscriber",
    tag: "Admin audience",
    summary: "Unsubscribes an address by hand (the only change the owner may make: subscribing needs consent)",
    ids: { id: "the subscriber's id" },
    body: subscriberUpdateSchema,
    ok: { 200: { description: "The subscriber", body: "Subscriber" } },
    errors: [404],
  },
  {
    method: "delete",
    path: "/admin/subscribers/{id}",
    operationId: "deleteSubscriber",
    tag: "Admin audience",
    summary: "Deletes a subscriber for good",
    ids: { id: "the subscriber's id" },
    ok: { 204: { description: "Deleted" } },
    errors: [404],
  },
  {
    method: "get",
    path: "/admin/newsletters",
    operationId: "listNewsletters",
    tag: "Admin audience",
    summary: "Every newsletter, newest first, with its delivery counts and clicks",
    ok: { 200: { description: "Newsletters", body: ["NewsletterSummary"] } },
  },
  {
    method: "post",
    path: "/admin/newsletters",
    operationId: "createNewsletter",
    tag: "Admin audience",
    summary: "Creates a draft from a subject and markdown content, or from a published post (postId)",
    body: newsletterCreateSchema,
    ok: { 201: { description: "The draft", body: "Newsletter" } },
  },
  {
    method: "get",
    path: "/admin/newsletters/{id}",
    operationId: "getNewsletter",
    tag: "Admin audience",
    summary: "One newsletter with its body, delivery counts and the clicks through its links",
    ids: { id: "the newsletter's id" },
    ok: { 200: { description: "The newsletter", body: "Newsletter" } },
    errors: [404],
  },
  {
    method: "patch",
    path: "/admin/newsletters/{id}",
    operationId: "updateNewsletter",
    tag: "Admin audience",
    summary: "Changes a draft's subject, content or preview text (409 once it is sent)",
    ids: { id: "the newsletter's id" },
    body: withoutRequired(inputSchema(newsletterInputSchema)),
    ok: { 200: { description: "The draft", body: "Newsletter" } },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/admin/newsletters/{id}",
    operationId: "deleteNewsletter",
    tag: "Admin audience",
    summary: "Deletes a draft (409 once it is sent: its counts are the record)",
    ids: { id: "the newsletter's id" },
    ok: { 204: { description: "Deleted" } },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/admin/newsletters/{id}/preview",
    operationId: "previewNewsletter",
    tag: "Admin audience",
    summary: "The e-mail as subscribers will get it (HTML and text), and the product tokens it leaves out",
    ids: { id: "the newsletter's id" },
    ok: { 200: { description: "The preview", body: "NewsletterPreview" } },
    errors: [404],
  },
  {
    method: "post",
    path: "/admin/newsletters/{id}/test",
    operationId: "testNewsletter",
    tag: "Admin audience",
    summary: "E-mails a test copy to the owner's address (CONTACT_TO)",
    ids: { id: "the newsletter's id" },
    ok: {
      200: { description: "Sent", body: "FormSentReply" },
      202: { description: "Queued in the outbox", body: "FormSavedReply" },
    },
    errors: [404],
  },
  {
    method: "post",
    path: "/admin/newsletters/{id}/send",
    operationId: "sendNewsletter",
    tag: "Admin audience",
    summary:
      "Starts sending to every subscribed address, throttled, each through the outbox with its own unsubscribe link; asking again sends nothing new. A draft is refused (409, nothing queued) while no postal address is set or a product token in it does not resolve",
    ids: { id: "the newsletter's id" },
    ok: { 202: { description: "Sending (or already sent): the newsletter with its counts", body: "Newsletter" } },
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/admin/personal-data",
    operationId: "exportPersonalData",
    tag: "Admin audience",
    summary:
      "Everything the site holds about an address (quiz submissions, subscriber record with its consent history, contact messages, e-mails) as a JSON download",
    query: personalDataQuerySchema,
    ok: {
      200: { description: PERSONAL_DATA_FILENAME, body: "PersonalData", headers: ["Content-Disposition"] },
    },
  },
  {
    method: "delete",
    path: "/admin/personal-data",
    operationId: "erasePersonalData",
    tag: "Admin audience",
    summary:
      "Erases everything the site holds about an address (its newsletter consent history included), and records the erasure (time, counts and an HMAC-SHA256 of the address keyed with the app secret, never the address)",
    query: personalDataQuerySchema,
    ok: { 200: { description: "The erasure record", body: "DataErasure" } },
  },
  {
    method: "get",
    path: "/admin/personal-data/erasures",
    operationId: "listErasures",
    tag: "Admin audience",
    summary: "Recorded erasures, newest first (the last 200); with email, only those of that address",
    query: erasureListQuerySchema,
    ok: { 200: { description: "Erasure records", body: ["DataErasure"] } },
  },
  // Admin activity
  {
    method: "get",
    path: "/admin/audit-log",
    operationId: "listAuditLog",
    tag: "Admin activity",
    summary:
      "The owner's actions (sign-ins, edits, deletions, sends, exports, erasures), newest first, by action, kind of item and days, paged (X-Total-Count tells how many matched)",
    query: auditListQuerySchema,
    ok: { 200: { description: "Audit log entries", body: ["AuditEntry"], headers: ["X-Total-Count"] } },
  },
  // Admin settings
  {
    method: "get",
    path: "/admin/settings",
    operationId: "getSiteSettings",
    tag: "Admin settings",
    summary:
      "Every setting: the value in force, its source (`admin`, `environment` or null) and the configuration's default. The Creators API credential is answered without its secret (`hasSecret`)",
    ok: { 200: { description: "The settings", body: "SiteSettings" } },
  },
  {
    method: "put",
    path: "/admin/settings",
    operationId: "updateSiteSettings",
    tag: "Admin settings",
    summary:
      "Saves the settings the body names; a setting left out stays as it is, null removes the owner's own (the configuration's default applies again). A credential saved without `clientSecret` keeps the saved secret. Each change is in the activity log (never the secret). 400 with the fields' messages, nothing saved",
    body: siteSettingsInputSchema,
    ok: { 200: { description: "The settings after the change", body: "SiteSettings" } },
  },
  // Admin earnings (issue 28, decision 064)
  {
    method: "post",
    path: "/admin/earnings/import",
    operationId: "importEarningsReport",
    tag: "Admin earnings",
    summary: `Imports a retailer's report (field "${EARNINGS_IMPORT_FIELD}", at most EARNINGS_IMPORT_MAX_BYTES, 50 MB by default), read as it arrives: an Amazon Associates earnings or orders report as downloaded (CSV or tab-separated, title lines above the header row, columns in any order), or a CSV with the columns ${GENERIC_EARNINGS_COLUMNS.join(", ")}. A line already stored (the same file again, an overlapping report) counts as a duplicate and is not added again; a line whose item id is no toy's ASIN or retailer item id is kept and counted as unmatched; a line that cannot be read is reported by its line number (the first ${MAX_KEPT_IMPORT_ERRORS}) and the rest is read. A file without a recognisable header row: 400, nothing stored`,
    multipart: { field: EARNINGS_IMPORT_FIELD, mediaType: "text/csv", refusals: "api" },
    ok: { 200: { description: "What the report added", body: "EarningsImportReport" } },
  },
  {
    method: "get",
    path: "/admin/earnings/imports",
    operationId: "listEarningsImports",
    tag: "Admin earnings",
    summary: `The last ${EARNINGS_IMPORTS_LISTED} imports, newest first, with their counts; a running one's \`linesRead\` grows as it is read`,
    ok: { 200: { description: "Imports", body: ["EarningsImportSummary"] } },
  },
  {
    method: "get",
    path: "/admin/earnings/imports/{id}",
    operationId: "getEarningsImport",
    tag: "Admin earnings",
    summary: `One import, with its first ${MAX_KEPT_IMPORT_ERRORS} line errors (line 0: the import stopped on a server error)`,
    ids: { id: "the import's id" },
    ok: { 200: { description: "The import", body: "EarningsImport" } },
    errors: [404],
  },
  // Admin product sources
  {
    method: "post",
    path: "/admin/product-sync",
    operationId: "runProductSync",
    tag: "Admin product sources",
    summary:
      "Reads every configured source now and answers when done: `checked`, `updated`, `unavailable` and `failed` toys, with the run's problems (409 while another run is under way, or with no source set up)",
    ok: { 200: { description: "The finished run", body: "ProductSyncRun" } },
    errors: [409],
  },
  {
    method: "get",
    path: "/admin/product-sync",
    operationId: "listProductSyncRuns",
    tag: "Admin product sources",
    summary: "The last ten sync runs, newest first, with their counts and problems",
    ok: { 200: { description: "Sync runs", body: ["ProductSyncRun"] } },
  },
  {
    method: "get",
    path: "/admin/toys/{id}/price-history",
    operationId: "listToyPriceHistory",
    tag: "Admin product sources",
    summary: "A toy's price, sale price, stock and link each time a source changed one, newest first (the last 50)",
    ids: { id: "the toy's id" },
    ok: { 200: { description: "Recorded states", body: ["ToyPriceState"] } },
    errors: [404],
  },
  {
    method: "post",
    path: "/admin/link-check",
    operationId: "runLinkCheck",
    tag: "Admin product sources",
    summary:
      "Checks every toy's retailer link now (Amazon links through the Creators API, others by HEAD or GET, redirects followed up to 5) and answers when done: how many were `checked`, and how many are `ok`, `redirected`, `broken`, `unreachable` or `unavailable` (409 while another check is under way)",
    ok: { 200: { description: "The finished check's counts", body: "LinkCheckCounts" } },
    errors: [409],
  },
  {
    method: "get",
    path: "/admin/link-health",
    operationId: "listLinkProblems",
    tag: "Admin product sources",
    summary:
      "Every toy's retailer link that is not `ok` at its last check, newest problem first: the toy, the URL, the state, the HTTP status, where a redirect ends, and when it was checked and first found so",
    ok: { 200: { description: "Links that are not ok", body: ["LinkProblem"] } },
  },
];

/** The error answers, as components/responses: `Error{status}`. */
const ERRORS: Record<number, { description: string; headers?: HeaderName[] }> = {
  400: { description: "Invalid input: `message`, and `errors` by field (also a control character in the query)" },
  401: { description: "Not signed in as the administrator" },
  403: { description: "A write another site made the browser send" },
  404: { description: "Not found" },
  409: { description: "Conflicts with stored data (a slug in use, a link that exists)" },
  413: { description: "Request body too large" },
  415: { description: "Unsupported content type (JSON only, except the image upload and the catalogue import)" },
  429: { description: "Too many requests", headers: ["Retry-After"] },
  503: { description: "Overloaded, or the database is unreachable", headers: ["Retry-After"] },
};

const isPublic = (op: Operation) => isPublicApiCall(op.method.toUpperCase(), op.path.replace(/\{[^}]+\}/g, "1"));

/** Every error status an operation can answer: the middleware's (see ERRORS) and its own. */
function errorStatusesOf(op: Operation): number[] {
  const statuses = new Set([400, 503, ...(op.errors ?? [])]);
  if (op.method !== "get") for (const status of [403, 413, 415]) statuses.add(status);
  if (!isPublic(op)) statuses.add(401);
  return [...statuses].sort((a, b) => a - b);
}

function bodySchema(body: Answer["body"]): JsonSchema | undefined {
  if (body === undefined) return undefined;
  if (typeof body === "string") return { $ref: `#/components/schemas/${body}` };
  if (Array.isArray(body)) return { type: "array", items: { $ref: `#/components/schemas/${body[0]}` } };
  return body;
}

function headerRefs(names: HeaderName[] | undefined): JsonSchema {
  if (!names?.length) return {};
  return { headers: Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }])) };
}

function queryParameters(query: z.ZodType | JsonSchema): JsonSchema[] {
  const schema = inputSchema(query);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
  }));
}

function operationObject(op: Operation): JsonSchema {
  const parameters = [
    ...Object.entries(op.ids ?? {}).map(([name, description]) => ({
      name,
      in: "path",
      required: true,
      description,
      schema: idSchema,
    })),
    ...Object.entries(op.pathStrings ?? {}).map(([name, description]) => ({
      name,
      in: "path",
      required: true,
      description,
      schema: { type: "string", minLength: 1 },
    })),
    ...(op.query ? queryParameters(op.query) : []),
  ];
  const responses: JsonSchema = {};
  for (const [status, answer] of Object.entries({ ...op.ok, ...op.refusals })) {
    const schema = bodySchema(answer.body);
    responses[status] = {
      description: answer.description,
      ...headerRefs(answer.headers),
      ...(schema ? { content: { [answer.contentType ?? "application/json"]: { schema } } } : {}),
    };
  }
  for (const status of errorStatusesOf(op)) {
    // The upload answers its own refusals in the spec's shape; the middleware in front of it
    // (sign-in, cross-site, the query check) in the API's.
    const own = op.multipart?.refusals === "upload" && [400, 413, 415].includes(status);
    responses[status] = { $ref: `#/components/responses/${own ? "UploadError" : "Error"}${status}` };
  }
  const body = op.multipart
    ? {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: { [op.multipart.field]: { type: "string", contentMediaType: op.multipart.mediaType } },
              required: [op.multipart.field],
            },
          },
        },
      }
    : op.body
      ? { required: true, content: { "application/json": { schema: inputSchema(op.body) } } }
      : undefined;
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: [op.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    security: isPublic(op) ? [] : [{ adminSession: [] }],
  };
}

function errorResponses(): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, { description, headers }] of Object.entries(ERRORS)) {
    responses[`Error${status}`] = {
      description,
      ...headerRefs(headers),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  responses.UploadError400 = {
    description: "No readable image in the field (or, from the query check, the API's error)",
    content: {
      "application/json": {
        schema: { oneOf: [{ $ref: "#/components/schemas/UploadError" }, { $ref: "#/components/schemas/Error" }] },
      },
    },
  };
  responses.UploadError413 = {
    description: `Larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB, or too many pixels to decode`,
    content: { "application/json": { schema: { $ref: "#/components/schemas/UploadError" } } },
  };
  responses.UploadError415 = {
    description: "Not multipart, or not a JPEG, PNG, GIF or WebP image",
    content: { "application/json": { schema: { $ref: "#/components/schemas/UploadError" } } },
  };
  return responses;
}

function buildDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPERATIONS) {
    const apiPath = `/api${op.path}`;
    paths[apiPath] = { ...paths[apiPath], [op.method]: operationObject(op) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Pawsome Picks API",
      version: "1.0.0",
      description:
        "The storefront's public reads and forms, and the owner's admin calls. Errors are JSON `{ message, errors? }` " +
        "(the upload's refusals add the spec's `{ success: false, error }`). Admin calls need the session cookie set by " +
        "POST /api/admin/login; writes from other sites are refused. Besides the answers listed per operation, any " +
        "path may answer 301 (to its one canonical spelling), 405 with Allow (a method the path does not have), " +
        "421 (a Host the site does not serve) and, to conditional GETs, 304.",
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/", description: "The site that serves this document" }],
    tags: TAGS,
    paths,
    components: {
      schemas: wireComponents(),
      responses: errorResponses(),
      headers: HEADERS,
      securitySchemes: {
        adminSession: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-pawsome_session",
          description: "Set by POST /api/admin/login; `pawsome_session` on a server not using HTTPS",
        },
      },
    },
  };
}

let cached: JsonSchema | undefined;

/** The document, built once. */
export function openApiDocument(): JsonSchema {
  cached ??= buildDocument();
  return cached;
}

/** The operations the document lists, as "METHOD /api/path" with Express-style `:params`. */
export function documentedRoutes(): string[] {
  return OPERATIONS.map((op) => `${op.method.toUpperCase()} /api${op.route ?? op.path.replace(/\{([^}]+)\}/g, ":$1")}`);
}

/** GET /api/openapi.json */
export function openApiRouter() {
  const router = createRouter();
  router.get("/openapi.json", (_req: Request, res) => {
    setCacheControl(res, "public, max-age=300");
    res.json(openApiDocument());
  });
  return router;
}
