import FilterNode from "lucide/dist/esm/icons/funnel.mjs";
import { Form, Link } from "react-router";
import { INPUT_CLASS } from "#app/components/form/field.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { useBrowserTimeZone } from "#app/lib/use-browser-time-zone.ts";
import { SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES } from "#domain/subscriber-text.ts";
import { MAX_SUBSCRIBER_SEARCH_LENGTH, type SubscriberFilter } from "#domain/subscribers.ts";

const Filter = icon("funnel", FilterNode);

/**
 * Search by address, status and signup days: a GET form, so the filters live in the URL (the
 * export link and the pages keep them) and work before the scripts run. The days are read in
 * the browser's time zone once it is known, in UTC before.
 */
export function SubscriberFilters({ filter, path }: { filter: SubscriberFilter; path: string }) {
  const timeZone = useBrowserTimeZone() ?? filter.timeZone;
  const filtered = Boolean(filter.search || filter.status !== "all" || filter.from || filter.to);
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label="Filter subscribers"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      {timeZone ? <input type="hidden" name="timeZone" value={timeZone} /> : null}
      <div>
        <label htmlFor="subscriber-search" className="block text-sm font-bold">
          Search by address
        </label>
        <input
          key={filter.search ?? ""}
          id="subscriber-search"
          name="search"
          type="search"
          defaultValue={filter.search ?? ""}
          placeholder="e.g. gmail.com"
          autoComplete="off"
          maxLength={MAX_SUBSCRIBER_SEARCH_LENGTH}
          className={INPUT_CLASS}
        />
      </div>
      <div>
        <label htmlFor="subscriber-status" className="block text-sm font-bold">
          Status
        </label>
        <select
          key={filter.status}
          id="subscriber-status"
          name="status"
          defaultValue={filter.status}
          className={INPUT_CLASS}
        >
          <option value="all">All</option>
          {SUBSCRIBER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {SUBSCRIBER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="subscriber-from" className="block text-sm font-bold">
          Signed up from
        </label>
        <input
          key={filter.from ?? ""}
          id="subscriber-from"
          name="from"
          type="date"
          defaultValue={filter.from ?? ""}
          className={INPUT_CLASS}
        />
      </div>
      <div>
        <label htmlFor="subscriber-to" className="block text-sm font-bold">
          Signed up until
        </label>
        <input
          key={filter.to ?? ""}
          id="subscriber-to"
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
        {filtered ? (
          <Link to={path} className={buttonClass("ghost", "md")}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
