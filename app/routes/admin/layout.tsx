import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import { useEffect } from "react";
import { Outlet, useLoaderData, useNavigation } from "react-router";
import { AdminHeader } from "#app/components/admin/admin-header.tsx";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import type { Route } from "./+types/layout";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);

// Admin pages hold private data: no shared cache may keep them, and the browser must not
// serve them from its cache after logout. Every admin page inherits these headers, so none
// can be indexed even if its own meta forgets the robots tag.
export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

// The guard, as React Router middleware: it runs before every admin loader and action, for
// documents and data requests alike, so an anonymous request gets only the redirect to the login
// page and no admin code runs for it. (A loader alone could not: child loaders run beside it and
// actions before it.)
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }) => {
    requireAdmin(context.get(appContext));
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { username } = requireAdmin(app).user;
  // the navigation's badge; a failure only leaves it out (issue 19)
  const unreadMessages = await app.services.inbox.unreadCount().catch((error: unknown) => {
    app.logger.error({ err: error }, "counting unread messages failed");
    return null;
  });
  return { username, unreadMessages };
}

// React Router skips a parent loader whose params did not change; running this one on every
// navigation keeps the guard in front of each admin page, so an expired session lands on login.
export function shouldRevalidate() {
  return true;
}

/** The signed-in admin's shell: top bar with Logout, and the admin page below it. */
export default function AdminLayout() {
  const navigation = useNavigation();
  const { unreadMessages } = useLoaderData<typeof loader>();
  const loading = navigation.state !== "idle";

  // A page restored from the back-forward cache after logout would still show admin data:
  // load it again, so the server decides (and sends the browser to login).
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  return (
    <div className="flex min-h-screen flex-col bg-stone-50">
      <AdminHeader unreadMessages={unreadMessages} />
      <main id="admin-main" aria-busy={loading || undefined} className="relative flex-1">
        {loading ? (
          <div className="absolute inset-0 z-10 flex justify-center bg-stone-50/70 pt-24">
            <p role="status" className="flex h-fit items-center gap-3 rounded-full bg-white px-5 py-3 shadow-md">
              <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden="true" />
              <span className="font-semibold">Loading...</span>
            </p>
          </div>
        ) : null}
        <Outlet />
      </main>
    </div>
  );
}
