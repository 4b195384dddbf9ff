// `npm run lint:api`: writes the OpenAPI document GET /api/openapi.json serves to a temporary
// file and lints it with Redocly CLI (rules in redocly.yaml); exits non-zero on any problem.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openApiDocument } from "../server/api/openapi";

const folder = mkdtempSync(join(tmpdir(), "pawsome-openapi-"));
const file = join(folder, "openapi.json");
try {
  writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
  const lint = spawnSync("node_modules/.bin/redocly", ["lint", file, "--config", "redocly.yaml"], {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  process.exitCode = lint.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
