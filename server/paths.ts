import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// The project root is the nearest folder above this module with a package.json, so the
// same code finds its files whether it runs from server/ (tsx, tests) or build/server/.
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsFolder = join(projectRoot, "server", "db", "migrations");
export const clientBuildFolder = join(projectRoot, "build", "client");
export const serverBuildFile = join(projectRoot, "build", "server", "index.js");
