import { accessSync, constants, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrationsFolder } from "#server/paths.ts";
import { type MaintenanceReport, maintainPglite } from "./maintenance";
import { pgliteStatements } from "./pglite-statements";
import * as schema from "./schema";

const MIGRATION_LOCK_KEY = 727_274_001;

/** What both drivers' raw `execute` results have in common: the rows. */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: RowsResult<this["row"]>;
}
type RowsResult<Row> = { rows: (Row extends Record<string, unknown> ? Row : Record<string, unknown>)[] };

export type Database = PgDatabase<RowsResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** where the data lives, for log lines (never includes a password) */
  location: string;
  /** applies the committed migrations that have not run yet */
  migrate(): Promise<void>;
  /** cheap liveness probe for /healthz */
  ping(): Promise<void>;
  /**
   * Vacuums and analyzes the tables that need it (PGlite, which has no autovacuum: decision
   * 041); PostgreSQL's own autovacuum does this, so there it does nothing.
   */
  maintain(): Promise<MaintenanceReport>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (backups, test fixtures) */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: "prepared", or why statements go through PGlite's public query (decision 068) */
  statements?: string;
}

/** A start-up failure the process entry prints as one line instead of a stack trace. */
export class DatabaseUnavailableError extends Error {}

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite database is used */
  url?: string;
  /** PGlite data folder (ignored with a URL); "memory://" keeps it in memory */
  dataDir?: string;
  /** a PGlite data dump (from dumpDataDir) to start from, used by tests */
  loadDataDir?: Blob;
  poolSize?: number;
  /** PGlite only: false sends every statement through PGlite's public query (decision 068) */
  preparedStatements?: boolean;
}

/** Opens PGlite (no URL) or a PostgreSQL pool (URL) behind the same Drizzle API. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? "./data", options.loadDataDir, options.preparedStatements ?? true);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const location = redactUrl(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError(`cannot reach the PostgreSQL database at ${location} (${describeError(error)})`);
  }
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    location,
    async migrate() {
      // Several app instances may start at once: one migrates, the others wait for it.
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePg(db, { migrationsFolder });
      } finally {
        await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        lock.release();
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    maintain: async () => ({ tables: [], ms: 0 }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string, loadDataDir: Blob | undefined, prepared: boolean): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith("memory://");
  const location = inMemory ? dataDir : resolve(dataDir);
  if (!inMemory) {
    try {
      mkdirSync(location, { recursive: true });
      accessSync(location, constants.W_OK);
    } catch (error) {
      throw new DatabaseUnavailableError(
        `the data folder ${location} is not writable (${describeError(error)}); set DATA_DIR to a writable folder`,
      );
    }
  }
  const releaseLock = inMemory ? () => {} : lockDataDir(location);
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? undefined : location, {
      // the extensions the migrations create (PostgreSQL servers have them in contrib)
      extensions: { pg_trgm },
      // PostgreSQL's default 128 MB of shared buffers live inside this process with PGlite and
      // are never given back; 16 MB holds the catalogue, and the data files stay in the OS cache
      // (measured on the large catalogue: 130 MB less memory, queries no slower).
      startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    releaseLock();
    throw new DatabaseUnavailableError(`cannot open the embedded database in ${location} (${describeError(error)})`);
  }
  // Drizzle calls only `query` and `transaction` on its client (decisions 045, 068).
  const statements = pgliteStatements(client, { prepared });
  const db = drizzlePglite({ client: statements.client as PGlite, schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    location,
    statements: statements.path,
    migrate: () => migratePglite(db, { migrationsFolder }),
    dumpDataDir: () => client.dumpDataDir("gzip") as Promise<Blob>,
    async ping() {
      await client.query("select 1");
    },
    maintain: () => maintainPglite(client),
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite is single-process: two processes writing one data folder corrupt it. A lock
 * file holding the owner's pid refuses a second opener; a lock left by a dead process is
 * taken over.
 */
function lockDataDir(location: string): () => void {
  const lockFile = join(location, ".pawsome.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new DatabaseUnavailableError(`the data folder ${location} is not writable (${describeError(error)})`);
      }
      const owner = Number(readFileSync(lockFile, "utf8"));
      if (owner && owner !== process.pid && processIsAlive(owner)) {
        throw new DatabaseUnavailableError(
          `the embedded database in ${location} is in use by another process (pid ${owner}); stop it first, or set DATABASE_URL`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseUnavailableError(`could not lock the embedded database in ${location}`);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

function describeError(error: unknown): string {
  if (error && typeof error === "object") {
    const e = error as { code?: string; message?: string };
    const message = (e.message ?? "").split("\n")[0] ?? "";
    return e.code && !message.includes(e.code) ? `${e.code}: ${message}` : message || String(e.code);
  }
  return String(error);
}
