import { type ComponentType, memo, type ReactNode, Suspense, use, useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

// A part of a server-rendered screen whose code is not needed until someone uses the screen
// (decision 069): the server renders it as usual, and while the page first hydrates the part
// keeps that HTML, inert, until the first key press, pointer press or focus anywhere on the
// page; its code loads then and the part hydrates. A page reached by a link (nothing rendered
// by the server) loads it at once and shows `fallback` meanwhile.
//
// Until the code is there, the part keeps the props it was first rendered with: React drops the
// server's HTML of a boundary that receives new props before it has hydrated, and reports an
// error for it. Once loaded, the part gets the current props.

/** The parts waiting for the first interaction with the page, which loads their code. */
const waiting: (() => void)[] = [];
let interacted = false;
if (typeof document !== "undefined") {
  const EVENTS = ["focusin", "pointerdown", "keydown"] as const;
  const start = () => {
    interacted = true;
    for (const load of waiting.splice(0)) load();
    for (const type of EVENTS) document.removeEventListener(type, start, true);
  };
  for (const type of EVENTS) document.addEventListener(type, start, true);
}

/** A part made once, at module scope: `const Preview = deferredPart(() => import("./x").then((m) => m.X), fallback)`. */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  let markLoaded: () => void = () => {};
  const whenLoaded = new Promise<void>((resolve) => {
    markLoaded = resolve;
  });
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      markLoaded();
      return component;
    });
    return loading;
  };
  // the server renders the part: it has the code at hand; a page someone already used loads it
  if (import.meta.env.SSR || interacted) void preload();
  else waiting.push(() => void preload());

  // biome-ignore lint/correctness/noComponentHookFactories: each part is made once, at module scope, so every render sees the same component
  function Inner({ waitForUse, props }: { waitForUse: boolean; props: P }) {
    // hydrating: wait (keeping the server's HTML) for the first interaction to bring the code
    if (!loaded) use<unknown>(waitForUse ? whenLoaded : preload());
    const Component = loaded as ComponentType<P>;
    return <Component {...props} />;
  }
  // biome-ignore lint/correctness/noComponentHookFactories: each part is made once, at module scope, so every render sees the same component
  const Boundary = memo(function Boundary({ waitForUse, props }: { waitForUse: boolean; props: P }) {
    return (
      <Suspense fallback={fallback}>
        <Inner waitForUse={waitForUse} props={props} />
      </Suspense>
    );
  });

  // biome-ignore lint/correctness/noComponentHookFactories: each part is made once, at module scope, so every render sees the same component
  return function DeferredPart(props: P) {
    // Rendered for the page's first hydration (React hydrates a Suspense boundary after the rest,
    // so this is known here, outside it): the part waits for the page to be used.
    const hydrated = useHydrated();
    const [waitForUse] = useState(!hydrated);
    const [first] = useState(props);
    const [ready, setReady] = useState(() => loaded !== undefined);
    useEffect(() => {
      if (ready) return;
      let live = true;
      void whenLoaded.then(() => live && setReady(true));
      return () => {
        live = false;
      };
    }, [ready]);
    return <Boundary waitForUse={waitForUse} props={ready ? props : first} />;
  };
}
