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
});
