import { spawn } from "node:child_process";
import { chmodSync, closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Logger } from "#server/logger.ts";
import type { Database, DatabaseHandle } from "./client";

// Backups of the whole site (decision 052): content, media, settings and subscribers all live
// in the database, so a backup of the database is a backup of the site.
// - PGlite: its data folder as a tarball (PGlite's own dumpDataDir). While the site runs only
//   the server's process may touch that folder, so the server hands the dump out over a Unix
//   socket beside the data folder (`data.backup.sock` for `data/`; inside it, the socket would
//   be in the tarball), readable by the server's user only.
// - PostgreSQL: pg_dump's custom format, restored with pg_restore; PostgreSQL's own tools
//   take a consistent snapshot without stopping the site.

/** The socket a running server answers backup requests on, beside its data folder. */
export const backupSocketPath = (dataDir: string) => `${dataDir.replace(/\/+$/, "")}.backup.sock`;
/** The file openDatabase writes into a PGlite data folder while a process has it open. */
const LOCK_FILE = ".pawsome.lock";
// sockaddr_un holds 108 bytes including the terminating zero.
const MAX_SOCKET_PATH = 107;

export type BackupFormat = "pglite" | "pg_dump";

/** Row counts per table, in table-name order. */
export type TableCounts = Record<string, number>;

/** Which kind of backup a file holds, told by its first bytes (gzip: a PGlite tarball; PGDMP: pg_dump). */
export function backupFormat(head: Uint8Array): BackupFormat | null {
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (Buffer.from(head.subarray(0, 5)).toString("latin1") === "PGDMP") return "pg_dump";
  return null;
}

/** Reads the first bytes of a file, to tell its format. */
export function readFileHead(file: string, length = 8): Uint8Array {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(length);
    const read = readSync(fd, head, 0, length, 0);
    return head.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** Rows in every table of the application's schema (the migrations' bookkeeping is not content). */
export async function countRows(db: Database): Promise<TableCounts> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: TableCounts = {};
  for (const { name } of tables.rows) {
    const result = await db.execute<{ count: number }>(sql`select count(*)::int as count from ${sql.identifier(name)}`);
    counts[name] = result.rows[0]?.count ?? 0;
  }
  return counts;
}

/** "posts 12, toys 111, media 4, … (17 tables, 1,234 rows)": what a backup or restore holds, for the owner. */
export function describeCounts(counts: TableCounts): string {
  const shown = ["posts", "toys", "breeds", "categories", "media", "newsletter_subscribers", "contact_messages"];
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const parts = shown.filter((name) => name in counts).map((name) => `${name} ${counts[name]}`);
  return `${parts.join(", ")} (${Object.keys(counts).length} tables, ${total.toLocaleString("en-US")} rows in all)`;
}

/** A PGlite snapshot: the data folder as a gzipped tarball, with the row counts taken just before. */
export async function snapshotPglite(database: DatabaseHandle): Promise<{ dump: Blob; counts: TableCounts }> {
  if (!database.dumpDataDir) throw new Error("only the embedded database is backed up as a data folder");
  const counts = await countRows(database.db);
  // The tarball is what PostgreSQL would find after a crash at this moment: every committed
  // transaction is in its write-ahead log, and a restore replays it. A checkpoint first makes
  // that replay short.
  await database.db.execute(sql`checkpoint`);
  return { dump: await database.dumpDataDir(), counts };
}

/**
 * While the site runs on PGlite, answers each connection to `<dataDir>.backup.sock` with one
 * snapshot: a JSON line with the row counts, then the tarball. Null where there is no data
 * folder (in memory) or its path is too long for a socket.
 */
export function serveBackups(database: DatabaseHandle, logger: Logger): { close(): Promise<void> } | null {
  if (database.kind !== "pglite" || database.location.startsWith("memory://")) return null;
  const path = backupSocketPath(database.location);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    logger.warn({ path }, "backups of the running site are off: the data folder's path is too long for a socket");
    return null;
  }
  // a socket left by a process that died: this process holds the data folder's lock now
  rmSync(path, { force: true });
  let busy: Promise<unknown> = Promise.resolve();
  const server: Server = createServer((socket) => {
    socket.on("error", () => {});
    // one snapshot at a time: each holds a whole copy of the data folder in memory
    busy = busy.then(async () => {
      const started = Date.now();
      try {
        const { dump, counts } = await snapshotPglite(database);
        const bytes = Buffer.from(await dump.arrayBuffer());
        socket.write(`${JSON.stringify({ counts, bytes: bytes.length })}\n`);
        socket.end(bytes);
        logger.info({ bytes: bytes.length, ms: Date.now() - started }, "backup: data folder snapshot sent");
      } catch (error) {
        logger.error({ err: error }, "backup: snapshot failed");
        socket.end(`${JSON.stringify({ error: "the snapshot failed; see the server's log" })}\n`);
      }
    });
  });
  server.on("error", (error) => logger.warn({ err: error }, "backups of the running site are off"));
  server.listen(path, () => {
    // only this user may ask for a copy of the whole site
    chmodSync(path, 0o600);
  });
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(path, { force: true });
      }),
  };
}

/** True while a live process has the PGlite data folder open (its lock file names a running pid). */
export function dataFolderInUse(dataDir: string): boolean {
  const lock = join(dataDir, LOCK_FILE);
  if (!existsSync(lock)) return false;
  const pid = Number(readFileSync(lock, "utf8"));
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** True when a folder is missing or holds nothing (a restore never overwrites data). */
export function folderIsEmpty(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Asks the server running on `dataDir` for a snapshot: its row counts and the tarball. */
export function requestSnapshot(dataDir: string): Promise<{ counts: TableCounts; dump: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(backupSocketPath(dataDir));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "ENOENT" || error.code === "ECONNREFUSED"
            ? `the server using ${dataDir} does not answer backup requests (started before backups existed? restart it)`
            : `could not reach the running server: ${error.message}`,
        ),
      ),
    );
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf(0x0a);
      try {
        const header = JSON.parse(all.subarray(0, newline).toString("utf8")) as {
          counts?: TableCounts;
          bytes?: number;
          error?: string;
        };
        if (header.error) throw new Error(`the running server said: ${header.error}`);
        const dump = all.subarray(newline + 1);
        if (newline < 0 || !header.counts || dump.length !== header.bytes) {
          throw new Error("the running server's answer was cut short");
        }
        resolve({ counts: header.counts, dump });
      } catch (error) {
        reject(error instanceof SyntaxError ? new Error("the running server's answer was cut short") : error);
      }
    });
  });
}

/**
 * Runs one of PostgreSQL's client tools (pg_dump, pg_restore) against `url`. The password goes
 * through the environment, not the command line, where every user of the machine could read it.
 */
export function runPostgresTool(tool: "pg_dump" | "pg_restore", url: string, args: string[]): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${target.toString()}`], {
      stdio: ["ignore", "inherit", "pipe"],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "ENOENT"
            ? `${tool} was not found: install PostgreSQL's client tools (Debian and Ubuntu: apt-get install postgresql-client), the same major version as the server or newer`
            : `${tool} could not start: ${error.message}`,
        ),
      ),
    );
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}`));
    });
  });
}

/** True when the PostgreSQL database holds no tables at all (outside PostgreSQL's own schemas). */
export async function postgresIsEmpty(db: Database): Promise<boolean> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
  );
  return (result.rows[0]?.count ?? 0) === 0;
}
