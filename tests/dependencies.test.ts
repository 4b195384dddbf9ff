import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

// React Router 8.5.1's fixes (bounded route manifest processing, turbo-stream decoding
// validation) reach the build tool only through package.json's override while @react-router/dev
// stays at 8.4.0, which asks for @react-router/node 8.4.0 exactly (decision 070). Every package
// that loads React Router must get the fixed one, and only one copy of it.

const require = createRequire(import.meta.url);

/** The version of `name` that the package at `from` (a package folder) would load. */
function versionSeenFrom(name: string, from: string): string {
  const entry = createRequire(join(from, "package.json")).resolve(`${name}/package.json`);
  return JSON.parse(readFileSync(entry, "utf8")).version;
}

const folderOf = (name: string) => dirname(require.resolve(`${name}/package.json`));

function atLeast(version: string, minimum: string): boolean {
  const a = version.split(".").map(Number);
  const b = minimum.split(".").map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

describe("React Router's security fixes", () => {
  it("every package that loads react-router gets 8.5.1 or newer, one copy", () => {
    const loaders = [process.cwd(), ...["@react-router/dev", "@react-router/node"].map(folderOf)];
    const seen = loaders.map((from) => versionSeenFrom("react-router", from));
    for (const version of seen) expect(atLeast(version, "8.5.1"), version).toBe(true);
    expect(new Set(seen).size).toBe(1);
  });

  it("the build tool's Node adapter is 8.5.1 or newer (pages are served by our own adapter, server/http/page-requests.ts)", () => {
    expect(atLeast(versionSeenFrom("@react-router/node", folderOf("@react-router/dev")), "8.5.1")).toBe(true);
  });
});
