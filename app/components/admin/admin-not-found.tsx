import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import FileQuestionNode from "lucide/dist/esm/icons/file-question-mark.mjs";
import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const FileQuestion = icon("file-question-mark", FileQuestionNode);

/**
 * The one way an admin page says "there is nothing here" (or that loading failed): a route's
 * loader throws `data(…, { status: 404 })`, and its ErrorBoundary renders this inside the
 * admin shell with a way back to the list it came from.
 */
export function AdminNotFound({
  error,
  thing,
  back,
}: {
  /** the route's error; anything but a 404 reads as a failure to load */
  error?: unknown;
  /** "Post", "Product", "Page" */
  thing: string;
  back: { to: string; label: string };
}) {
  const notFound = error === undefined || (isRouteErrorResponse(error) && error.status === 404);
  // the server logs the failure itself (entry.server.tsx handleError)
  if (!notFound && typeof window !== "undefined") console.error(`admin ${thing.toLowerCase()} page failed`, error);
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <FileQuestion className="mx-auto size-14 text-primary" aria-hidden="true" />
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">
        {notFound ? `${thing} Not Found` : "Something went wrong"}
      </h1>
      <p className="mt-4 text-lg text-muted">
        {notFound
          ? thing === "Page"
            ? "There is no admin page at this address."
            : `There is no ${thing.toLowerCase()} with this id. It may have been deleted.`
          : `The ${thing.toLowerCase()} could not be loaded. Please try again in a moment.`}
      </p>
      <Link to={back.to} className={buttonClass("primary", "md", "mt-8")}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        {back.label}
      </Link>
    </section>
  );
}

/** The page title an admin error boundary's route should carry. */
export function adminErrorTitle(error: unknown, thing: string): string {
  return isRouteErrorResponse(error) && error.status === 404 ? `${thing} Not Found` : "Something went wrong";
}
