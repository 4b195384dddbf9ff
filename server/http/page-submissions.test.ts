import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pageMethods } from "./page-submissions";

// Which methods a page address has, as React Router would route a submission to it: the app's
// own routes are walked by page-action-fuzz.test.ts; this manifest has the shapes the app does
// not (an index route with an action, a layout with one), so the rules for them are checked too.

const action = async () => null;
const routes = {
  root: { id: "root", path: "", module: {} },
  layout: { id: "layout", parentId: "root", module: {} },
  home: { id: "home", parentId: "layout", index: true, module: { action } },
  contact: { id: "contact", parentId: "layout", path: "contact", module: { action } },
  about: { id: "about", parentId: "layout", path: "about", module: {} },
  area: { id: "area", parentId: "root", path: "area", module: { action } },
  areaIndex: { id: "areaIndex", parentId: "area", index: true, module: {} },
  areaItem: { id: "areaItem", parentId: "area", path: ":id", module: {} },
  missing: { id: "missing", parentId: "layout", path: "*", module: {} },
};

const build = { routes, future: {}, basename: undefined } as unknown as ServerBuild;

const READ = ["GET", "HEAD"];
const SUBMIT = ["GET", "HEAD", "POST"];

describe("page methods", () => {
  const methods = pageMethods(build);

  it("POST only where the route a submission goes to has an action", () => {
    expect(methods("/contact", "")).toEqual(SUBMIT);
    expect(methods("/about", "")).toEqual(READ);
    expect(methods("/no/such/page", "")).toEqual(READ);
    // a parameter route without an action under a parent with one
    expect(methods("/area/7", "")).toEqual(READ);
  });

  it("an index route's action only when the query says ?index; otherwise its parent's", () => {
    expect(methods("/", "?index")).toEqual(SUBMIT);
    expect(methods("/", "")).toEqual(READ);
    expect(methods("/", "?index=1")).toEqual(READ);
    expect(methods("/area", "")).toEqual(SUBMIT);
    expect(methods("/area", "?index")).toEqual(READ);
  });

  it("data requests are the page they name", () => {
    expect(methods("/contact.data", "")).toEqual(SUBMIT);
    expect(methods("/about.data", "")).toEqual(READ);
    expect(methods("/area.data", "?_routes=area")).toEqual(SUBMIT);
  });

  it("/_.data names the path with its slash: / for /_.data (React Router 8)", () => {
    expect(methods("/_.data", "?index")).toEqual(SUBMIT);
    expect(methods("/_.data", "")).toEqual(READ);
    expect(methods("/contact/_.data", "")).toEqual(SUBMIT);
  });
});
