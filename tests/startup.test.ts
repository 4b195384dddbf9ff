import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startProductionServer as start, waitForHealthy } from "./support/production-server";

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
      const assetResponse = await fetch(`${url}${asset}`, { headers: { "accept-encoding": "br, gzip" } });
      expect(assetResponse.status).toBe(200);
      expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      // answered from memory before Express (decision 043), with every response's headers
      expect(assetResponse.headers.get("content-encoding")).toBe("br");
      expect(assetResponse.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(assetResponse.headers.get("x-content-type-options")).toBe("nosniff");
      expect(assetResponse.headers.get("content-security-policy")).toContain("default-src 'self'");
      const ranged = await fetch(`${url}${asset}`, { headers: { range: "bytes=0-9", "accept-encoding": "identity" } });
      expect(ranged.status).toBe(206);
      expect((await ranged.arrayBuffer()).byteLength).toBe(10);
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
