import { type DatabaseHandle, openDatabase } from "./db/client";
import { readEnv } from "./env";

/**
 * Runs a maintenance command against the configured, migrated database. Failures print
 * one line and exit 1, like the server's start-up.
 */
export async function runDatabaseCommand(task: (database: DatabaseHandle) => Promise<string>) {
  let database: DatabaseHandle | undefined;
  try {
    const env = readEnv();
    database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
    await database.migrate();
    console.log(await task(database));
  } catch (error) {
    console.error(`Error: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`);
    process.exitCode = 1;
  } finally {
    await database?.close().catch(() => {});
  }
}
