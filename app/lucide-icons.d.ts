// Each Lucide icon is imported from its own module file (`lucide/dist/esm/icons/<name>.mjs`), so
// the bundler sees which modules use which icon and a page's files carry only its own icons
// (decision 069); the package declares types for its index only.
declare module "lucide/dist/esm/icons/*.mjs" {
  const node: import("./components/ui/icon").IconNode;
  export default node;
}
