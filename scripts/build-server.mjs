// Bundles the server entry (server/index.ts) into build/server/main.js. Dependencies stay
// external (they are in node_modules); the React Router bundle is loaded at run time.
import { build } from "esbuild";

const outfile = `${process.env.BUILD_DIR ?? "build"}/server/main.js`;

await build({
  entryPoints: ["server/index.ts"],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`server bundle: ${outfile}`);
