/**
 * Our pages arrive complete from the server; the scripts only make them interactive. React
 * Router starts fetching every module at once (<link rel="modulepreload"> in the head) and its
 * inline module script evaluates them as soon as they arrive: on a phone they compete with the
 * document and the font for the connection, and hydration's work can delay the first paint.
 * This rewrite of the finished HTML keeps the same scripts but starts them once the page has
 * been painted (decision 018):
 *
 * - the modulepreload links leave the head; the same links are added, all at once (the module
 *   graph stays one round trip deep), when the scripts start;
 * - React Router's bootstrap module (`<script type="module" async>`, whose static imports would
 *   fetch the routes at once) keeps its element, so hydration finds what it rendered, but its
 *   code becomes a starter that inserts the original code as a new module script, with this
 *   response's nonce, once the browser reports the first contentful paint (two animation
 *   frames where paint timing is missing) or the `load` event, whichever comes first (by
 *   `load` the page's own resources are in);
 * - a hidden tab starts at once (it paints nothing), and the scripts start after 3 s at the
 *   latest whatever happens.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const BOOTSTRAP = /(<script[^>]* type="module" async="">)([\s\S]*?)(<\/script>)/;
const START_AT_LATEST_MS = 3_000;

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

export function hydrateAfterPaint(html: string): string {
  if (!BOOTSTRAP.test(html)) return html;
  const preloads: string[] = [];
  return html
    .replace(MODULE_PRELOAD, (_link, href: string) => {
      preloads.push(href);
      return "";
    })
    .replace(BOOTSTRAP, (_script, open: string, code: string, close: string) => open + starter(preloads, code) + close);
}
