import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../tests/support/test-database";
import { startTestServer, type TestServer } from "../tests/support/test-server";
import type { DatabaseHandle } from "./db/client";

describe("HTTP basics", () => {
  let database: DatabaseHandle;
  let server: TestServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it("reports health with a database check", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok", database: "up" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await fetch(`${server.url}/api/no-such-thing?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ message: "No API route for GET /api/no-such-thing" });
  });

  it("refuses malformed JSON with 400 and oversized JSON with 413, as JSON", async () => {
    const malformed = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: "Request body is not valid JSON" });

    const huge = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(200 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ message: "Request body is too large" });
  });

  it("hides the framework and tags every response with a request id", async () => {
    const res = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "abc-123" } });
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    const generated = await fetch(`${server.url}/healthz`, { headers: { "x-request-id": "spaces and ! are refused" } });
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("compresses large responses", async () => {
    const res = await fetch(`${server.url}/api/${"a".repeat(2000)}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("reports unhealthy when the database is gone", async () => {
    const other = await createTestDatabase();
    const otherServer = await startTestServer(other);
    try {
      await other.close();
      const res = await fetch(`${otherServer.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: "unavailable", database: "down" });
    } finally {
      await otherServer.close();
    }
  });
});
