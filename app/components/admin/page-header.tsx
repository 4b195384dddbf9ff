import ChevronRightNode from "lucide/dist/esm/icons/chevron-right.mjs";
import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import { icon } from "#app/components/ui/icon.ts";

const ChevronRight = icon("chevron-right", ChevronRightNode);

export interface Crumb {
  label: string;
  to?: string;
}

/**
 * Every admin page's top: breadcrumb (the last crumb is this page; none on the dashboard),
 * heading, subtitle and the page's actions. `headingRef` lets a list move focus to its heading
 * after a change the owner should hear about.
 */
export function AdminPageHeader({
  crumbs,
  title,
  subtitle,
  actions,
  headingId,
  headingRef,
}: {
  crumbs?: Crumb[];
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  headingId?: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div>
      {crumbs?.length ? (
        <nav aria-label="Breadcrumb" className="mb-4">
          <ol className="flex flex-wrap items-center gap-1 text-sm text-muted">
            {crumbs.map((crumb, index) => (
              <li key={crumb.label} className="flex items-center gap-1">
                {index > 0 ? <ChevronRight className="size-4 shrink-0" aria-hidden="true" /> : null}
                {crumb.to ? (
                  <Link
                    to={crumb.to}
                    className="rounded font-semibold text-primary underline-offset-2 hover:text-primary-hover hover:underline"
                  >
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current="page" className="font-semibold text-ink">
                    {crumb.label}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1
            id={headingId}
            ref={headingRef}
            tabIndex={headingRef ? -1 : undefined}
            className="text-3xl font-extrabold tracking-tight outline-none"
          >
            {title}
          </h1>
          {subtitle ? <p className="mt-1 break-words text-muted">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </div>
  );
}
