// `npm run db:backup -- FILE`: writes a consistent backup of the whole site (decision 052).
import { renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { readEnv } from "#server/env.ts";
import {
  countRows,
  dataFolderInUse,
  describeCounts,
  folderIsEmpty,
  requestSnapshot,
  runPostgresTool,
  snapshotPglite,
} from "./backup";
import { openDatabase } from "./client";

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error("Usage: npm run db:backup -- FILE   (writes a backup of the configured database to FILE)");
  process.exit(2);
}
const target = resolve(file);
// Written beside the target and renamed at the end: a failed backup never leaves a cut-short
// file under the name of a good one.
const partial = `${target}.partial`;
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const size = (path: string) => `${(statSync(path).size / 1024 / 1024).toFixed(1)} MB`;

try {
  const env = readEnv();
  if (env.DATABASE_URL) {
    await runPostgresTool("pg_dump", env.DATABASE_URL, [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${partial}`,
    ]);
    renameSync(partial, target);
    const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 1 });
    const summary = await countRows(database.db).finally(() => database.close());
    console.log(
      `Backed up the PostgreSQL database ${database.location} to ${target} (pg_dump custom format, ${size(target)}, ${seconds()} s).`,
    );
    console.log(`It holds: ${describeCounts(summary)}. Restore it with: npm run db:restore -- ${file}`);
  } else {
    const dataDir = resolve(env.DATA_DIR);
    // opening an empty folder would create a new, empty database and back that up
    if (folderIsEmpty(dataDir))
      throw new Error(`there is no embedded database in ${dataDir} (set DATA_DIR to its folder)`);
    let counts: Record<string, number>;
    let how: string;
    if (dataFolderInUse(dataDir)) {
      const snapshot = await requestSnapshot(dataDir);
      writeFileSync(partial, snapshot.dump);
      counts = snapshot.counts;
      how = "from the running server";
    } else {
      const database = await openDatabase({ dataDir });
      try {
        const snapshot = await snapshotPglite(database);
        writeFileSync(partial, Buffer.from(await snapshot.dump.arrayBuffer()));
        counts = snapshot.counts;
      } finally {
        await database.close();
      }
      how = "with the server stopped";
    }
    renameSync(partial, target);
    console.log(`Backed up the embedded database in ${dataDir} ${how} to ${target} (${size(target)}, ${seconds()} s).`);
    console.log(`It holds: ${describeCounts(counts)}. Restore it with: npm run db:restore -- ${file}`);
  }
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`Backup failed: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`);
  process.exitCode = 1;
}
