import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRouter } from "#server/app.ts";
import { type SeededTestServer, startSeededTestServer } from "../../tests/support/test-server";
import { routeTable } from "../http/route-table";
import { documentedRoutes, openApiDocument } from "./openapi";

let server: SeededTestServer;
beforeAll(async () => {
  server = await startSeededTestServer();
});
afterAll(() => server.close());

/** A value deep inside the document (undefined when a step is missing). */
function at(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
}

describe("GET /api/openapi.json", () => {
  it("is served to anyone as JSON: an OpenAPI 3.1 document", async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Pawsome Picks API");
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>)) {
      expect(path.startsWith("/api/")).toBe(true);
      for (const operation of Object.values(item)) expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
    }
  });

  it("describes exactly the routes the server registers", () => {
    const router = apiRouter(server.services, {
      secureCookies: false,
      trackRateLimit: { max: 1, windowMs: 1 },
      siteUrl: "http://localhost:3000",
    });
    const registered = routeTable(router, "/api")
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(registered.length).toBeGreaterThan(30);
    expect(documentedRoutes().sort()).toEqual(registered);
  });

  it("takes request bodies and parameters from the validation schemas", () => {
    const doc = openApiDocument();
    const contact = at(doc, "paths", "/api/contact", "post", "requestBody", "content", "application/json", "schema");
    expect(at(contact, "required")).toEqual(expect.arrayContaining(["name", "email", "subject", "message"]));
    expect(at(contact, "properties", "message", "maxLength")).toBeGreaterThan(0);
    const quizParameters = at(doc, "paths", "/api/quiz-recommendations", "get", "parameters") as { name: string }[];
    expect(
      at(
        quizParameters.find((p) => p.name === "dogSize"),
        "schema",
        "enum",
      ),
    ).toEqual(["small", "medium", "large"]);
    const toy = at(doc, "paths", "/api/toys/{id}", "get", "parameters", "0");
    expect(toy).toMatchObject({ name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } });
  });

  it("describes the answers with the domain's wire schemas, closed to undescribed fields", () => {
    const doc = openApiDocument();
    expect(
      at(doc, "paths", "/api/toys/{id}", "get", "responses", "200", "content", "application/json", "schema"),
    ).toEqual({
      // a visitor gets the spec's Toy; the signed-in owner the same with the product's sources (issue 27)
      anyOf: [{ $ref: "#/components/schemas/Toy" }, { $ref: "#/components/schemas/AdminToy" }],
    });
    expect(at(doc, "components", "schemas", "Toy", "additionalProperties")).toBe(false);
    expect(at(doc, "components", "schemas", "AdminToy", "additionalProperties")).toBe(false);
    expect(at(doc, "components", "schemas", "Toy", "required")).toEqual(
      expect.arrayContaining(["amazonUrl", "categories"]),
    );
    expect(at(doc, "components", "schemas", "Error", "required")).toEqual(["message"]);
    for (const form of ["/api/contact", "/api/quiz-newsletter"]) {
      expect(Object.keys(at(doc, "paths", form, "post", "responses") as object)).toEqual(
        expect.arrayContaining(["200", "202", "400", "429"]),
      );
    }
    expect(at(doc, "components", "responses", "Error429", "headers", "Retry-After")).toBeDefined();
    expect(at(doc, "components", "schemas", "UploadError", "required")).toEqual(["success", "error", "message"]);
  });

  it("has one path item for a post, whose reads take an id or slug and whose writes an id", () => {
    const doc = openApiDocument() as { paths: Record<string, object> };
    // one path item for a post itself (its parts, /{id}/revisions..., are paths of their own);
    // the list's bulk actions are a path of the list, like /api/toys/bulk
    expect(Object.keys(doc.paths).filter((path) => /^\/api\/posts\/[^/]+$/.test(path))).toEqual([
      "/api/posts/featured",
      "/api/posts/{key}",
      "/api/posts/bulk",
    ]);
    expect(at(doc, "paths", "/api/posts/{key}", "get", "parameters", "0", "schema", "type")).toBe("string");
    for (const method of ["patch", "delete"]) {
      expect(at(doc, "paths", "/api/posts/{key}", method, "parameters", "0", "schema", "type")).toBe("integer");
    }
  });

  it("marks admin calls as needing the session, the visitors' calls as public", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { security: unknown[] }>> };
    expect(doc.paths["/api/toys"]?.get?.security).toEqual([]);
    expect(doc.paths["/api/contact"]?.post?.security).toEqual([]);
    expect(doc.paths["/api/toys"]?.post?.security).toEqual([{ adminSession: [] }]);
    expect(doc.paths["/api/admin/quiz-submissions.csv"]?.get?.security).toEqual([{ adminSession: [] }]);
    expect(doc.paths["/api/upload"]?.post?.security).toEqual([{ adminSession: [] }]);
  });
});
