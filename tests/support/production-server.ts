import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { projectRoot } from "../../server/paths";

// The real `npm start` entry (building first if there is no build) as a new process, the way
// a fresh clone runs it.

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface Run {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

/**
 * Spawns scripts/start.mjs with the production defaults and these variables. Load shedding is
 * off unless a test turns it on: these tests check pages and headers, and a machine busy with
 * other test files (vitest runs them in parallel) would otherwise get 503s that say nothing
 * about the code under test (load-shedding.test.ts and `npm run resilience` test the shedding).
 */
export function startProductionServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      LOAD_SHED_MAX_DELAY_MS: "0",
      ...env,
    },
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

/** Resolves with the first healthy /healthz answer; rejects when the process exits or time runs out. */
export async function waitForHealthy(url: string, run: Run, timeoutMs = 240_000): Promise<Response> {
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
