import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { methodsByPath, recordRoutes, routeTable } from "./route-table";
import { createRouter } from "./router";

// The route table is recorded as routes are registered, through Express's public methods only
// (decision 068). In development the pages sit behind Vite's middleware, a connect app: mounted
// like any middleware, it adds no routes.

describe("the route table", () => {
  it("lists the routes of the app and of the routers mounted in it, with their full paths", async () => {
    const app = recordRoutes(express());
    const connectApp = Object.assign((_req: unknown, _res: unknown, next: () => void) => next(), { stack: [] });
    app.use(connectApp);
    const api = createRouter();
    const guard: express.RequestHandler = (_req, _res, next) => next();
    const reply: express.RequestHandler = (_req, res) => void res.end("ok");
    api.get("/toys/:id", guard, reply);
    const nested = createRouter();
    nested.delete(["/a", "/b"], reply);
    api.use("/nested", nested);
    app.use("/api", api);
    app.post("/contact-form", reply);
    app.get("/healthz", reply);

    const table = routeTable(app);
    expect(table.map(({ method, path }) => `${method} ${path}`)).toEqual([
      "GET /api/toys/:id",
      "DELETE /api/nested/a",
      "DELETE /api/nested/b",
      "POST /contact-form",
      "GET /healthz",
    ]);
    expect(table[0]?.handlers).toEqual([guard, reply]);
    expect(methodsByPath(table)("/api/toys/1")).toEqual(["GET", "HEAD"]);

    // the recorded routes still route as Express's own do, and reading a setting registers nothing
    app.set("answer", 42);
    expect(app.get("answer")).toBe(42);
    expect(routeTable(app)).toHaveLength(5);
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      expect(await (await fetch(`http://127.0.0.1:${port}/api/toys/1`)).text()).toBe("ok");
      expect((await fetch(`http://127.0.0.1:${port}/api/nested/b`, { method: "DELETE" })).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it("refuses a router whose routes were not recorded, and a path the table could not name", () => {
    expect(() => routeTable(express.Router())).toThrow(/createRouter/);
    expect(() => createRouter().get(/^\/toys/ as unknown as string, () => {})).toThrow(/path string/);
  });

  it("misses no router: every router under server/ is made by createRouter, with one method per route", () => {
    const sources = readdirSync("server", { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
      .map((file) => ({ file, text: readFileSync(join("server", file), "utf8") }));
    const strays = sources.flatMap(({ file, text }) => [
      ...(file !== join("http", "router.ts") && /\b(express\.)?Router\(/.test(text) ? [`${file}: Router()`] : []),
      ...(/\b(app|api|router)\.(all|route)\(/.test(text) ? [`${file}: all() or route()`] : []),
      ...(/\bexpress\(\)/.test(text) && !/recordRoutes\(express\(\)\)/.test(text) ? [`${file}: express()`] : []),
    ]);
    expect(strays).toEqual([]);
  });
});
