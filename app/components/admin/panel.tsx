import type { ReactNode } from "react";
import type { Icon } from "#app/components/ui/icon.ts";

/** A titled white card of the dashboard (a labelled region, so screen readers can jump between panels). */
export function DashboardPanel({
  id,
  title,
  subtitle,
  icon: Icon,
  className = "",
  children,
}: {
  /** unique on the page: the heading's id */
  id: string;
  title: string;
  subtitle?: string;
  icon?: Icon;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`flex min-w-0 flex-col rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6 ${className}`}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-extrabold tracking-tight">
            {title}
          </h2>
          {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
        </div>
        {Icon ? (
          <span className="rounded-lg bg-primary-soft p-2 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
        ) : null}
      </div>
      <div className="mt-4 flex flex-1 flex-col">{children}</div>
    </section>
  );
}

/** What a panel shows when its numbers could not be read (the rest of the dashboard still works). */
export function PanelError({ what }: { what: string }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm font-semibold text-red-800">
      {what} could not be loaded. Reload the page to try again.
    </p>
  );
}

const NUMBER = new Intl.NumberFormat("en-US");

/** A count as the dashboard prints it: the same digits on the server and in every browser (no hydration mismatch). */
export function formatCount(value: number): string {
  return NUMBER.format(value);
}
