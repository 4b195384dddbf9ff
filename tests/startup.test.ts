import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../server/paths";

// Runs the real `npm start` entry (building first if there is no build) as a new
// process, the way a fresh clone would.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface Run {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => {
    stdout += d;
  });
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => ({ stdout, stderr }), exited };
}

async function waitForHealthy(url: string, run: Run, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`server exited: ${run.output().stderr}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy: ${run.output().stderr}`);
}

const scratch = mkdtempSync(join(tmpdir(), "pawsome-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("npm start", () => {
  it("starts with no data folder, creates it, seeds demo content, serves pages and stops cleanly on SIGTERM", {
    timeout: 300_000,
  }, async () => {
    const dataDir = join(scratch, "fresh", "data");
    const port = await freePort();
    const run = start({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" });
    const url = `http://127.0.0.1:${port}`;
    try {
      const health = await waitForHealthy(url, run);
      expect(await health.json()).toEqual({ status: "ok", database: "up" });
      expect(existsSync(dataDir)).toBe(true);

      const home = await fetch(url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("<title>Pawsome Picks | Best Toys for Dogs</title>");
      const missing = await fetch(`${url}/no/such/page`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("Page Not Found");
      expect(run.output().stdout).toContain("demo content added");

      // hashed build assets are cached for a year; other static files briefly
      const asset = (await (await fetch(url)).text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
      expect(asset).toBeTruthy();
      const assetResponse = await fetch(`${url}${asset}`);
      expect(assetResponse.status).toBe(200);
      expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const placeholder = await fetch(`${url}/placeholder.svg`);
      expect(placeholder.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(placeholder.headers.get("cache-control")).toBe("public, max-age=3600");

      // the embedded database is single-process: a second server on the same folder is refused
      const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output().stderr.trim()).toMatch(
        /^Pawsome Picks could not start: the embedded database in .+ is in use by another process \(pid \d+\)/,
      );
    } finally {
      run.child.kill("SIGTERM");
    }
    expect(await run.exited).toBe(0);
    expect(run.output().stdout).toContain('"msg":"stopped"');
  });

  it("explains in one line when PostgreSQL cannot be reached", { timeout: 60_000 }, async () => {
    const run = start({ DATABASE_URL: "postgres://nobody@127.0.0.1:1/nowhere", PORT: String(await freePort()) });
    expect(await run.exited).toBe(1);
    const lines = run.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Pawsome Picks could not start: cannot reach the PostgreSQL database at postgres:\/\/nobody@127\.0\.0\.1:1\/nowhere/,
    );
  });

  it("explains in one line when the data folder is not writable", { timeout: 60_000 }, async () => {
    const run = start({ DATA_DIR: "/dev/null/data", PORT: String(await freePort()) });
    expect(await run.exited).toBe(1);
    const lines = run.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Pawsome Picks could not start: the data folder \/dev\/null\/data is not writable/);
  });
});
