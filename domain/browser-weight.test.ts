import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build, type Rollup } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";

// The storefront pages import constants and helpers from the modules that also declare the
// API's wire schemas, and their JavaScript budget (130 KB gzipped) has no room for Zod's 25 KB.
// Each schema is declared through wireSchema, whose calls the production bundler (Vite's
// Rollup) may drop: a schema declared without it brings all of Zod along with any constant of
// its module (a `/* @__PURE__ */` mark is not enough: Rollup still keeps the arguments of the
// call when it cannot prove them free of effects, and z.literal() is one of those). This
// bundles every other export of those modules the way the page build does, and looks for Zod.

const WIRE_MODULES = [
  "catalog",
  "posts",
  "testimonials",
  "insights",
  "uploads",
  "api-error",
  "form-reply",
  "product-boxes",
  "media",
  "upload-urls",
];
/** every other module of domain/ that declares schemas (read with `grep -l 'from "zod"' domain/*.ts`) */
const SCHEMA_MODULES = readdirSync("domain")
  .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "wire-schema.ts")
  .map((name) => name.slice(0, -3))
  .filter((module) => !WIRE_MODULES.includes(module) && /from "zod"/.test(readFileSync(`domain/${module}.ts`, "utf8")));
const ZOD_MARK = /\b_zod\b|\$ZodType/;

const folder = mkdtempSync(join(tmpdir(), "pawsome-weight-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The code Rollup makes of an entry re-exporting these names, minified as for the browser. */
async function bundle(exports: Record<string, string[]>): Promise<string> {
  const entry = join(
    folder,
    `entry-${createHash("sha256").update(Object.keys(exports).join()).digest("hex").slice(0, 12)}.ts`,
  );
  writeFileSync(
    entry,
    Object.entries(exports)
      .map(
        ([module, names]) => `export { ${names.join(", ")} } from ${JSON.stringify(resolve(`domain/${module}.ts`))};`,
      )
      .join("\n"),
  );
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    build: { write: false, minify: true, lib: { entry, formats: ["es"], fileName: "entry" } },
  })) as Rollup.RollupOutput[];
  return output.flatMap((o) => o.output.map((chunk) => ("code" in chunk ? chunk.code : ""))).join("\n");
}

/**
 * The exports of a domain module that are not Zod schemas; with `functions: false`, only its
 * constants (no objects of schemas either: a form's fields).
 */
async function plainExports(module: string, { functions = true } = {}): Promise<string[]> {
  const exported: Record<string, unknown> = await import(`./${module}.ts`);
  const isSchema = (value: unknown) => value instanceof z.ZodType;
  const isConstant = (value: unknown) =>
    typeof value !== "function" &&
    !(typeof value === "object" && value !== null && Object.values(value).some(isSchema));
  return Object.keys(exported).filter((name) => !isSchema(exported[name]) && (functions || isConstant(exported[name])));
}

describe("the wire schema modules in the browser", () => {
  it("leave Zod out of a page that uses only their constants and helpers", async () => {
    const exports = Object.fromEntries(
      await Promise.all(WIRE_MODULES.map(async (module) => [module, await plainExports(module)] as const)),
    );
    const code = await bundle(Object.fromEntries(Object.entries(exports).filter(([, names]) => names.length > 0)));
    // what the pages use is in: the sort options (catalog.ts reads them) and postSlugOfPath
    expect(code).toContain("price-asc");
    expect(code).toContain("reviews|guides");
    expect(code).not.toMatch(ZOD_MARK);
    // all their helpers together, the price stamp's rules and Amazon's disclaimer among them
    // (issue 27); Zod alone would be 60 KB of this minified code
    expect(code.length).toBeLessThan(12_000);
  }, 60_000);

  // Decision 069: the admin screens without a form, and the storefront's, read constants of the
  // form and query modules too; a schema declared without wireSchema (or a module imported for
  // its side effect) put all of Zod, 27 KB gzip, on each of those screens. (Their functions may
  // parse with a schema, and then rightly bring Zod.)
  it("leave Zod out of a screen that uses only the constants of the form and query modules", async () => {
    const withZod: string[] = [];
    for (const module of SCHEMA_MODULES) {
      const names = await plainExports(module, { functions: false });
      if (names.length === 0) continue;
      const code = await bundle({ [module]: names });
      if (ZOD_MARK.test(code)) withZod.push(`${module}: ${names.join(", ")}`);
    }
    expect(withZod).toEqual([]);
  }, 120_000);

  it("bring Zod along once a schema is used (so the check above can see it)", async () => {
    const code = await bundle({ catalog: ["toySchema"] });
    expect(code).toMatch(ZOD_MARK);
  }, 60_000);
});
