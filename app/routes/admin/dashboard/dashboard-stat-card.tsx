import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import type { Icon } from "#app/components/ui/icon.ts";
import { formatCount } from "../../../components/admin/panel";

/** A link to the screen that manages the counted things, or (without `to`) a button that is there but disabled. */
export interface StatCardAction {
  label: string;
  to?: string;
}

/** One count of the dashboard's top row (posts, products, breeds, ...), with a line on what it counts and its action. */
export function DashboardStatCard({
  id,
  label,
  value,
  note,
  icon: Icon,
  action,
  className = "",
}: {
  id: string;
  label: string;
  /** null: the count could not be read */
  value: number | null;
  note: string;
  icon: Icon;
  action?: StatCardAction;
  className?: string;
}) {
  const labelId = `${id}-label`;
  const noteId = `${id}-note`;
  return (
    <article
      aria-labelledby={labelId}
      className={`flex min-w-0 flex-col rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={labelId} className="pt-1 text-sm font-bold tracking-wide text-muted uppercase">
          {label}
        </h2>
        <span className="rounded-lg bg-primary-soft p-2 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </div>
      <p className="mt-1 text-3xl font-extrabold tabular-nums" data-testid="dashboard-count">
        {value === null ? (
          <span className="text-base font-semibold text-red-800">Could not be loaded</span>
        ) : (
          formatCount(value)
        )}
      </p>
      <p id={noteId} className="mt-1 text-xs text-muted">
        {note}
      </p>
      {action ? (
        <div className="mt-auto pt-4">
          {action.to ? (
            <Link to={action.to} className={buttonClass("secondary", "sm", "w-full text-center")}>
              {action.label}
            </Link>
          ) : (
            <button
              type="button"
              disabled
              aria-describedby={noteId}
              className={buttonClass(
                "secondary",
                "sm",
                "w-full text-center disabled:hover:border-stone-300 disabled:hover:text-ink",
              )}
            >
              {action.label}
            </button>
          )}
        </div>
      ) : null}
    </article>
  );
}
