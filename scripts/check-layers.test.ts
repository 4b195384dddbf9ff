import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkLayers, formatViolation, importsOf } from "./check-layers.mjs";

// The layering check on a small tree laid out like the repository: the tree as it stands
// passes, and each forbidden import, added on its own, fails with its file, line and rule.

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "check-layers.mjs");

/** A tree in which every import keeps the rules. */
const ALLOWED: Record<string, string> = {
  "package.json": JSON.stringify({ name: "fixture", type: "module" }),
  "domain/catalog.ts": 'import { z } from "zod";\nimport { slugify } from "./text";\nexport const x = z.string();\n',
  "domain/text.ts": 'export * from "#domain/ids";\nexport const slugify = (s: string) => s;\n',
  "domain/ids.ts": "export const id = 1;\n",
  "app/lib/api.ts": 'import type { Toy } from "../../domain/catalog";\nimport { slugify } from "#domain/text";\n',
  "app/components/toy-card.tsx":
    'import { api } from "../lib/api";\n// once: import { Services } from "../../server/services/create-services";\n' +
    "const hint = \"import('../../server/db/client')\";\nexport const Card = () => <p>{hint}</p>;\n" +
    'import XNode from "lucide/dist/esm/icons/x.mjs";\n',
  "app/routes/public/home.tsx":
    'import { Card } from "../../components/toy-card";\nimport { api } from "#app/lib/api";\n' +
    'const lazy = () => import("../../components/toy-card");\n',
  "server/services/catalog.service.ts":
    'import { sql } from "drizzle-orm";\nimport type { DatabaseHandle } from "../db/client";\n' +
    'import { createHash } from "node:crypto";\nimport { something } from "expressive";\n',
  "server/db/client.ts": "export type DatabaseHandle = {};\n",
  "server/http/errors.ts":
    'import type { RequestHandler } from "express";\nimport { x } from "../services/catalog.service";\n',
  "server/api/catalog.ts":
    'import express from "express";\nimport { catalog } from "#server/services/catalog.service";\n',
  "scripts/tool.mjs": 'import { x } from "../server/http/errors.ts";\n',
  "app/components/admin/panel.tsx": 'import { Card } from "../toy-card";\n',
  "app/routes/admin/posts/list.tsx":
    'import { PostTable } from "./post-table";\nimport { Panel } from "#app/components/admin/panel";\n' +
    'import { Shell } from "../layout";\n',
  "app/routes/admin/posts/post-table.tsx": 'import { Panel } from "../../../components/admin/panel";\n',
  "app/routes/admin/layout.tsx": 'import { Panel } from "#app/components/admin/panel";\n',
};

let root: string;

function write(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** The tree's violations as `file:line rule-id`. */
function violations() {
  return checkLayers(root).map((v) => `${v.file}:${v.line} ${v.rule.id}`);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "check-layers-"));
  write(ALLOWED);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the layering check", () => {
  it("passes a tree that keeps every rule (comments, strings, packages and allowed folders included)", () => {
    expect(violations()).toEqual([]);
  });

  it.each([
    // domain/ imports nothing local outside domain/
    ["domain/quiz.ts", 'import { db } from "../server/db/client";', "domain-is-self-contained"],
    ["domain/quiz.ts", 'import type { Toy } from "#app/lib/api";', "domain-is-self-contained"],
    ["domain/quiz.ts", 'export { api } from "../app/lib/api";', "domain-is-self-contained"],
    ["domain/quiz.ts", 'const tool = () => import("../scripts/tool.mjs");', "domain-is-self-contained"],
    // app/ imports nothing from server/, types included
    [
      "app/routes/admin/products.tsx",
      'import type { AdminProductRow } from "../../../server/services/catalog.service";',
      "app-never-imports-server",
    ],
    [
      "app/routes/admin/products.tsx",
      'import { type Services } from "#server/services/create-services";',
      "app-never-imports-server",
    ],
    [
      "app/components/x.tsx",
      'export type { DatabaseHandle } from "../../server/db/client";',
      "app-never-imports-server",
    ],
    ["app/root.tsx", 'type Handle = typeof import("../server/db/client");', "app-never-imports-server"],
    ["app/root.tsx", 'const load = () => import("#server/services/catalog.service");', "app-never-imports-server"],
    // server/services/ never imports HTTP code
    ["server/services/post-editor.service.ts", 'import type { Request } from "express";', "services-know-no-http"],
    ["server/services/post-editor.service.ts", 'import { Router } from "express/lib/router";', "services-know-no-http"],
    ["server/services/post-editor.service.ts", 'import { HttpError } from "../http/errors";', "services-know-no-http"],
    [
      "server/services/post-editor.service.ts",
      'import { catalogRouter } from "#server/api/catalog";',
      "services-know-no-http",
    ],
    // app/lib/ never imports components
    ["app/lib/posts.server.ts", 'import type { Card } from "../components/toy-card";', "lib-never-imports-components"],
    ["app/lib/posts.server.ts", 'import { Card } from "#app/components/toy-card";', "lib-never-imports-components"],
    // an admin area imports nothing from another area; the kit imports no route
    ["app/routes/admin/products/list.tsx", 'import { PostTable } from "../posts/post-table";', "admin-areas-apart"],
    [
      "app/routes/admin/products/list.tsx",
      'import type { X } from "#app/routes/admin/posts/post-table";',
      "admin-areas-apart",
    ],
    ["app/routes/admin/products/list.tsx", 'const t = () => import("../posts/list");', "admin-areas-apart"],
    [
      "app/components/admin/toy-search.tsx",
      'import { PostTable } from "../../routes/admin/posts/post-table";',
      "components-never-import-routes",
    ],
    ["app/components/x.tsx", 'import { Shell } from "#app/routes/admin/layout";', "components-never-import-routes"],
    // app/ imports each icon from its own file
    ["app/components/x.tsx", 'import { X } from "lucide";', "icons-by-module-file"],
    ["app/components/x.tsx", 'import { X } from "lucide-react";', "icons-by-module-file"],
    ["app/components/x.tsx", 'import X from "lucide/dist/esm/lucide.mjs";', "icons-by-module-file"],
  ])("fails %s importing: %s", (file, statement, rule) => {
    write({ [file]: `// added for the test\n\n${statement}\n` });
    expect(violations()).toEqual([`${file}:3 ${rule}`]);
  });

  it("judges the aliases package.json declares, as the lead will add them", () => {
    write({
      "package.json": JSON.stringify({
        name: "fixture",
        imports: { "#server/*": { types: "./server/*", default: "./server/*" }, "#backend/*": "./server/*" },
      }),
      "app/lib/a.ts": 'import { x } from "#backend/db/client";\nimport { y } from "#server/db/client";\n',
    });
    expect(violations()).toEqual([
      "app/lib/a.ts:1 app-never-imports-server",
      "app/lib/a.ts:2 app-never-imports-server",
    ]);
  });

  it("says where, what and which rule, and whether only types were imported", () => {
    write({
      "app/lib/a.ts": 'import { type A, type B } from "../../server/db/client";\nimport "../components/x.css";\n',
    });
    expect(checkLayers(root).map(formatViolation)).toEqual([
      'app/lib/a.ts:1: imports types from "../../server/db/client": app/ imports nothing from server/, types included (wire types live in domain/) [app-never-imports-server]',
      'app/lib/a.ts:2: imports "../components/x.css": app/lib/ never imports from app/components/ [lib-never-imports-components]',
    ]);
  });

  it("reads import, export-from, dynamic and type-position imports, not comments or strings", () => {
    const text = [
      'import a from "a";',
      'import type { B } from "b";',
      'export * from "c";',
      "/* import d from 'd'; */",
      "const e = \"import('e')\";",
      'const f = await import("f");',
      'type G = import("g").G;',
      'import "h";',
    ].join("\n");
    expect(importsOf("x.tsx", text)).toEqual([
      { specifier: "a", line: 1, typeOnly: false },
      { specifier: "b", line: 2, typeOnly: true },
      { specifier: "c", line: 3, typeOnly: false },
      { specifier: "f", line: 6, typeOnly: false },
      { specifier: "g", line: 7, typeOnly: true },
      { specifier: "h", line: 8, typeOnly: false },
    ]);
  });

  it("as a command: exit 0 on a clean tree, exit 1 with one line per violation on stderr", async () => {
    const run = () =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [SCRIPT, root], (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    expect((await run()).code).toBe(0);
    write({ "server/services/mail.service.ts": 'import type { Response } from "express";\n' });
    const failed = await run();
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(
      'server/services/mail.service.ts:1: imports types from "express": server/services/ never imports HTTP code',
    );
    expect(failed.stderr).toContain("layers: 1 forbidden import ");
  });
});
