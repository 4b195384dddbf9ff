import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_FEED_HOST } from "./tests/e2e/support/feed";
import { E2E_LINK_HOST } from "./tests/e2e/support/links";
import { ACCOUNT_SMTP_PORT, E2E_BASE_PORT } from "./tests/e2e/support/ports";

// End-to-end tests against the production build, in the system Chromium (Playwright's own
// browser downloads are not possible here). Specs that change content run against servers of
// their own, each on a fresh embedded database, so the public pages' counts never race with
// an admin creating a post, and the owner's numbers never race with anything else.
const basePort = E2E_BASE_PORT;
const buildDir = process.env.BUILD_DIR ?? "build";
const chromium = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
};

const SITES: Record<string, { port: number; match?: RegExp; ignore?: RegExp; env?: Record<string, string> }> = {
  public: { port: basePort, match: undefined, ignore: /admin-.*\.spec\.ts/ },
  admin: {
    port: basePort + 1,
    match:
      /admin-(auth|posts|products|shell|editorial|catalogue|catalogue-csv|media|product-sources|link-health)\.spec\.ts/,
    ignore: undefined,
    // the product feed admin-product-sources.spec.ts serves while it runs, and connects in the
    // settings (issue 27), and the retailer site whose links admin-link-health.spec.ts has the
    // dashboard check: both on this machine, so outbound requests may reach them
    env: { OUTBOUND_ALLOW_HOSTS: `${E2E_FEED_HOST},${E2E_LINK_HOST}` },
  },
  // the owner's numbers, inbox, subscribers, newsletters and data requests (issue 19), earnings (issue 28)
  insights: {
    port: basePort + 2,
    match: /admin-(insights|inbox|subscribers|newsletters|activity|earnings)\.spec\.ts/,
    ignore: undefined,
  },
  // changes the admin password and throttles sign-in: nothing else may sign in to this server
  // meanwhile. Its mail goes to the SMTP server admin-account.spec.ts starts (the sign-in link).
  account: {
    port: basePort + 3,
    match: /admin-account\.spec\.ts/,
    ignore: undefined,
    env: { SMTP_URL: `smtp://127.0.0.1:${ACCOUNT_SMTP_PORT}` },
  },
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions: chromium };
// Every screen is also checked at 375 px; tests tagged @mobile cover each screen there
// (layout and the main interactions), the rest run once on desktop to keep CI fast.
const phone = {
  ...devices["Desktop Chrome"],
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  launchOptions: chromium,
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: { launchOptions: chromium, trace: "retain-on-failure" },
  projects: Object.entries(SITES).flatMap(([name, site]) => {
    const where = { testMatch: site.match, testIgnore: site.ignore };
    const baseURL = `http://127.0.0.1:${site.port}`;
    const prefix = name === "public" ? "" : `${name}-`;
    return [
      { name: `${prefix}desktop`, ...where, use: { ...desktop, baseURL } },
      { name: `${prefix}mobile`, ...where, grep: /@mobile/, use: { ...phone, baseURL } },
    ];
  }),
  webServer: Object.values(SITES).map((site) => ({
    command: `node ${buildDir}/server/main.js`,
    url: `http://127.0.0.1:${site.port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(site.port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(join(tmpdir(), "pawsome-e2e-")),
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SITE_URL: "https://www.pawsomepicks.com",
      ADMIN_PASSWORD: "correct-horse-battery",
      // the address the legal and contact pages name (issue 26: configured, not written into the pages)
      CONTACT_TO: "hello@pawsomepicks.com",
      // the per-IP limits are tested at the API level; every browser test comes from one IP
      FORM_RATE_LIMIT: "1000/10",
      // load shedding has tests of its own; here a busy machine must not turn pages into 503s
      LOAD_SHED_MAX_DELAY_MS: "0",
      TRACK_RATE_LIMIT: "100000/10",
      SEARCH_RATE_LIMIT: "100000/10",
      ...site.env,
    },
  })),
});
