import type { Config } from "@react-router/dev/config";

// BUILD_DIR (a folder inside the project, default "build") lets several builds sit side by
// side, e.g. for browser tests running in parallel; the server finds its files either way.
export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router 8's behaviour, taken on 7.x one flag at a time (decision 070)
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
