import { runInNewContext } from "node:vm";
import { renderToStaticMarkup } from "react-dom/server";
import { version as installedReactRouter } from "react-router/package.json";
import { describe, expect, it } from "vitest";
import { deferScripts, VERIFIED_REACT_ROUTER_VERSION } from "./hydrate-after-paint";

const bootstrap =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-1.js");';

/** What React Router's <Scripts> returns: preload links, then the context and bootstrap scripts. */
function routerScripts(code = bootstrap) {
  const initialScripts = (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shape of React Router's own script elements */}
      <script nonce="N" dangerouslySetInnerHTML={{ __html: 'window.__reactRouterContext = {"a":"</b>"};' }} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the shape of React Router's own script elements */}
      <script nonce="N" type="module" async dangerouslySetInnerHTML={{ __html: code }} />
    </>
  );
  return (
    <>
      {null}
      <link rel="modulepreload" href="/assets/entry.client-1.js" nonce="N" />
      {["/assets/root-1.js"].map((href) => (
        <link key={href} rel="modulepreload" href={href} nonce="N" />
      ))}
      {initialScripts}
    </>
  );
}

const render = (code?: string) => renderToStaticMarkup(deferScripts(routerScripts(code)));

type Element = Record<string, string>;

/**
 * Runs the starter against a fake document: `paint` says whether the browser has paint timing;
 * `firstPaint()` delivers the first-contentful-paint entry to the observer.
 */
function runStarter(html: string, { visibilityState = "visible", paint = true, readyState = "loading" } = {}) {
  const code = /type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
  const inserted: Element[] = [];
  const timers: (() => void)[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  let observed: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined;
  class PerformanceObserver {
    static supportedEntryTypes = paint ? ["paint", "navigation"] : ["navigation"];
    constructor(callback: typeof observed) {
      observed = callback;
    }
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
    }
    disconnect() {
      observed = undefined;
    }
  }
  const document = {
    visibilityState,
    readyState,
    createElement: (tag: string) => ({ tag }) as Element,
    querySelector: () => ({ nonce: "N" }),
    head: { append: (el: Element) => inserted.push(el) },
    body: { append: (el: Element) => inserted.push(el) },
  };
  runInNewContext(code, {
    document,
    PerformanceObserver,
    addEventListener: (name: string, listener: () => void, options: { once: boolean }) => {
      expect(options).toEqual({ once: true });
      listeners[name] = listener;
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void) => timers.push(fn),
  });
  const entries = (names: string[]) => ({ getEntriesByName: (name: string) => names.filter((n) => n === name) });
  return {
    inserted,
    timers,
    frames,
    paint: (...names: string[]) => observed?.(entries(names)),
    load: () => listeners.load?.(),
    runTimers: () => {
      for (const timer of timers.splice(0)) timer();
    },
  };
}

const started = [
  { tag: "link", rel: "modulepreload", href: "/assets/entry.client-1.js" },
  { tag: "link", rel: "modulepreload", href: "/assets/root-1.js" },
  { tag: "script", type: "module", nonce: "N", textContent: bootstrap },
];

describe("deferScripts", () => {
  const html = render();

  it("leaves the module preloads out and keeps the context script as it was", () => {
    expect(html).not.toContain("<link");
    expect(html).toMatch(/^<script nonce="N">window.__reactRouterContext = \{"a":"<\/b>"\};<\/script>/);
    expect(html).toContain('<script nonce="N" type="module" async="">');
  });

  it("starts nothing before the first contentful paint, then the preloads and the original code", () => {
    const run = runStarter(html);
    expect(run.timers).toHaveLength(1); // the 3 s limit
    run.paint("first-paint");
    expect(run.timers).toHaveLength(1);
    run.paint("first-contentful-paint");
    expect(run.inserted).toEqual([]);
    run.runTimers();
    expect(run.inserted).toEqual(started);
  });

  it("waits two frames where the browser has no paint timing", () => {
    const run = runStarter(html, { paint: false });
    run.frames.shift()?.();
    expect(run.inserted).toEqual([]);
    run.frames.shift()?.();
    run.runTimers();
    expect(run.inserted).toEqual(started);
  });

  it("starts after the load event if that comes before the first contentful paint", () => {
    const run = runStarter(html);
    run.load();
    expect(run.inserted).toEqual([]);
    run.timers.pop()?.();
    expect(run.inserted).toEqual(started);
    expect(runStarter(html, { readyState: "complete" }).timers).toHaveLength(2);
  });

  it("starts at once in a hidden tab, and after 3 s at the latest; only once", () => {
    expect(runStarter(html, { visibilityState: "hidden" }).inserted).toEqual(started);
    const slow = runStarter(html);
    slow.runTimers();
    expect(slow.inserted).toEqual(started);
    slow.paint("first-contentful-paint");
    slow.runTimers();
    expect(slow.inserted).toEqual(started);
  });

  it("writes the original code with every < escaped, so it cannot end or open a script element", () => {
    const out = render(bootstrap.replace('{"root":route0}', '{"root":route0,"path":"/a<!--b"}'));
    const starter = /type="module" async="">([\s\S]*?)<\/script>/.exec(out)?.[1] ?? "";
    expect(starter).not.toContain("<");
    expect(runStarter(out, { visibilityState: "hidden" }).inserted[2]?.textContent).toContain('"path":"/a<!--b"');
  });

  it("leaves elements without React Router's bootstrap as they are (after hydration <Scripts> is null)", () => {
    const plain = <link rel="modulepreload" href="/assets/a.js" />;
    expect(deferScripts(plain)).toBe(plain);
    expect(deferScripts(null)).toBeNull();
  });
});

// Issue 29, decision 068: <Scripts>'s elements are not React Router's public API.
describe("the fallback to React Router's own <Scripts>", () => {
  it("is pinned to the installed React Router: after an upgrade, re-read <Scripts> and move the pin", () => {
    expect(
      installedReactRouter,
      `react-router is now ${installedReactRouter}, but hydrate-after-paint.tsx was verified on ` +
        `${VERIFIED_REACT_ROUTER_VERSION}: until it is re-verified, pages render React Router's plain <Scripts> ` +
        "(the scripts start before the first paint again, decision 068). Read the new <Scripts>: if it still " +
        'returns modulepreload links, a context script and one type="module" script whose code imports the ' +
        "routes, set VERIFIED_REACT_ROUTER_VERSION to the new version (tests/scripts-after-paint.test.ts checks " +
        "a real page); if not, change deferScripts or delete the module.",
    ).toBe(VERIFIED_REACT_ROUTER_VERSION);
  });

  it("renders <Scripts>'s elements unchanged on another React Router version", () => {
    const scripts = routerScripts();
    expect(deferScripts(scripts, "8.0.0")).toBe(scripts);
  });

  it("renders them unchanged when one is an element it does not know, or there is not exactly one bootstrap", () => {
    const known = routerScripts();
    const withUnknown = (
      <>
        {known}
        <script src="/assets/new-runtime.js" />
      </>
    );
    expect(deferScripts(withUnknown)).toBe(withUnknown);
    const twoBootstraps = (
      <>
        {known}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a second module script, as a changed <Scripts> might render */}
        <script type="module" dangerouslySetInnerHTML={{ __html: 'import("/assets/other.js");' }} />
      </>
    );
    expect(deferScripts(twoBootstraps)).toBe(twoBootstraps);
    expect(deferScripts(known)).not.toBe(known);
  });
});
