import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  to?: string;
}

/** The admin product pages' top: breadcrumb (the last crumb is this page), heading, subtitle and actions. */
export function ProductPageHeader({
  crumbs,
  title,
  subtitle,
  actions,
}: {
  crumbs: Crumb[];
  title: string;
  subtitle: string;
  actions?: ReactNode;
}) {
  return (
    <div>
      <nav aria-label="Breadcrumb">
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
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">{title}</h1>
          <p className="mt-1 text-muted">{subtitle}</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </div>
  );
}
