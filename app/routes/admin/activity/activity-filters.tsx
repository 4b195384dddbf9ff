import FilterNode from "lucide/dist/esm/icons/funnel.mjs";
import { Form, Link } from "react-router";
import { INPUT_CLASS } from "#app/components/form/field.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { useBrowserTimeZone } from "#app/lib/use-browser-time-zone.ts";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ITEM_KINDS,
  AUDIT_KIND_LABELS,
  type AuditFilter,
  auditFiltered,
} from "#domain/audit.ts";

const Filter = icon("funnel", FilterNode);

/**
 * Action, kind of item and days: a GET form, so the filters live in the URL (pages keep them)
 * and work before the scripts run. The days are read in the browser's time zone once it is
 * known, in UTC before.
 */
export function ActivityFilters({ filter, path }: { filter: AuditFilter; path: string }) {
  const timeZone = useBrowserTimeZone() ?? filter.timeZone;
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label="Filter activity"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      {timeZone ? <input type="hidden" name="timeZone" value={timeZone} /> : null}
      <div>
        <label htmlFor="activity-action" className="block text-sm font-bold">
          Action
        </label>
        <select
          key={filter.action}
          id="activity-action"
          name="action"
          defaultValue={filter.action}
          className={INPUT_CLASS}
        >
          <option value="all">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="activity-kind" className="block text-sm font-bold">
          Kind of item
        </label>
        <select key={filter.kind} id="activity-kind" name="kind" defaultValue={filter.kind} className={INPUT_CLASS}>
          <option value="all">All kinds</option>
          {AUDIT_ITEM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="activity-from" className="block text-sm font-bold">
          From
        </label>
        <input
          key={filter.from ?? ""}
          id="activity-from"
          name="from"
          type="date"
          defaultValue={filter.from ?? ""}
          className={INPUT_CLASS}
        />
      </div>
      <div>
        <label htmlFor="activity-to" className="block text-sm font-bold">
          Until
        </label>
        <input
          key={filter.to ?? ""}
          id="activity-to"
          name="to"
          type="date"
          defaultValue={filter.to ?? ""}
          className={INPUT_CLASS}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass("secondary", "md")}>
          <Filter className="size-5" aria-hidden="true" />
          Apply
        </button>
        {auditFiltered(filter) ? (
          <Link to={path} className={buttonClass("ghost", "md")}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
