import { type Request, Router } from "express";
import { z } from "zod";
import { loginSchema } from "../../domain/auth";
import { MAX_SEARCH_LENGTH, SORT_OPTIONS, TOY_QUERY_INT_LIMITS } from "../../domain/catalog";
import { contactRequestSchema } from "../../domain/contact";
import { postInputSchema } from "../../domain/post-form";
import { productInputSchema } from "../../domain/product-form";
import { quizAnswersSchema, quizSubmissionSchema } from "../../domain/quiz";
import { isPublicApiCall } from "../http/access";
import { MAX_DATABASE_ID } from "../http/validation";
import { MAX_UPLOAD_BYTES } from "../services/media.service";
import { breedLinkSchema, categoryLinkSchema } from "./admin-content";
import { exportQuerySchema, submissionsQuerySchema } from "./insights";

// The OpenAPI 3.1 description of /api, built from the Zod schemas the routes validate with,
// so the document cannot drift from what the server accepts. openapi.test.ts checks that
// every route the Express routers register is described here, and nothing more.

type JsonSchema = Record<string, unknown>;
type Method = "get" | "post" | "put" | "patch" | "delete";

interface Operation {
  method: Method;
  /** OpenAPI path below /api, e.g. "/toys/{id}" */
  path: string;
  tag: "Catalogue" | "Content" | "Forms" | "Tracking" | "Admin session" | "Admin content" | "Admin insights" | "API";
  summary: string;
  /** named path parameters that are database ids */
  ids?: string[];
  /** other path parameters, as strings */
  pathStrings?: Record<string, string>;
  query?: z.ZodType | JsonSchema;
  body?: z.ZodType | JsonSchema;
  /** multipart upload instead of JSON */
  multipart?: boolean;
  /** success status and its response */
  ok: { status: number; description: string; schema?: JsonSchema; contentType?: string };
  /** client errors this operation can answer, besides 401 for admin calls and 5xx */
  errors?: number[];
}

const idSchema: JsonSchema = { type: "integer", minimum: 1, maximum: MAX_DATABASE_ID };
const anyObject: JsonSchema = { type: "object" };
const listOf = (items: JsonSchema = anyObject): JsonSchema => ({ type: "array", items });

/** The JSON Schema (2020-12, OpenAPI 3.1's dialect) of what a Zod schema accepts. */
function jsonSchema(schema: z.ZodType | JsonSchema): JsonSchema {
  if (!(schema instanceof z.ZodType)) return schema;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** GET /api/toys is parsed without Zod (decision 004: the /products page parses the same URL in the browser). */
const toyQuery: JsonSchema = {
  type: "object",
  properties: {
    search: { type: "string", maxLength: MAX_SEARCH_LENGTH, description: "name or description contains" },
    category: { type: "integer", minimum: 1, maximum: TOY_QUERY_INT_LIMITS.category },
    breed: { type: "integer", minimum: 1, maximum: TOY_QUERY_INT_LIMITS.breed },
    minPrice: { type: "integer", minimum: 0, maximum: TOY_QUERY_INT_LIMITS.minPrice },
    maxPrice: { type: "integer", minimum: 0, maximum: TOY_QUERY_INT_LIMITS.maxPrice },
    sort: { type: "string", enum: SORT_OPTIONS.map((o) => o.value) },
    page: { type: "integer", minimum: 1, maximum: TOY_QUERY_INT_LIMITS.page, description: "present: paged" },
    pageSize: { type: "integer", minimum: 1, maximum: TOY_QUERY_INT_LIMITS.pageSize },
  },
};

/** PATCH merges the given fields over the stored post, then checks the whole. */
function withoutRequired(schema: JsonSchema): JsonSchema {
  const { required: _required, ...rest } = schema;
  return rest;
}

const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/openapi.json",
    tag: "API",
    summary: "This document",
    ok: { status: 200, description: "OpenAPI 3.1 document", schema: anyObject },
  },
  // Catalogue
  {
    method: "get",
    path: "/breeds",
    tag: "Catalogue",
    summary: "Every breed, by name",
    ok: { status: 200, description: "Breeds", schema: listOf() },
  },
  {
    method: "get",
    path: "/categories",
    tag: "Catalogue",
    summary: "Every toy category",
    ok: { status: 200, description: "Categories", schema: listOf() },
  },
  {
    method: "get",
    path: "/recommendations/{breedId}",
    tag: "Catalogue",
    summary: "The toys recommended for a breed, with the notes",
    ids: ["breedId"],
    ok: { status: 200, description: "The breed and its recommendations", schema: anyObject },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/toys",
    tag: "Catalogue",
    summary: "Toys: all by name, or filtered, sorted and paged (X-Total-Count tells how many matched)",
    query: toyQuery,
    ok: { status: 200, description: "Toys", schema: listOf() },
    errors: [400],
  },
  {
    method: "get",
    path: "/toys/top-picks",
    tag: "Catalogue",
    summary: "Top picks, best rated first",
    ok: { status: 200, description: "Toys", schema: listOf() },
  },
  {
    method: "get",
    path: "/toys/{id}",
    tag: "Catalogue",
    summary: "One toy",
    ids: ["id"],
    ok: { status: 200, description: "The toy", schema: anyObject },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/toys/{id}/categories",
    tag: "Catalogue",
    summary: "A toy's categories",
    ids: ["id"],
    ok: { status: 200, description: "Categories", schema: listOf() },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/toys/{id}/breed-recommendations",
    tag: "Catalogue",
    summary: "The breeds a toy is recommended for",
    ids: ["id"],
    ok: { status: 200, description: "Breed links", schema: listOf() },
    errors: [400, 404],
  },
  // Content
  {
    method: "get",
    path: "/posts",
    tag: "Content",
    summary: "Every published post, newest first",
    ok: { status: 200, description: "Posts", schema: listOf() },
  },
  {
    method: "get",
    path: "/posts/featured",
    tag: "Content",
    summary: "The featured posts",
    ok: { status: 200, description: "Posts", schema: listOf() },
  },
  {
    method: "get",
    path: "/posts/{key}",
    tag: "Content",
    summary: "One post by id or slug",
    pathStrings: { key: "a post id or slug" },
    ok: { status: 200, description: "The post", schema: anyObject },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/testimonials",
    tag: "Content",
    summary: "The customer testimonials on the home page",
    ok: { status: 200, description: "Testimonials", schema: listOf() },
  },
  // Forms
  {
    method: "get",
    path: "/quiz-recommendations",
    tag: "Forms",
    summary: "Toys recommended for quiz answers",
    query: quizAnswersSchema,
    ok: { status: 200, description: "Recommendations", schema: anyObject },
    errors: [400],
  },
  {
    method: "post",
    path: "/quiz-newsletter",
    tag: "Forms",
    summary: "Saves quiz answers, subscribes the address and e-mails the results",
    body: quizSubmissionSchema,
    ok: { status: 200, description: "Saved and e-mailed (202: saved, e-mail follows)", schema: anyObject },
    errors: [400, 413, 415, 429],
  },
  {
    method: "post",
    path: "/contact",
    tag: "Forms",
    summary: "Sends a message to the site owner",
    body: contactRequestSchema,
    ok: { status: 200, description: "Delivered (202: saved, notification follows)", schema: anyObject },
    errors: [400, 413, 415, 429],
  },
  // Tracking
  {
    method: "post",
    path: "/track-visit",
    tag: "Tracking",
    summary: "Counts a visit (once per browser session)",
    ok: { status: 204, description: "Counted, or not counted (crawler, admin)" },
    errors: [429],
  },
  {
    method: "post",
    path: "/track-pageview",
    tag: "Tracking",
    summary: "Counts a page view",
    ok: { status: 204, description: "Counted, or not counted (crawler, admin)" },
    errors: [429],
  },
  // Admin session
  {
    method: "post",
    path: "/admin/login",
    tag: "Admin session",
    summary: "Signs in with the admin password; sets the session cookie",
    body: loginSchema,
    ok: { status: 200, description: "Signed in", schema: anyObject },
    errors: [400, 401, 413, 415, 429],
  },
  {
    method: "post",
    path: "/admin/logout",
    tag: "Admin session",
    summary: "Ends the session",
    ok: { status: 204, description: "Signed out" },
  },
  {
    method: "get",
    path: "/admin/session",
    tag: "Admin session",
    summary: "The signed-in admin",
    ok: { status: 200, description: "The session's user", schema: anyObject },
  },
  // Admin content
  {
    method: "post",
    path: "/posts",
    tag: "Admin content",
    summary: "Creates a post",
    body: postInputSchema,
    ok: { status: 201, description: "The stored post", schema: anyObject },
    errors: [400, 409, 413, 415],
  },
  {
    method: "patch",
    path: "/posts/{id}",
    tag: "Admin content",
    summary: "Changes some or all fields of a post",
    ids: ["id"],
    body: withoutRequired(jsonSchema(postInputSchema)),
    ok: { status: 200, description: "The stored post", schema: anyObject },
    errors: [400, 404, 409, 413, 415],
  },
  {
    method: "delete",
    path: "/posts/{id}",
    tag: "Admin content",
    summary: "Deletes a post",
    ids: ["id"],
    ok: { status: 204, description: "Deleted" },
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/toys",
    tag: "Admin content",
    summary: "Creates a product with its categories and breed notes",
    body: productInputSchema,
    ok: { status: 201, description: "The stored product", schema: anyObject },
    errors: [400, 409, 413, 415],
  },
  {
    method: "put",
    path: "/toys/{id}",
    tag: "Admin content",
    summary: "Replaces a product",
    ids: ["id"],
    body: productInputSchema,
    ok: { status: 200, description: "The stored product", schema: anyObject },
    errors: [400, 404, 409, 413, 415],
  },
  {
    method: "delete",
    path: "/toys/{id}",
    tag: "Admin content",
    summary: "Deletes a product",
    ids: ["id"],
    ok: { status: 204, description: "Deleted" },
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/toys/{id}/categories",
    tag: "Admin content",
    summary: "Adds a category to a product",
    ids: ["id"],
    body: categoryLinkSchema,
    ok: { status: 201, description: "The link", schema: anyObject },
    errors: [400, 404, 409, 413, 415],
  },
  {
    method: "delete",
    path: "/toys/{id}/categories",
    tag: "Admin content",
    summary: "Removes every category of a product",
    ids: ["id"],
    ok: { status: 204, description: "Removed" },
    errors: [400],
  },
  {
    method: "delete",
    path: "/toys/{id}/breed-recommendations",
    tag: "Admin content",
    summary: "Removes every breed recommendation of a product",
    ids: ["id"],
    ok: { status: 204, description: "Removed" },
    errors: [400],
  },
  {
    method: "post",
    path: "/breed-recommendations",
    tag: "Admin content",
    summary: "Recommends a product for a breed, with a note",
    body: breedLinkSchema,
    ok: { status: 201, description: "The link", schema: anyObject },
    errors: [400, 404, 409, 413, 415],
  },
  {
    method: "delete",
    path: "/breed-recommendations/{id}",
    tag: "Admin content",
    summary: "Removes one breed recommendation",
    ids: ["id"],
    ok: { status: 204, description: "Removed" },
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/upload",
    tag: "Admin content",
    summary: `Uploads an image (field "image", at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB); stored as WebP`,
    multipart: true,
    ok: { status: 200, description: "The stored image's URL", schema: anyObject },
    errors: [400, 413, 415],
  },
  // Admin insights
  {
    method: "get",
    path: "/admin/dashboard",
    tag: "Admin insights",
    summary: "Counts, the latest quiz submission, daily visits and the most clicked toys",
    ok: { status: 200, description: "Dashboard numbers", schema: anyObject },
  },
  {
    method: "get",
    path: "/admin/quiz-submissions",
    tag: "Admin insights",
    summary: "Quiz submissions, newest first, paged (X-Total-Count tells how many matched)",
    query: submissionsQuerySchema,
    ok: { status: 200, description: "Submissions", schema: listOf() },
    errors: [400],
  },
  {
    method: "get",
    path: "/admin/quiz-submissions.csv",
    tag: "Admin insights",
    summary: "Every quiz submission as CSV, dates in the given locale and time zone",
    query: exportQuerySchema,
    ok: { status: 200, description: "quiz_submissions.csv", contentType: "text/csv" },
    errors: [400],
  },
];

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input: `message`, and `errors` by field",
  401: "Not signed in as the administrator",
  404: "Not found",
  409: "Conflicts with stored data (e.g. a slug in use)",
  413: "Request body too large",
  415: "Unsupported content type",
  429: "Too many requests (see Retry-After)",
};

function queryParameters(query: z.ZodType | JsonSchema): JsonSchema[] {
  const schema = jsonSchema(query);
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
  const apiPath = `/api${op.path}`;
  const isPublic = isPublicApiCall(op.method.toUpperCase(), op.path.replace(/\{[^}]+\}/g, "1"));
  const parameters = [
    ...(op.ids ?? []).map((name) => ({ name, in: "path", required: true, schema: idSchema })),
    ...Object.entries(op.pathStrings ?? {}).map(([name, description]) => ({
      name,
      in: "path",
      required: true,
      description,
      schema: { type: "string", minLength: 1 },
    })),
    ...(op.query ? queryParameters(op.query) : []),
  ];
  const errorStatuses = [...(op.errors ?? []), ...(isPublic ? [] : [401])].sort();
  const responses: JsonSchema = {
    [op.ok.status]: {
      description: op.ok.description,
      ...(op.ok.schema || op.ok.contentType
        ? { content: { [op.ok.contentType ?? "application/json"]: { schema: op.ok.schema ?? { type: "string" } } } }
        : {}),
    },
  };
  for (const status of errorStatuses) {
    responses[status] = { $ref: `#/components/responses/Error${status}` };
  }
  responses["503"] = { $ref: "#/components/responses/Error503" };
  const body = op.multipart
    ? {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              properties: { image: { type: "string", contentMediaType: "image/*", maxLength: MAX_UPLOAD_BYTES } },
              required: ["image"],
            },
          },
        },
      }
    : op.body
      ? { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } }
      : undefined;
  return {
    operationId: `${op.method}${apiPath.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: op.summary,
    tags: [op.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    security: isPublic ? [] : [{ adminSession: [] }],
  };
}

function buildDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPERATIONS) {
    const apiPath = `/api${op.path}`;
    paths[apiPath] = { ...paths[apiPath], [op.method]: operationObject(op) };
  }
  const errorBody = {
    type: "object",
    properties: {
      message: { type: "string" },
      errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    },
    required: ["message"],
  };
  const responses: Record<string, JsonSchema> = {};
  for (const [status, description] of Object.entries({
    ...ERROR_DESCRIPTIONS,
    503: "Overloaded or the database is unreachable (see Retry-After)",
  })) {
    responses[`Error${status}`] = {
      description,
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Pawsome Picks API",
      version: "1.0.0",
      description:
        "The storefront's public reads and forms, and the owner's admin calls. Errors are JSON `{ message, errors? }`. " +
        "Admin calls need the session cookie set by POST /api/admin/login; writes from other sites are refused.",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: errorBody },
      responses,
      securitySchemes: {
        adminSession: { type: "apiKey", in: "cookie", name: "__Host-pawsome_session" },
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
  return OPERATIONS.map((op) => `${op.method.toUpperCase()} /api${op.path.replace(/\{([^}]+)\}/g, ":$1")}`);
}

/** GET /api/openapi.json */
export function openApiRouter() {
  const router = Router();
  router.get("/openapi.json", (_req: Request, res) => {
    res.set("Cache-Control", "public, max-age=300").json(openApiDocument());
  });
  return router;
}
