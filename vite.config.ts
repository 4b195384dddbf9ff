import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Rolldown (Vite 8) splits shared code by its own rules: Rollup's experimentalMinChunkSize, which
// merged the tiny chunks, has no Rolldown equivalent that keeps route modules' exports, and
// Rolldown's default ships less JavaScript than the merged Rollup chunks did (decision 070).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  ssr: {
    // Bundled into the server build so only the icons we use are kept: importing the package
    // from node_modules loads all of its icons, 45 MB of memory in every server process.
    noExternal: ["lucide-react", "lucide"],
  },
});
