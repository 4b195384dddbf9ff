import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  ssr: {
    // Bundled into the server build so only the icons we use are kept: importing the package
    // from node_modules loads all of its icons, 45 MB of memory in every server process.
    noExternal: ["lucide-react"],
  },
  // Rollup splits every module two routes share into its own chunk: / loaded 26 scripts, most
  // under 1 KB, each a request of its own on a slow connection. Merging the small side-effect
  // free ones leaves 12 for the same bytes (measured: / 129.5 -> 129.2 KB gzipped, /products
  // 127.8 -> 129.2 KB; budget 130 KB).
  build: {
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 8_000,
      },
    },
  },
});
