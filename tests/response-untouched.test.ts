import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 29: nothing patches Express's or Node's response (decision 067). Headers are decided
// where an answer is made, not by hooks on its way out; and behind the session mark a
// Cache-Control is set only through setCacheControl (private-answers.ts), which keeps a private
// answer `private, no-store`: one direct set there would make an owner's answer cacheable again.

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const server = sources("server").map((path) => ({ path, text: readFileSync(path, "utf8") }));

/** Answers made before the session is looked up, which are never private (server/app.ts's order). */
const BEFORE_THE_SESSION = new Set([
  "server/app.ts", // /healthz
  "server/http/canonical-path.ts",
  "server/http/favicon.ts",
  "server/http/precompressed.ts",
  "server/http/uploads.ts",
  "server/http/private-answers.ts", // setCacheControl itself
]);

describe("the server's answers", () => {
  it("are not patched on their way out", () => {
    expect(server.length).toBeGreaterThan(50);
    const patching = server.filter(
      ({ text }) =>
        /from "on-headers"|from "on-finished"/.test(text) ||
        /\b(res|response)\.(write|end|writeHead|setHeader)\s*=[^=]/.test(text) ||
        /\.prototype\.(write|end|writeHead)\s*=[^=]/.test(text),
    );
    expect(patching.map(({ path }) => path)).toEqual([]);
  });

  it("set a Cache-Control behind the session only through setCacheControl", () => {
    const direct = server.filter(
      ({ path, text }) =>
        !BEFORE_THE_SESSION.has(path) &&
        (/\bres(\s*\.\w+\([^)]*\))*\s*\.(setHeader|set|header)\(\s*"Cache-Control"/i.test(text) ||
          /\bres(\s*\.\w+\([^)]*\))*\s*\.set\(\{[^}]*"Cache-Control"/i.test(text)),
    );
    expect(direct.map(({ path }) => path)).toEqual([]);
  });
});
