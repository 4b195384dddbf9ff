import { fileURLToPath } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import routeConfig from "./app/routes";

type ModuleInfo = { importers: readonly string[]; importedIds: readonly string[] } | null;
type Chunking = { getModuleInfo(id: string): ModuleInfo };

/** `from` and every module reachable from it by `next` (its importers, or its imports), transitively. */
function reach(from: string, ctx: Chunking, next: (info: NonNullable<ModuleInfo>) => readonly string[]): string[] {
  const seen = new Set([from]);
  for (const id of seen)
    for (const other of next(ctx.getModuleInfo(id) ?? { importers: [], importedIds: [] })) seen.add(other);
  return [...seen];
}

/** React, React DOM and the router: one file every page loads, instead of four. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const FORM_KIT = /[\\/]node_modules[\\/](zod|@conform-to)[\\/]/;
/** Every route module file app/routes.ts names, its layouts' children included. */
function routeFiles(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);
}

/**
 * The route modules (those must keep their exports): the root and every file of the route config.
 * An admin area's folder holds its components beside its routes, so the folder does not say which.
 */
const ROUTE_FILES = new Set(
  ["root.tsx", ...routeFiles(routeConfig)].map((file) => fileURLToPath(new URL(`./app/${file}`, import.meta.url))),
);
const isRoute = (id: string) => ROUTE_FILES.has(id.replace(/\?.*$/, ""));
/**
 * The root, the public layout (every storefront page loads both) and the home page, the page most
 * visitors land on first.
 */
const SHELL = /[\\/]app[\\/](root|routes[\\/]public[\\/](layout|home))\.tsx($|\?)/;

/**
 * Names the storefront's shared modules "storefront", one chunk (decision 069): Rolldown's own
 * split put the 22 KB of app code of `/` in 29 files, most under 1 KB, and small files compress
 * badly. A module joins when the root, the public layout or the home page imports it (directly or
 * not), it is no route module itself (those must keep their exports), and its static imports
 * reach neither Zod nor Conform: a group takes its modules' imports with it, and the forms' kit
 * must stay with the pages that have a form. What only the listings share (the catalogue's URL
 * rules, structured data, the post list: 4.7 KB) keeps Rolldown's split, so `/` and the admin
 * screens, which load this file too, do not carry it (3 small files more on `/products`, still
 * 0.1 KB less there in all). Modules only admin screens or other pages share keep Rolldown's split.
 */
function storefrontChunk() {
  return (id: string, ctx: Chunking) => {
    if (isRoute(id)) return null;
    const importers = reach(id, ctx, (info) => info.importers);
    if (!importers.some((importer) => SHELL.test(importer))) return null;
    if (reach(id, ctx, (info) => info.importedIds).some((dep) => FORM_KIT.test(dep))) return null;
    return importers.some((importer) => isRoute(importer) && EVERY_PAGE.test(importer)) ? "common" : "storefront";
  };
}

const PUBLIC = /[\\/]app[\\/]routes[\\/]public[\\/]/;
const EVERY_PAGE = /[\\/]app[\\/](root\.tsx|routes[\\/]admin[\\/](?!posts[\\/]preview\.tsx))/;
const ADMIN = /[\\/]app[\\/]routes[\\/]admin[\\/]layout\.tsx($|\?)/;

/**
 * Names the admin layout's modules "admin", one chunk (decision 069): every admin screen loads
 * the layout, whose 35 or so small files (icons, the header, the guard's words) compressed badly.
 * Same rules as storefrontChunk, and nothing a public page imports. A group of every module two
 * admin screens share was measured too: 16 KB, more than each screen used (up to +4.5 KB).
 */
function adminChunk() {
  return (id: string, ctx: Chunking) => {
    if (isRoute(id)) return null;
    const importers = reach(id, ctx, (info) => info.importers);
    if (!importers.some((importer) => ADMIN.test(importer))) return null;
    if (importers.some((importer) => PUBLIC.test(importer))) return null;
    return reach(id, ctx, (info) => info.importedIds).some((dep) => FORM_KIT.test(dep)) ? null : "admin";
  };
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    {
      // the browser's chunks only: the server build keeps one module graph of its own
      name: "client-chunks",
      apply: "build",
      configEnvironment(name) {
        if (name !== "client") return;
        return {
          build: {
            rolldownOptions: {
              output: {
                codeSplitting: {
                  groups: [
                    { name: "framework", test: FRAMEWORK, priority: 2 },
                    // shared by two route modules at least: a module of one page stays in its page's file
                    { name: storefrontChunk(), minShareCount: 2, priority: 1 },
                    { name: adminChunk(), minShareCount: 2, priority: 0 },
                  ],
                },
              },
            },
          },
        };
      },
    },
  ],
  ssr: {
    // Bundled into the server build: the icons are imported one module file each (decision 069),
    // and their 60 small files are cheaper to load as part of the server's one file.
    noExternal: ["lucide"],
  },
});
