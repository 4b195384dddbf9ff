// Measures the compressed JavaScript a page makes the browser download (the storefront's
// budget is 130 KB gzipped for / and /products), per file and in total, and the requests one
// page view makes until the network is idle (all of them, and those to /api).
//
//   npm run build && PORT=3000 npm start &   then   node scripts/measure-js.mjs http://localhost:3000 / /products
import { chromium } from "playwright-core";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-background-networking"],
});
for (const path of paths.length > 0 ? paths : ["/", "/products"]) {
  const page = await browser.newPage();
  const sizes = [];
  const requests = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  page.on("requestfinished", (request) => {
    if (request.resourceType() === "script") {
      sizes.push(request.sizes().then((s) => [request.url().split("/").pop(), s.responseBodySize]));
    }
  });
  await page.goto(base + path, { waitUntil: "networkidle" });
  const rows = (await Promise.all(sizes)).sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, bytes]) => sum + bytes, 0);
  const api = requests.filter((p) => p.startsWith("/api/"));
  console.log(`${path}: ${(total / 1024).toFixed(1)} KB compressed JavaScript in ${rows.length} files`);
  console.log(`  ${requests.length} requests, ${api.length} to /api: ${api.join(" ") || "none"}`);
  for (const [file, bytes] of rows.slice(0, 20)) console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${file}`);
  await page.close();
}
await browser.close();
