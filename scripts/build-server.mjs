// Bundles the server entry (server/index.ts) into build/server/main.js. Dependencies stay
// external (they are in node_modules); the React Router bundle is loaded at run time.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log("server bundle: build/server/main.js");
