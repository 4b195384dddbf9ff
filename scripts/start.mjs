// `npm start`: builds for production when no build exists, then runs the production server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const entry = new URL("../build/server/main.js", import.meta.url);
const ssrBundle = new URL("../build/server/index.js", import.meta.url);

if (!existsSync(entry) || !existsSync(ssrBundle)) {
  console.log("No production build found: building (about a minute)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(result.status ?? 1);
  }
}
// React picks its production build from NODE_ENV, so set it before anything loads React.
process.env.NODE_ENV ??= "production";
await import(entry.href);
