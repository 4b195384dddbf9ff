import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createLogger } from "#server/logger.ts";
import { projectRoot } from "#server/paths.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { serveBackups } from "./backup";
import { type Database, type DatabaseHandle, openDatabase } from "./client";
import { contactMessages, media, newsletterSubscribers } from "./schema";
import { seedDemoContent } from "./seed/seed";

// The backup round trip (issue 26): `npm run db:backup` and `npm run db:restore` as the owner
// runs them (the CLIs in child processes), and every table compared row for row afterwards.

// Each test starts the CLIs in child processes, and each of those opens PGlite (seconds each).
const SLOW = 180_000;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
function tempFolder() {
  const folder = mkdtempSync(join(tmpdir(), "pawsome-backup-"));
  folders.push(folder);
  return folder;
}

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run db:<command> -- FILE` the way npm does (tsx), with the given database settings. */
function runCli(command: "backup" | "restore", file: string, env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", join(projectRoot, "server", "db", `${command}-cli.ts`), file],
      { cwd: projectRoot, env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every table's row count and a digest of its rows in a stable order: equal digests, equal data. */
async function fingerprint(db: Database, except: string[] = []) {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (except.includes(name)) continue;
    const table = sql.identifier(name);
    const row = await db.execute<{ count: number; digest: string }>(
      sql`select count(*)::int as count, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as digest
          from ${table} t`,
    );
    result[name] = `${row.rows[0]?.count}:${row.rows[0]?.digest}`;
  }
  return result;
}

/** Content of every kind the owner would miss: demo content, an image's bytes, a subscriber, a message. */
async function addSiteContent(db: Database) {
  await seedDemoContent(db);
  const bytes = randomBytes(2048);
  await db.insert(media).values({
    hash: randomBytes(32).toString("hex"),
    contentType: "image/webp",
    bytes,
    width: 40,
    height: 30,
    size: bytes.length,
    altText: "A backed-up image",
  });
  await db
    .insert(newsletterSubscribers)
    .values({ email: "kept@example.com", source: "quiz", consentText: "I agree", status: "subscribed" });
}

const contact = (n: number) => ({ name: `Visitor ${n}`, email: `v${n}@example.com`, subject: "Hi", message: `n${n}` });

describe("npm run db:backup and db:restore on the embedded database", () => {
  it(
    "back up the running site while it writes, and restore every table into an empty folder",
    async () => {
      const liveFolder = tempFolder();
      const restoreFolder = join(tempFolder(), "restored");
      const file = join(tempFolder(), "site.backup");
      const dump = readFileSync(inject("pgliteDumpPath"));
      const site = await openDatabase({ dataDir: liveFolder, loadDataDir: new Blob([dump]) });
      let restored: DatabaseHandle | undefined;
      try {
        await addSiteContent(site.db);
        const backups = serveBackups(site, createLogger("silent"));
        expect(backups).not.toBeNull();
        const before = await fingerprint(site.db, ["contact_messages"]);
        const messagesBefore = (await site.db.select().from(contactMessages)).length;

        // visitors keep writing while the backup runs
        let writing = true;
        let written = 0;
        const writes = (async () => {
          while (writing) {
            await site.db.insert(contactMessages).values(contact(written++));
            // as requests do: each write arrives as its own I/O event, so the backup's turn comes
            await new Promise((resolve) => setImmediate(resolve));
          }
        })();
        const backup = await runCli("backup", file, { DATA_DIR: liveFolder });
        writing = false;
        await writes;
        await backups?.close();

        expect(backup.stderr).toBe("");
        expect(backup.code).toBe(0);
        expect(backup.stdout).toContain(`Backed up the embedded database in ${liveFolder} from the running server`);
        expect(backup.stdout).toMatch(/It holds: posts \d+, toys \d+, breeds \d+, categories \d+, media 1,/);
        expect(existsSync(`${file}.partial`)).toBe(false);

        const restore = await runCli("restore", file, { DATA_DIR: restoreFolder });
        expect(restore.stderr).toBe("");
        expect(restore.code).toBe(0);
        expect(restore.stdout).toContain(`Restored ${file} into the embedded database in ${restoreFolder}`);

        // never over data: a second restore into the same folder is refused and changes nothing
        const again = await runCli("restore", file, { DATA_DIR: restoreFolder });
        expect(again.code).toBe(1);
        expect(again.stderr).toContain(`${restoreFolder} is not empty: restore into an empty or new folder`);

        restored = await openDatabase({ dataDir: restoreFolder });
        expect(await fingerprint(restored.db, ["contact_messages"])).toEqual(before);
        // the messages written meanwhile: whole rows, as many as had been committed at the snapshot
        const messages = await restored.db.select().from(contactMessages);
        expect(messages.length).toBeGreaterThanOrEqual(messagesBefore);
        expect(messages.length).toBeLessThanOrEqual(messagesBefore + written);
        for (const message of messages) expect(message.message).toBe(`n${Number(message.name.split(" ")[1])}`);
      } finally {
        await restored?.close();
        await site.close();
      }
    },
    SLOW,
  );

  it(
    "back up a stopped site, and refuse files that are not backups",
    async () => {
      const folder = tempFolder();
      const file = join(tempFolder(), "stopped.backup");
      const site = await openDatabase({
        dataDir: folder,
        loadDataDir: new Blob([readFileSync(inject("pgliteDumpPath"))]),
      });
      await site.db
        .insert(newsletterSubscribers)
        .values({ email: "a@example.com", source: "quiz", consentText: "yes" });
      await site.close();

      const backup = await runCli("backup", file, { DATA_DIR: folder });
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain("with the server stopped");
      expect(backup.stdout).toContain("newsletter_subscribers 1");

      const notABackup = join(tempFolder(), "notes.txt");
      writeFileSync(notABackup, "hello");
      const refused = await runCli("restore", notABackup, { DATA_DIR: join(tempFolder(), "x") });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is not a backup made by npm run db:backup");

      const usage = await runCli("backup", "", { DATA_DIR: folder });
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain("Usage: npm run db:backup -- FILE");

      const nothing = await runCli("backup", file, { DATA_DIR: join(tempFolder(), "none") });
      expect(nothing.code).toBe(1);
      expect(nothing.stderr).toContain("there is no embedded database in");
    },
    SLOW,
  );
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("npm run db:backup and db:restore on PostgreSQL", () => {
  it(
    "dump with pg_dump and restore every table into an empty database, never into a full one",
    async () => {
      const source = await createTestDatabase();
      const name = `pawsome_restore_${process.pid}_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const targetUrl = new URL(serverUrl as string);
      targetUrl.pathname = `/${name}`;
      let target: DatabaseHandle | undefined;
      try {
        await addSiteContent(source.db);
        const before = await fingerprint(source.db);
        const sourceUrl = new URL(serverUrl as string);
        sourceUrl.pathname = `/${(await source.db.execute<{ db: string }>(sql`select current_database() as db`)).rows[0]?.db}`;
        const file = join(tempFolder(), "site.dump");

        const backup = await runCli("backup", file, { DATABASE_URL: sourceUrl.toString() });
        expect(backup.stderr).toBe("");
        expect(backup.code).toBe(0);
        expect(backup.stdout).toContain("(pg_dump custom format,");
        expect(readFileSync(file).subarray(0, 5).toString("latin1")).toBe("PGDMP");

        const restore = await runCli("restore", file, { DATABASE_URL: targetUrl.toString() });
        expect(restore.stderr).toBe("");
        expect(restore.code).toBe(0);
        expect(restore.stdout).toContain("Restored");

        target = await openDatabase({ url: targetUrl.toString(), poolSize: 1 });
        expect(await fingerprint(target.db)).toEqual(before);

        const again = await runCli("restore", file, { DATABASE_URL: targetUrl.toString() });
        expect(again.code).toBe(1);
        expect(again.stderr).toContain("is not empty: restore into a new, empty database");
        // and a PostgreSQL dump is never unpacked into the embedded database's folder
        const wrongKind = await runCli("restore", file, { DATA_DIR: join(tempFolder(), "x") });
        expect(wrongKind.code).toBe(1);
        expect(wrongKind.stderr).toContain("restore it with DATABASE_URL set to an empty database");
      } finally {
        await target?.close();
        await source.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    SLOW,
  );
});
