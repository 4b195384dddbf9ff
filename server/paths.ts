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

const here = dirname(fileURLToPath(import.meta.url));
export const projectRoot = findRoot(here);
export const migrationsFolder = join(projectRoot, "server", "db", "migrations");

// Bundled, this module runs from <build>/server/main.js next to React Router's index.js, so
// the build in use is the one it sits in (BUILD_DIR may name another than "build"); from
// source (tsx, tests) it is the default build folder.
const buildFolder = existsSync(join(here, "index.js")) ? dirname(here) : join(projectRoot, "build");
export const clientBuildFolder = join(buildFolder, "client");
export const serverBuildFile = join(buildFolder, "server", "index.js");
