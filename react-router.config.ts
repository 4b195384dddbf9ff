import type { Config } from "@react-router/dev/config";

// BUILD_DIR (a folder inside the project, default "build") lets several builds sit side by
// side, e.g. for browser tests running in parallel; the server finds its files either way.
export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
