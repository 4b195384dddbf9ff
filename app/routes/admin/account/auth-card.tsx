import ArrowLeftNode from "lucide/dist/esm/icons/arrow-left.mjs";
import PawPrintNode from "lucide/dist/esm/icons/paw-print.mjs";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { icon } from "#app/components/ui/icon.ts";

const ArrowLeft = icon("arrow-left", ArrowLeftNode);
const PawPrint = icon("paw-print", PawPrintNode);

/**
 * The frame of the pages that let the owner in (the login page, the e-mailed sign-in link):
 * outside the admin shell, the site's name over one card with an icon, a heading and what
 * the page asks for, and a way back to the public site.
 */
export function AuthCard({
  icon,
  headingId,
  title,
  intro,
  children,
}: {
  icon: ReactNode;
  headingId: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-stone-50 px-4 py-12">
      <p className="mb-6 flex items-center gap-2 text-xl font-extrabold text-ink">
        <PawPrint className="size-7 text-primary" aria-hidden="true" />
        <span>
          Pawsome <span className="text-primary">Picks</span>
        </span>
      </p>
      <div className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="text-center">
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            {icon}
          </span>
          <h1 id={headingId} className="mt-4 text-2xl font-extrabold tracking-tight">
            {title}
          </h1>
          {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
        </div>
        {children}
        <p className="mt-6 text-center">
          <Link
            to="/"
            className="inline-flex items-center gap-1 font-semibold text-primary underline underline-offset-2 hover:text-primary-hover"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Return to Home
          </Link>
        </p>
      </div>
    </main>
  );
}
