// `npm run db:restore -- FILE`: restores a backup into an empty data folder or database (decision 052).
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { readEnv } from "#server/env.ts";
import {
  backupFormat,
  countRows,
  dataFolderInUse,
  describeCounts,
  folderIsEmpty,
  postgresIsEmpty,
  readFileHead,
  runPostgresTool,
} from "./backup";
import { openDatabase } from "./client";

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error("Usage: npm run db:restore -- FILE   (restores FILE into an empty data folder or database)");
  process.exit(2);
}
const source = resolve(file);
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

try {
  if (!existsSync(source)) throw new Error(`${source} does not exist`);
  const format = backupFormat(readFileHead(source));
  if (!format) throw new Error(`${source} is not a backup made by npm run db:backup`);
  const env = readEnv();
  if (env.DATABASE_URL) {
    if (format !== "pg_dump") {
      throw new Error("this is a backup of the embedded database: restore it with DATABASE_URL unset (into DATA_DIR)");
    }
    // migrate() holds one connection for its lock and runs the migrations on another
    const database = await openDatabase({ url: env.DATABASE_URL, poolSize: 2 });
    try {
      if (!(await postgresIsEmpty(database.db))) {
        throw new Error(`the database ${database.location} is not empty: restore into a new, empty database`);
      }
      // one transaction: a restore that fails part-way leaves the database empty, not half-filled
      await runPostgresTool("pg_restore", env.DATABASE_URL, [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        "--single-transaction",
        source,
      ]);
      await database.migrate();
      console.log(`Restored ${source} into the PostgreSQL database ${database.location} (${seconds()} s).`);
      console.log(`It holds: ${describeCounts(await countRows(database.db))}.`);
    } finally {
      await database.close();
    }
  } else {
    if (format !== "pglite") {
      throw new Error(
        "this is a pg_dump backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty database",
      );
    }
    const dataDir = resolve(env.DATA_DIR);
    if (dataFolderInUse(dataDir)) throw new Error(`${dataDir} is in use by a running server: stop it first`);
    if (!folderIsEmpty(dataDir)) {
      throw new Error(`${dataDir} is not empty: restore into an empty or new folder (set DATA_DIR), never over data`);
    }
    const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(source)]) });
    try {
      // a backup of an older version is brought up to this version's schema now, not at first start
      await database.migrate();
      console.log(`Restored ${source} into the embedded database in ${dataDir} (${seconds()} s).`);
      console.log(`It holds: ${describeCounts(await countRows(database.db))}.`);
    } finally {
      await database.close();
    }
  }
} catch (error) {
  console.error(`Restore failed: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`);
  process.exitCode = 1;
}
