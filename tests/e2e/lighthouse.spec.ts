import { expect, test } from "@playwright/test";
import {
  auditPage,
  auditPaths,
  type Chromium,
  launchChromium,
  startAuditServer,
} from "../../scripts/lighthouse-run.mjs";

// The deterministic half of `npm run audit`: Accessibility, Best Practices and SEO are 100 on
// the audited pages, toy and breed pages included (Performance depends on the machine, so only `npm run audit` reports it).
// Lighthouse drives its own Chromium against a server of its own, whose SITE_URL is its origin.
test.describe("Lighthouse", () => {
  test.describe.configure({ mode: "serial", timeout: 300_000 });
  let server: { url: string; stop(): Promise<void> };
  let chrome: Chromium;

  test.beforeAll(async () => {
    server = await startAuditServer(process.env.BUILD_DIR ?? "build");
    chrome = await launchChromium();
  });
  test.afterAll(async () => {
    await chrome?.kill();
    await server?.stop();
  });

  test("Accessibility, Best Practices and SEO score 100 on the audited pages", async () => {
    const misses: string[] = [];
    // The index pages `npm run audit` adds (reviews, guides, resources, breeds, about) share
    // their layout with pages audited here; leaving them to it keeps `npm test` under 15 minutes.
    const indexes = new Set(["/reviews", "/guides", "/resources", "/breeds", "/about"]);
    for (const path of (await auditPaths(server.url)).filter((p) => !indexes.has(p))) {
      const result = await auditPage(chrome, `${server.url}${path}`, ["accessibility", "best-practices", "seo"]);
      for (const [category, score] of Object.entries(result.scores)) {
        if (score < 100) misses.push(`${path} ${category} ${score}: ${result.failing[category]?.join("; ")}`);
      }
    }
    expect(misses).toEqual([]);
  });
});
