// The layering rules of docs/architecture.md, checked on every import so they hold without
// anyone remembering them: `npm test` runs this right after lint. It reads each source file
// with TypeScript's parser (already a dev dependency), so imports inside comments or strings
// are not mistaken for real ones, and `import type`, `export … from`, `import("…")` and type
// positions like `typeof import("…")` are all seen.
//
//   node scripts/check-layers.mjs [root]   exit 0: no violation; exit 1: each one on stderr
//
// Only direct imports are judged: a file may use a module that itself follows the rules.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, extname, join, posix, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const SOURCE_EXTENSIONS = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);
/** the folders whose files the rules speak about */
const CHECKED_FOLDERS = ["app", "domain", "server"];
const SKIPPED_FOLDERS = new Set(["node_modules", "build", ".react-router"]);

/**
 * The `#…` import aliases, used until package.json says otherwise: its "imports" field, once it
 * has them, is read as well (a target there wins over these).
 */
const DEFAULT_ALIASES = { "#app/*": "./app/*", "#domain/*": "./domain/*", "#server/*": "./server/*" };

/**
 * Each rule: which files it applies to (`from`), and which resolved import it forbids
 * (`forbids`, given the import's repo-relative target or, for a package, its name).
 */
export const RULES = [
  {
    id: "domain-is-self-contained",
    text: "domain/ imports nothing local outside domain/ (it is shared by browser and server)",
    from: (file) => under(file, "domain"),
    forbids: (target) => target.local && !under(target.path, "domain"),
  },
  {
    id: "app-never-imports-server",
    text: "app/ imports nothing from server/, types included (wire types live in domain/)",
    from: (file) => under(file, "app"),
    forbids: (target) => target.local && under(target.path, "server"),
  },
  {
    id: "services-know-no-http",
    text: "server/services/ never imports HTTP code (server/http/, server/api/ or express)",
    from: (file) => under(file, "server/services"),
    forbids: (target) =>
      target.local
        ? under(target.path, "server/http") || under(target.path, "server/api")
        : target.name === "express" || target.name.startsWith("express/"),
  },
  {
    id: "lib-never-imports-components",
    text: "app/lib/ never imports from app/components/",
    from: (file) => under(file, "app/lib"),
    forbids: (target) => target.local && under(target.path, "app/components"),
  },
  {
    id: "admin-areas-apart",
    text: "an admin area's folder (app/routes/admin/<area>/) imports nothing from another area's folder; what two areas share lives in the admin kit (app/components/admin/)",
    from: (file) => adminAreaOf(file) !== null,
    forbids: (target, file) =>
      target.local && adminAreaOf(target.path) !== null && adminAreaOf(target.path) !== adminAreaOf(file),
  },
  {
    id: "components-never-import-routes",
    text: "app/components/ (the site's parts and the admin kit) imports nothing from app/routes/",
    from: (file) => under(file, "app/components"),
    forbids: (target) => target.local && under(target.path, "app/routes"),
  },
  {
    id: "icons-by-module-file",
    text: 'app/ imports each Lucide icon from its own file ("lucide/dist/esm/icons/<name>.mjs", drawn by ui/icon.ts)',
    from: (file) => under(file, "app"),
    // Through the package's index, the bundler sees the index as every icon's only user and
    // splits icons into files by the wrong pages (decision 069); lucide-react adds its runtime.
    forbids: (target) =>
      !target.local &&
      (target.name === "lucide-react" ||
        (target.name === "lucide" && !/^lucide\/dist\/esm\/icons\/[a-z0-9-]+\.mjs$/.test(target.specifier))),
  },
];

/** The admin area a repo-relative path lies in (its folder under app/routes/admin/), or null. */
function adminAreaOf(path) {
  return /^app\/routes\/admin\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** True when the repo-relative posix path is the folder or inside it. */
function under(path, folder) {
  return path === folder || path.startsWith(`${folder}/`);
}

/** The `#…` aliases: package.json's "imports" over the defaults, as [prefix, target prefix] pairs. */
function readAliases(root) {
  const aliases = { ...DEFAULT_ALIASES };
  const manifest = join(root, "package.json");
  if (existsSync(manifest)) {
    const imports = JSON.parse(readFileSync(manifest, "utf8")).imports ?? {};
    for (const [pattern, target] of Object.entries(imports)) {
      const path = firstStringTarget(target);
      if (path) aliases[pattern] = path;
    }
  }
  return Object.entries(aliases).map(([pattern, target]) => [pattern, posix.normalize(target.replace(/^\.\//, ""))]);
}

/** A conditional "imports" target ({ types, default, … }) names a file by its first string leaf. */
function firstStringTarget(target) {
  if (typeof target === "string") return target;
  if (target && typeof target === "object") {
    for (const value of Object.values(target)) {
      const found = firstStringTarget(value);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Where an import specifier points: a repo-relative path for local modules (relative paths and
 * `#` aliases; the extension is not needed to judge a folder rule), or a package name.
 */
function resolveSpecifier(specifier, fromFile, aliases) {
  if (specifier.startsWith(".")) {
    return { local: true, path: posix.normalize(posix.join(posix.dirname(fromFile), specifier)) };
  }
  // Vite reads "/x" from the project root
  if (specifier.startsWith("/")) return { local: true, path: posix.normalize(specifier.slice(1)) };
  if (specifier.startsWith("#")) {
    for (const [pattern, target] of aliases) {
      const star = pattern.indexOf("*");
      if (star === -1) {
        if (specifier === pattern) return { local: true, path: target };
      } else if (specifier.startsWith(pattern.slice(0, star)) && specifier.endsWith(pattern.slice(star + 1))) {
        const middle = specifier.slice(star, specifier.length - (pattern.length - star - 1));
        return { local: true, path: posix.normalize(target.replace("*", middle)) };
      }
    }
    // an alias package.json does not define: still local, so the folder rules can judge it by name
    return { local: true, path: specifier.slice(1) };
  }
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return { local: false, name: specifier.startsWith("node:") ? specifier : name, specifier };
}

/** `import type { A }` and `import { type A, type B }` bring in types only; a bare `import "x"` does not. */
function isTypeOnlyImport(clause) {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((element) => element.isTypeOnly)
  );
}

/** Every module specifier a file names, with its 1-based line and whether it is type-only. */
export function importsOf(fileName, text) {
  const kind = fileName.endsWith(".tsx") || fileName.endsWith(".jsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const add = (literal, typeOnly) => {
    if (!literal || !ts.isStringLiteralLike(literal)) return;
    const { line } = source.getLineAndCharacterOfPosition(literal.getStart(source));
    found.push({ specifier: literal.text, line: line + 1, typeOnly });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      add(node.moduleSpecifier, isTypeOnlyImport(node.importClause));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Source files under the checked folders, as repo-relative posix paths. */
function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (SOURCE_EXTENSIONS.has(extname(entry.name))) files.push(relative(root, path).split(sep).join("/"));
    }
  };
  for (const folder of CHECKED_FOLDERS) if (existsSync(join(root, folder))) walk(join(root, folder));
  return files.sort();
}

/** Every import in the tree that breaks a rule: { file, line, specifier, typeOnly, rule }. */
export function checkLayers(root) {
  const aliases = readAliases(root);
  const violations = [];
  for (const file of sourceFiles(root)) {
    const rules = RULES.filter((rule) => rule.from(file));
    if (rules.length === 0) continue;
    for (const imported of importsOf(file, readFileSync(join(root, file), "utf8"))) {
      const target = resolveSpecifier(imported.specifier, file, aliases);
      for (const rule of rules) {
        if (rule.forbids(target, file)) violations.push({ file, ...imported, rule });
      }
    }
  }
  return violations;
}

/** One line per violation: where, what was imported, and the rule it breaks. */
export function formatViolation({ file, line, specifier, typeOnly, rule }) {
  const what = typeOnly ? "imports types from" : "imports";
  return `${file}:${line}: ${what} "${specifier}": ${rule.text} [${rule.id}]`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), ".."));
  const violations = checkLayers(root);
  if (violations.length === 0) {
    console.log("layers: no forbidden imports (rules: docs/architecture.md, 'Rules that keep the house livable')");
  } else {
    for (const violation of violations) console.error(formatViolation(violation));
    console.error(
      `\nlayers: ${violations.length} forbidden import${violations.length === 1 ? "" : "s"} ` +
        "(docs/architecture.md, 'Rules that keep the house livable'; scripts/check-layers.mjs)",
    );
    process.exitCode = 1;
  }
}
