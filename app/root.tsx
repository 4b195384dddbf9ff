import { type ReactNode, useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, ScrollRestoration } from "react-router";
import { appContext } from "#app/lib/app-context.server.ts";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { Toaster } from "./components/ui/toaster";
import { ScriptsAfterPaint } from "./lib/hydrate-after-paint";
import { useNonce } from "./lib/nonce";

export function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return { siteUrl: app.siteUrl, contactEmail: app.contactEmail };
}

// The site's origin and address never change while a page is open: no request for them on each navigation.
export function shouldRevalidate() {
  return false;
}

// The stylesheet is a file with a hashed name, cached for a year: a visitor downloads it once,
// not on every page (decision 042). The feed is on every page, so feed readers and browsers find
// it from any address.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // the ICO for browsers without SVG icons; "32x32" keeps the others on the SVG
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "Pawsome Picks", href: "/rss.xml" },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#c2410c" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <ScriptsAfterPaint nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page as interactive (browser tests wait for it before using the keyboard).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading = status === 404 ? "Page Not Found" : "Something went wrong";
  const text =
    status === 404
      ? "We couldn't find the page you're looking for."
      : "An unexpected error occurred. Please try again in a moment.";
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`${heading} | Pawsome Picks`}</title>
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4 text-muted">{text}</p>
      <a href="/" className="mt-8 inline-block font-semibold text-primary underline">
        Go to the home page
      </a>
    </main>
  );
}
