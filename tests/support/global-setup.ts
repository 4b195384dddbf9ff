import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDumpPath: string;
  }
}

// Migrating PGlite from scratch takes seconds; every test file instead starts from a
// dump of a freshly migrated database (see tests/support/test-database.ts).
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "pawsome-test-"));
  const database = await openDatabase({ dataDir: "memory://" });
  await database.migrate();
  const dump = await database.dumpDataDir?.();
  await database.close();
  if (!dump) throw new Error("PGlite dump failed");
  const file = join(dir, "migrated.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDumpPath", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
