import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";
// only the string is bundled (Vite's JSON modules have named exports and tree-shake the rest)
import { version as installedReactRouter } from "react-router/package.json";

/**
 * Our pages arrive complete from the server; the scripts only make them interactive. React
 * Router's <Scripts> starts fetching every module at once (<link rel="modulepreload">, which
 * React hoists into the head) and its inline module script evaluates them as soon as they
 * arrive: on a phone they compete with the document and the font for the connection, and
 * hydration's work can delay the first paint. <ScriptsAfterPaint> renders the same elements but
 * starts them once the page has been painted (decision 018):
 *
 * - the modulepreload links are not rendered; the same links are added, all at once (the module
 *   graph stays one round trip deep), when the scripts start;
 * - React Router's bootstrap module (`<script type="module" async>`, whose static imports would
 *   fetch the routes at once) keeps its element, so hydration finds what it rendered, but its
 *   code becomes a starter that inserts the original code as a new module script, with this
 *   response's nonce, once the browser reports the first contentful paint (two animation
 *   frames where paint timing is missing) or the `load` event, whichever comes first (by
 *   `load` the page's own resources are in);
 * - a hidden tab starts at once (it paints nothing), and the scripts start after 3 s at the
 *   latest whatever happens.
 *
 * The change is made on React elements (their type and props), on the server and again in the
 * browser while hydrating, so both render the same thing and nothing edits the finished HTML.
 *
 * React Router has no public way to hold its scripts back (its <Scripts> takes only attributes
 * such as nonce and crossOrigin), so this reads the elements <Scripts> returns, which are not its
 * public API (issue 29, decision 068). It does so only on the React Router version it was verified
 * on, and only when every element is one it knows; otherwise it renders <Scripts>'s output
 * unchanged, and the pages then paint later on a phone (Lighthouse LCP about 1 s later, decision 068).
 */
const START_AT_LATEST_MS = 3_000;

/**
 * The react-router version whose <Scripts> output this was checked against. After an upgrade,
 * hydrate-after-paint.test.tsx fails until the new output is re-read and this pin moved.
 */
export const VERIFIED_REACT_ROUTER_VERSION = "7.18.6";

/** A value as a JavaScript literal that is safe inside an inline <script>. */
function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

function starter(preloads: string[], code: string): string {
  return `const preloads=${scriptLiteral(preloads)};const code=${scriptLiteral(code)};
let started=false;
const start=()=>{if(started)return;started=true;
for(const href of preloads){const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}
const script=document.createElement("script");script.type="module";script.nonce=document.querySelector("script[nonce]").nonce;script.textContent=code;document.body.append(script)};
if(document.visibilityState!=="visible")start();
else if(globalThis.PerformanceObserver?.supportedEntryTypes?.includes("paint")){const observer=new PerformanceObserver((list)=>{if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();setTimeout(start)}});observer.observe({type:"paint",buffered:true})}
else requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(start)));
if(document.readyState==="complete")setTimeout(start);else addEventListener("load",()=>setTimeout(start),{once:true});
setTimeout(start,${START_AT_LATEST_MS});`;
}

interface ScriptElementProps {
  rel?: string;
  href?: string;
  type?: string;
  dangerouslySetInnerHTML?: { __html: string };
}

/** The elements of a tree, with fragments opened (Children.toArray keys them for a list). */
function elementsOf(node: ReactNode): ReactElement<ScriptElementProps>[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<ScriptElementProps & { children?: ReactNode }>(child)) return [];
    return child.type === Fragment ? elementsOf(child.props.children) : [child];
  });
}

const isPreload = (element: ReactElement<ScriptElementProps>) =>
  element.type === "link" && element.props.rel === "modulepreload" && typeof element.props.href === "string";
const isBootstrap = (element: ReactElement<ScriptElementProps>) =>
  element.type === "script" && element.props.type === "module" && element.props.dangerouslySetInnerHTML !== undefined;
/** the context script (no type) and, with subresource integrity, the import map */
const isOtherScript = (element: ReactElement<ScriptElementProps>) =>
  element.type === "script" &&
  (element.props.type === undefined || element.props.type === "importmap") &&
  element.props.dangerouslySetInnerHTML !== undefined;

/**
 * React Router's script elements with the module preloads taken out and the bootstrap module's
 * code wrapped in the starter. Anything else is returned as it was: no scripts (after hydration),
 * another React Router version, or a tree with an element this does not know or not exactly one
 * bootstrap module (a changed <Scripts>).
 */
export function deferScripts(scripts: ReactNode, reactRouterVersion = installedReactRouter): ReactNode {
  if (reactRouterVersion !== VERIFIED_REACT_ROUTER_VERSION) return scripts;
  const elements = elementsOf(scripts);
  const known = elements.every((element) => isPreload(element) || isBootstrap(element) || isOtherScript(element));
  const bootstraps = elements.filter(isBootstrap);
  const [bootstrap] = bootstraps;
  if (!known || bootstraps.length !== 1 || !bootstrap) return scripts;
  const preloads = elements.filter(isPreload).flatMap((link) => (link.props.href ? [link.props.href] : []));
  return elements
    .filter((element) => !isPreload(element))
    .map((element) =>
      element === bootstrap
        ? cloneElement(element, {
            dangerouslySetInnerHTML: { __html: starter(preloads, element.props.dangerouslySetInnerHTML?.__html ?? "") },
          })
        : element,
    );
}

export function ScriptsAfterPaint(props: ScriptsProps) {
  // Called as a function rather than rendered, so that its output can be changed before React
  // sees it; its hooks (context reads, a memo, an effect) run as this component's own.
  return deferScripts(Scripts(props));
}
