import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  ssr: {
    // Bundled into the server build so only the icons we use are kept: importing the package
    // from node_modules loads all of its icons, 45 MB of memory in every server process.
    noExternal: ["lucide-react", "lucide"],
  },
  // Rollup splits every module two routes share into its own chunk: / loaded 26 scripts, most
  // under 1 KB, each a request of its own on a slow connection. Merging the tiny side-effect free
  // ones (under 1 KB) leaves 18. Larger thresholds merge code of other routes into chunks / loads
  // (the form kit's pages made 8 KB cost / 1.2 KB and 4 KB 0.7 KB): measured with
  // scripts/measure-js.mjs, 1 KB gives / 129.4 KB and /products 128.6 KB (budget 130 KB).
  build: {
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 1_000,
      },
    },
  },
});
