// Lighthouse on the system Chromium, shared by `npm run audit` (scripts/audit.mjs) and the
// Accessibility / Best Practices / SEO gate inside `npm test` (tests/e2e/lighthouse.spec.ts).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

const root = fileURLToPath(new URL("..", import.meta.url));

/** The six pages issue 8 audits; the post slugs come from the running site. */
export async function auditPaths(baseUrl) {
  const posts = await (await fetch(`${baseUrl}/api/posts`)).json();
  const review = posts.find((p) => p.postType === "review");
  const guide = posts.find((p) => p.postType === "guide");
  const [toy] = await (await fetch(`${baseUrl}/api/toys?sort=rating-desc&page=1&pageSize=1`)).json();
  // a breed with recommendations: the page a "best toys for" search lands on
  const breed = (await (await fetch(`${baseUrl}/api/breeds`)).json()).find((b) => b.slug === "beagle") ?? {};
  return [
    "/",
    "/products",
    "/reviews",
    `/reviews/${review.slug}`,
    "/guides",
    `/guides/${guide.slug}`,
    "/resources",
    "/breeds",
    "/quiz",
    "/contact",
    "/about",
    `/toys/${toy.slug}`,
    `/breeds/${breed.slug}`,
  ];
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

/**
 * The production build on a free port with a fresh embedded database and the demo content.
 * SITE_URL is the server's own origin: Lighthouse's canonical check refuses a canonical link
 * to another host, which is what production has (pages served at SITE_URL) too.
 */
export async function startAuditServer(buildDir = process.env.BUILD_DIR ?? "build") {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "pawsome-audit-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`${buildDir}/server/main.js`], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SITE_URL: url,
      ADMIN_PASSWORD: "audit-admin-password",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error("the audit server did not start");
}

export async function launchChromium() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
    logLevel: "silent",
  });
}

/**
 * One Lighthouse run (mobile profile, simulated throttling: Lighthouse's defaults) of a URL:
 * the category scores (0-100), LCP, TBT, CLS, script bytes and the audits that cost points.
 */
export async function auditPage(chrome, url, categories = CATEGORIES) {
  let lhr;
  // A busy machine now and then loses the trace (NO_NAVSTART, NO_FCP): such a run has no
  // numbers at all, so it is repeated (up to twice) rather than failing the whole audit.
  for (let attempt = 1; ; attempt++) {
    ({ lhr } = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
    }));
    if (!lhr.runtimeError) break;
    if (attempt >= 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  // LH_SAVE_REPORTS=1 keeps each run's full report in reports/ (git-ignored) for reading the
  // LCP element, request chains, layout shifts and so on; the latest run of a page wins.
  if (process.env.LH_SAVE_REPORTS) {
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
    mkdirSync(join(root, "reports"), { recursive: true });
    writeFileSync(join(root, "reports", `lhr-${name}.json`), JSON.stringify(lhr));
  }
  const scores = {};
  const failing = {};
  for (const id of categories) {
    const category = lhr.categories[id];
    scores[id] = Math.round((category?.score ?? 0) * 100);
    failing[id] = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => `${audit.id}: ${audit.title}`);
  }
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  const scriptBytes = requests
    .filter((r) => r.resourceType === "Script")
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return {
    url,
    scores,
    failing,
    fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? null,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? null,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? null,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? null,
    scriptBytes,
  };
}
