import express from "express";
import { describe, expect, it } from "vitest";
import { methodsByPath, routeTable } from "./route-table";

// The route table is read from the app as it runs, whatever else is mounted in it. In
// development the pages sit behind Vite's middleware, a connect app: its stack names a path per
// entry as a string, where an Express route has an object.

describe("the route table", () => {
  it("lists Express's routes and passes over a connect app mounted beside them", () => {
    const app = express();
    const connectApp = Object.assign((_req: unknown, _res: unknown, next: () => void) => next(), {
      stack: [
        { route: "", handle: () => {} },
        { route: "/__vite_ping", handle: () => {} },
      ],
    });
    app.use(connectApp);
    const api = express.Router();
    api.get("/toys/:id", (_req, res) => void res.end());
    app.use("/api", api);
    app.post("/contact-form", (_req, res) => void res.end());

    const table = routeTable((app as unknown as { router: unknown }).router);
    expect(table.map(({ method, path }) => `${method} ${path}`)).toEqual(["GET /api/toys/:id", "POST /contact-form"]);
    expect(methodsByPath(table)("/api/toys/1")).toEqual(["GET", "HEAD"]);
  });
});
