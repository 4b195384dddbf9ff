import { defineConfig } from "vitest/config";

// Unit and integration tests (Node, no bundler plugins). Browser tests are Playwright's.
export default defineConfig({
  test: {
    include: ["{app,domain,server,scripts,tests}/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/dom-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
