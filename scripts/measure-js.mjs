// The JavaScript a page makes the browser download, in both encodings a browser may receive
// (issue 29; decision 069). Chromium asks for gzip over plain HTTP and for Brotli over HTTPS, so
// one figure taken from the browser's own downloads states only one of them: "130 KB gzipped"
// had in fact been Brotli. Here the browser decides WHICH files a page loads (every script and
// module preload until it has hydrated and the network is idle: the route's modules, the entry,
// and whatever they import at start), and each file is then fetched twice from the same server,
// with `Accept-Encoding: gzip` and with `br`, and counted as sent.
//
// Used by tests/e2e/budgets.spec.ts (the budget) and scripts/bench.mjs (the report). By hand:
//
//   npm run build && PORT=3650 npm start &   then   node scripts/measure-js.mjs http://127.0.0.1:3650 / /products
//   ADMIN_PASSWORD=... node scripts/measure-js.mjs http://127.0.0.1:3650 /admin/dashboard   (signs in first)
import { request } from "node:http";
import { request as requestTls } from "node:https";
import { fileURLToPath } from "node:url";

export const CODINGS = ["gzip", "br"];

/** The bytes `url` answers with when the client accepts only `coding`; refuses another encoding. */
export function encodedSize(url, coding) {
  const get = url.startsWith("https:") ? requestTls : request;
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { "accept-encoding": coding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => {
        bytes += chunk.length;
      });
      res.on("end", () => {
        const sent = res.headers["content-encoding"] ?? "identity";
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        // a file sent uncompressed would count as a larger, wrong figure for that encoding
        else if (sent !== coding) reject(new Error(`${url}: asked for ${coding}, got ${sent}`));
        else resolve(bytes);
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Opens `url` in `page` (a Playwright page: @playwright/test's or playwright-core's) and returns
 * the address of every same-origin script it loads until it has hydrated and the network is idle.
 */
export async function pageScripts(page, url) {
  const origin = new URL(url).origin;
  const scripts = new Set();
  const onRequest = (req) => {
    if (req.resourceType() === "script" && new URL(req.url()).origin === origin) scripts.add(req.url());
  };
  page.on("request", onRequest);
  try {
    const response = await page.goto(url);
    if (!response?.ok()) throw new Error(`${url}: ${response?.status()}`);
    // The scripts start only after the page has painted (decision 018), so an idle network
    // before hydration proves nothing; once hydrated, every module hydration needed has arrived.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("request", onRequest);
  }
  return [...scripts];
}

/** Each script's size as sent in each encoding, largest first, and the page's totals. */
export async function weighScripts(urls) {
  const files = await Promise.all(
    urls.map(async (url) => {
      const [gzip, br] = await Promise.all(CODINGS.map((coding) => encodedSize(url, coding)));
      return { file: new URL(url).pathname.split("/").pop(), gzip, br };
    }),
  );
  files.sort((a, b) => b.gzip - a.gzip);
  const sum = (key) => files.reduce((total, f) => total + f[key], 0);
  return { files, gzip: sum("gzip"), br: sum("br") };
}

/** The JavaScript the page at `url` loads: its files and totals in gzip and Brotli bytes. */
export async function measurePage(page, url) {
  return weighScripts(await pageScripts(page, url));
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Signs the browser context of `page` in to the admin (the session cookie stays in the context). */
export async function signIn(page, base, password) {
  const response = await page.request.post(`${base}/api/admin/login`, { data: { password } });
  if (response.status() !== 200) throw new Error(`admin sign-in: ${response.status()} ${await response.text()}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { chromium } = await import("playwright-core");
  const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking"],
  });
  try {
    for (const path of paths.length > 0 ? paths : ["/", "/products"]) {
      const page = await browser.newPage();
      if (path.startsWith("/admin") && path !== "/admin/login")
        await signIn(page, base, process.env.ADMIN_PASSWORD ?? "");
      const { files, gzip, br } = await measurePage(page, base + path);
      console.log(`${path}: ${kb(gzip)} gzip, ${kb(br)} brotli in ${files.length} files`);
      for (const f of files) console.log(`  ${kb(f.gzip).padStart(9)} ${kb(f.br).padStart(9)}  ${f.file}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}
