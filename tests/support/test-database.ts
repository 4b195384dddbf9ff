import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../server/db/client";

export interface TestDatabaseOptions {
  /** false: an empty database without migrations (to test the migrations themselves) */
  migrated?: boolean;
}

/**
 * A fresh, private database for one test file: PGlite from the migrated dump by default,
 * or a new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close).
 */
export async function createTestDatabase({ migrated = true }: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // PGLITE_PREPARED_STATEMENTS=off runs the tests on PGlite's public query path (decision 068)
    const preparedStatements = process.env.PGLITE_PREPARED_STATEMENTS !== "off";
    if (!migrated) return openDatabase({ dataDir: "memory://", preparedStatements });
    const dump = readFileSync(inject("pgliteDumpPath"));
    return openDatabase({ dataDir: "memory://", loadDataDir: new Blob([dump]), preparedStatements });
  }
  const name = `pawsome_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  if (migrated) await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
