// `npm run resilience`: overload, database outage and soak runs against the production build
// on a private PostgreSQL cluster this script creates (and removes) itself, so stopping "the
// database" never touches a server anything else uses. Not part of `npm test`.
//
//   npm run resilience [-- --only overload|outage|soak] [-- --soak-seconds 600]
//
// Needs the PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin); as root the cluster
// runs as the `postgres` user. Writes reports/resilience.json.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = fileURLToPath(new URL("..", import.meta.url));
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const ONLY = option("only");
const SOAK_SECONDS = Number(option("soak-seconds", 600));
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const report = { at: new Date().toISOString(), checks: [] };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function check(name, pass, details) {
  report.checks.push({ name, pass, ...details });
  console.log(`${pass ? "PASS" : "FAIL"} ${name} ${JSON.stringify(details)}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// --- a private PostgreSQL cluster -----------------------------------------------------------

function postgresBin() {
  const base = "/usr/lib/postgresql";
  const version = readdirSync(base).sort().at(-1);
  return join(base, version, "bin");
}

async function createCluster() {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "pawsome-resilience-pg-"));
  chmodSync(dir, 0o777);
  const asRoot = process.getuid?.() === 0;
  const as = (command, args) => (asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]);
  const port = await freePort();
  const data = join(dir, "data");
  const log = join(dir, "postgres.log");
  const run = (command, args) => {
    const [c, a] = as(command, args);
    execFileSync(c, a, { stdio: "ignore" });
  };
  run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const pgCtl = (action) =>
    run(join(bin, "pg_ctl"), [
      action,
      "-D",
      data,
      "-w",
      "-l",
      log,
      ...(action === "stop"
        ? ["-m", "fast"]
        : ["-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`]),
    ]);
  pgCtl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl("start"),
    stop: () => pgCtl("stop"),
    remove() {
      try {
        pgCtl("stop");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// --- the app -----------------------------------------------------------------------------------

async function startApp(databaseUrl) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // --expose-gc: each memory sample follows a full collection (server/index.ts), so the soak
  // compares the memory the process keeps rather than points on the collector's sawtooth.
  const child = spawn(process.execPath, ["--expose-gc", `${BUILD_DIR}/server/main.js`], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "info",
      SITE_URL: url,
      FORM_RATE_LIMIT: "100000000/10",
      TRACK_RATE_LIMIT: "100000000/10",
      MEMORY_LOG_INTERVAL_MS: "5000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const memory = [];
  let buffer = "";
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    const lines = buffer.split("\n");
    buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (!line.includes('"msg":"memory"')) continue;
      try {
        const entry = JSON.parse(line);
        memory.push({ at: entry.time, ...entry.memory });
      } catch {
        // not a log line
      }
    }
  });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("the app exited");
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, memory };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("the app did not become healthy");
}

/** autocannon in a child process (never in the server's or this script's event loop). */
function autocannon(url, { connections, seconds, rate }) {
  return new Promise((resolve, reject) => {
    const args = [
      `${root}/node_modules/autocannon/autocannon.js`,
      "-c",
      String(connections),
      "-d",
      String(seconds),
      "-j",
    ];
    if (rate) args.push("-R", String(Math.max(1, Math.round(rate))));
    const child = spawn(process.execPath, [...args, url], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`)),
    );
  });
}

async function latencyMs(url) {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

// --- the runs ----------------------------------------------------------------------------------

async function overload(app, database) {
  const target = `${app.url}/products`;
  await autocannon(target, { connections: 10, seconds: 3 });
  const baseline = (await Promise.all([1, 2, 3, 4, 5].map(() => latencyMs(target))))
    .map((l) => l.ms)
    .sort((a, b) => a - b)[2];
  const peak = await autocannon(target, { connections: 50, seconds: 10 });
  const peakRps = peak.requests.average;
  console.log(`peak: ${peakRps.toFixed(0)} req/s at 50 connections; single-request baseline ${baseline.toFixed(0)} ms`);

  // Twice the peak, from twice the connections, while writes arrive.
  const load = autocannon(target, { connections: 100, seconds: 15, rate: peakRps * 2 });
  const accepted = [];
  const refused = [];
  for (let i = 0; i < 60; i++) {
    const marker = `overload-${Date.now()}-${i}`;
    try {
      const res = await fetch(`${app.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Load Test",
          email: "load@example.com",
          subject: `Overload ${i}`,
          message: marker,
        }),
        signal: AbortSignal.timeout(20_000),
      });
      (res.ok ? accepted : refused).push({ marker, status: res.status, retryAfter: res.headers.get("retry-after") });
    } catch (error) {
      refused.push({ marker, status: 0, error: String(error) });
    }
    await sleep(200);
  }
  const result = await load;
  const stoppedAt = Date.now();
  let recoveredMs = null;
  while (Date.now() - stoppedAt < 10_000) {
    const probe = await latencyMs(target);
    if (probe.status === 200 && probe.ms < Math.max(baseline * 2, baseline + 50)) {
      recoveredMs = Date.now() - stoppedAt;
      break;
    }
    await sleep(100);
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const stored = await client.query("select message from contact_messages where message like 'overload-%'");
  await client.end();
  const storedSet = new Set(stored.rows.map((r) => r.message));
  const lost = accepted.filter((a) => !storedSet.has(a.marker));
  const badRefusals = refused.filter((r) => !(r.status === 503 && r.retryAfter));
  check("overload: the server keeps answering at twice the peak", result["2xx"] > 0 && result.errors === 0, {
    peakRps: Math.round(peakRps),
    offeredRps: Math.round(peakRps * 2),
    answeredRps: Math.round(result.requests.average),
    ok2xx: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  });
  check("overload: recovers within 5 s after the load stops", recoveredMs !== null && recoveredMs <= 5_000, {
    recoveredMs,
    baselineMs: Math.round(baseline),
  });
  check(
    "overload: no accepted write is lost; refusals are 503 with Retry-After",
    lost.length === 0 && badRefusals.length === 0,
    {
      accepted: accepted.length,
      refused: refused.length,
      lost: lost.length,
      otherRefusals: badRefusals.slice(0, 3),
    },
  );
  return peakRps;
}

async function outage(app, database) {
  const page = `${app.url}/products`;
  const light = autocannon(page, { connections: 2, seconds: 25, rate: 20 });
  await sleep(3_000);
  database.stop();
  const stoppedAt = Date.now();
  await sleep(1_500);
  const during = await Promise.all([
    latencyMs(page),
    latencyMs(`${app.url}/api/toys`),
    latencyMs(`${app.url}/healthz`),
  ]);
  const alive = app.child.exitCode === null;
  check(
    "outage: pages and API answer 503, /healthz is unhealthy, the process stays up",
    alive && during.every((d) => d.status === 503),
    {
      statuses: during.map((d) => d.status),
      ms: during.map((d) => Math.round(d.ms)),
      alive,
      downForMs: Date.now() - stoppedAt,
    },
  );
  database.start();
  const restartedAt = Date.now();
  let recoveredMs = null;
  while (Date.now() - restartedAt < 15_000) {
    const statuses = await Promise.all(
      [page, `${app.url}/api/toys`, `${app.url}/healthz`].map(async (u) => (await latencyMs(u)).status),
    );
    if (statuses.every((s) => s === 200)) {
      recoveredMs = Date.now() - restartedAt;
      break;
    }
    await sleep(200);
  }
  await light;
  check("outage: everything answers again after the database is back, without a restart", recoveredMs !== null, {
    recoveredMs,
    sameProcess: app.child.exitCode === null,
  });
}

async function soak(app, peakRps) {
  const rate = peakRps / 2;
  const warmUp = Math.min(60, Math.round(SOAK_SECONDS / 5));
  console.log(`soak: ${SOAK_SECONDS} s at ${rate.toFixed(0)} req/s (half of peak), ${warmUp} s warm-up`);
  const targets = ["/", "/products", "/api/toys?page=1&pageSize=24", "/reviews"];
  const runs = targets.map((path) =>
    autocannon(`${app.url}${path}`, { connections: 4, seconds: SOAK_SECONDS, rate: rate / targets.length }),
  );
  const mb = (bytes) => Math.round(bytes / 1048576);
  await sleep(warmUp * 1000);
  const startedAt = Date.now();
  const results = await Promise.all(runs);
  const endedAt = Date.now();
  // Each sample follows a full collection (--expose-gc); the medians of the first and the last
  // minute under the same load compare what the process keeps. The whole series is in
  // reports/resilience.json.
  const minute = Math.min(60_000, (endedAt - startedAt) / 3);
  const medianOf = (from, to, key) => {
    const values = app.memory
      .filter((m) => m.at >= from && m.at <= to)
      .map((m) => m[key])
      .sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)];
  };
  const start = {
    heapUsed: medianOf(startedAt, startedAt + minute, "heapUsed"),
    rss: medianOf(startedAt, startedAt + minute, "rss"),
  };
  const end = {
    heapUsed: medianOf(endedAt - minute, endedAt, "heapUsed"),
    rss: medianOf(endedAt - minute, endedAt, "rss"),
  };
  report.memory = app.memory.map((m) => ({ at: m.at, heapUsedMb: mb(m.heapUsed), rssMb: mb(m.rss) }));
  const growth = (key) => (end[key] - start[key]) / start[key];
  check(
    "soak: heap and RSS end within 10 % of where they started after warm-up (medians of the first and last minute)",
    Math.abs(growth("heapUsed")) <= 0.1 && Math.abs(growth("rss")) <= 0.1,
    {
      seconds: SOAK_SECONDS,
      requests: results.reduce((n, r) => n + r.requests.total, 0),
      errors: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
      heapStartMb: mb(start.heapUsed),
      heapEndMb: mb(end.heapUsed),
      rssStartMb: mb(start.rss),
      rssEndMb: mb(end.rss),
    },
  );
}

if (!existsSync(`${root}/${BUILD_DIR}/server/main.js`)) {
  console.error(`No production build in ${BUILD_DIR}/: run npm run build first.`);
  process.exit(1);
}
const database = await createCluster();
let app;
try {
  app = await startApp(database.url);
  const peak = !ONLY || ONLY === "overload" || ONLY === "soak" ? await overload(app, database) : 0;
  if (!ONLY || ONLY === "outage") await outage(app, database);
  if (!ONLY || ONLY === "soak") await soak(app, peak);
} finally {
  app?.child.kill("SIGTERM");
  await sleep(500);
  database.remove();
}
mkdirSync(`${root}/reports`, { recursive: true });
writeFileSync(`${root}/reports/resilience.json`, `${JSON.stringify(report, null, 2)}\n`);
const failed = report.checks.filter((c) => !c.pass);
console.log(
  `\n${report.checks.length - failed.length} of ${report.checks.length} checks passed (reports/resilience.json)`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
