import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client.ts";
import { createLogger } from "#server/logger.ts";
import { createTestDatabase } from "../../tests/support/test-database";
import { adminCookie, startTestServer, type TestServer } from "../../tests/support/test-server";
import { jsonErrorHandler } from "./errors";
import { precompressedAssets } from "./precompressed";
import { requestLog } from "./request-log";

// A visitor who cancels a download (closes the tab, stops the CSV export) is no fault of ours:
// the log must not report it as an error (decision 034). Each download is cut off twice: half-way
// through the body, and before the answer starts (the request waits until the client has hung up).

type LogLine = { level: number; msg: string; req?: { url?: string }; err?: { code?: string } };
const lines: LogLine[] = [];
const logger = createLogger("debug", { write: (line: string) => lines.push(JSON.parse(line)) });
const WARN = 40;

/** Holds a request marked by the test until its client has gone, so the handler answers nobody. */
const waitForHangUp: RequestHandler = (req, _res, next) => {
  if (req.headers["x-test-wait-for-hang-up"] !== "1") return next();
  if (req.socket.destroyed) return next();
  req.socket.once("close", () => next());
};

let database: DatabaseHandle;
let server: TestServer;
let cookie: string;
let assets: { url: string; server: Server; dir: string };

const IMAGE_HASH = "a".repeat(64);
const ASSET = "/assets/entry-abc123.js";
const BIG = 8 * 1024 * 1024;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database, { logger, shedLoad: waitForHangUp });
  cookie = await adminCookie(server);
  // about 7 MB of CSV: far more than the socket buffers hold, so the export is still running when cut off
  await database.db.execute(sql`insert into quiz_submissions
    (email, dog_size, dog_age, chew_style, play_style, toy_purpose, has_consented, created_at)
    select 'owner' || n || '@example.com', 'medium', 'adult', 'moderate', 'both', 'both', true,
           timestamptz '2026-01-01' + n * interval '1 second'
    from generate_series(1, 100000) as n`);
  await database.db.execute(sql`insert into media (hash, content_type, bytes, width, height, size)
    values (${IMAGE_HASH}, 'image/webp', ${randomBytes(BIG)}, 1, 1, ${BIG})`);

  // the production build's precompressed assets, behind the same error handler as the app
  const dir = mkdtempSync(join(tmpdir(), "pawsome-assets-"));
  writeFileSync(join(dir, "entry-abc123.js"), "console.log('plain')");
  writeFileSync(join(dir, "entry-abc123.js.br"), randomBytes(BIG));
  const app = express();
  app.use(requestLog(logger));
  app.use(waitForHangUp);
  app.use("/assets", precompressedAssets(dir));
  app.use(jsonErrorHandler(logger));
  const listening = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  assets = { url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`, server: listening, dir };
}, 120_000);

afterAll(async () => {
  await server.close();
  await database.close();
  assets.server.closeAllConnections();
  await new Promise((resolve) => assets.server.close(resolve));
  rmSync(assets.dir, { recursive: true, force: true });
});

/** GETs `url`, reads the first chunk of the body, then drops the connection. */
function abortAfterFirstChunk(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      res.once("data", () => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    req.on("error", (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

/** Sends the request (held by waitForHangUp) and closes the connection before any answer. */
function hangUpBeforeTheAnswer(url: string, headers: Record<string, string>): Promise<void> {
  const { hostname, port, pathname, search } = new URL(url);
  const head = Object.entries({ host: `${hostname}:${port}`, "x-test-wait-for-hang-up": "1", ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname}${search} HTTP/1.1\r\n${head}\r\n`);
      // long enough for the server to have read the request and handed it to the app
      setTimeout(() => socket.destroy(), 100);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

/** The log lines of one request, once the request log has written its last line and the handler has had its say. */
async function logOf(path: string): Promise<LogLine[]> {
  for (let tries = 0; tries < 400; tries++) {
    if (lines.some((line) => line.req?.url?.startsWith(path))) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return [...lines];
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no request log line for ${path}`);
}

const summary = (log: LogLine[]) => log.map((line) => ({ level: line.level, msg: line.msg, code: line.err?.code }));

const DOWNLOADS = [
  ["the quiz submissions CSV export", () => `${server.url}/api/admin/quiz-submissions.csv`, () => ({ cookie })],
  [
    "the gzipped CSV export",
    () => `${server.url}/api/admin/quiz-submissions.csv`,
    () => ({ cookie, "accept-encoding": "gzip" }),
  ],
  [
    "the CSV export compressed by the app's compression middleware (brotli)",
    () => `${server.url}/api/admin/quiz-submissions.csv`,
    () => ({ cookie, "accept-encoding": "br" }),
  ],
  ["an uploaded image", () => `${server.url}/uploads/${IMAGE_HASH}.webp`, () => ({})],
  ["a precompressed asset", () => `${assets.url}${ASSET}`, () => ({ "accept-encoding": "br" })],
] as const;

describe("a download the client aborts is not logged as an error", () => {
  for (const [name, url, headers] of DOWNLOADS) {
    it(`${name}, half-way through`, async () => {
      lines.length = 0;
      expect(await abortAfterFirstChunk(url(), { "accept-encoding": "identity", ...headers() })).toBe(200);
      const log = await logOf(new URL(url()).pathname);
      expect(summary(log.filter((line) => line.level >= WARN))).toEqual([]);
      // the request log still says how it ended, as an ordinary request
      const ended = log.find((line) => line.req?.url);
      expect(ended?.level).toBe(30);
    });

    it(`${name}, before the answer starts`, async () => {
      lines.length = 0;
      await hangUpBeforeTheAnswer(url(), { "accept-encoding": "identity", ...headers() });
      const log = await logOf(new URL(url()).pathname);
      expect(summary(log.filter((line) => line.level >= WARN))).toEqual([]);
      expect(log.find((line) => line.req?.url)).toMatchObject({ level: 30, msg: "request aborted" });
    });
  }
});

describe("a download that fails on our side half-way", () => {
  it("is still an error: logged at error level, and the connection is cut so the file is not taken as whole", async () => {
    const { quizSubmissions } = server.services;
    const exportRows = quizSubmissions.exportRows;
    quizSubmissions.exportRows = async function* () {
      const first = await exportRows().next();
      if (!first.done) yield first.value;
      throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    };
    try {
      lines.length = 0;
      const outcome = await new Promise<string>((resolve) => {
        const req = httpRequest(`${server.url}/api/admin/quiz-submissions.csv`, { headers: { cookie } }, (res) => {
          res.on("data", () => {});
          res.on("end", () => resolve("complete"));
          res.on("error", () => resolve("cut"));
          res.on("aborted", () => resolve("cut"));
        });
        req.on("error", () => resolve("cut"));
        req.end();
      });
      expect(outcome).toBe("cut");
      const log = await logOf("/api/admin/quiz-submissions.csv");
      expect(summary(log.filter((line) => line.level >= WARN))).toContainEqual({
        level: 50,
        msg: "unhandled error after the answer started",
        code: "57P01",
      });
    } finally {
      quizSubmissions.exportRows = exportRows;
    }
  });
});
