import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { formatCount } from "#app/components/admin/panel.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { toast } from "#app/lib/toast.ts";
import type { PlacementOption, TrackingIdSummary } from "#domain/earnings.ts";
import { formatMoney } from "../../../components/admin/money-format";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);

export const TRACKING_ID_INTENT = "map-tracking-id";

/** What the page's action answers to a mapping. */
export interface TrackingIdAnswer {
  ok: boolean;
  intent: typeof TRACKING_ID_INTENT;
  trackingId: string;
  message: string;
}

function TrackingIdForm({ row, options }: { row: TrackingIdSummary; options: PlacementOption[] }) {
  const fetcher = useFetcher<TrackingIdAnswer>({ key: `tracking-id:${row.trackingId}` });
  const said = useRef<unknown>(null);
  const busy = fetcher.state !== "idle";
  const selectId = `tracking-id-${row.trackingId}`;
  const groups = [...new Set(options.map((option) => option.group))];

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || said.current === fetcher.data) return;
    said.current = fetcher.data;
    toast(
      fetcher.data.ok
        ? { title: fetcher.data.message }
        : { title: "Not saved", description: fetcher.data.message, variant: "destructive" },
    );
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value={TRACKING_ID_INTENT} />
      <input type="hidden" name="trackingId" value={row.trackingId} />
      <label htmlFor={selectId} className="sr-only">
        Placement of {row.trackingId}
      </label>
      <select
        id={selectId}
        name="placement"
        defaultValue={row.placement ?? ""}
        className="max-w-64 rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm"
      >
        <option value="">Shared by clicks</option>
        {groups.map((group) => (
          <optgroup key={group} label={group}>
            {options
              .filter((option) => option.group === group)
              .map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
          </optgroup>
        ))}
      </select>
      <button type="submit" disabled={busy} className={buttonClass("secondary", "sm")}>
        {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
        Save
      </button>
      {fetcher.data && !fetcher.data.ok && !busy ? (
        <p role="alert" className="w-full text-sm font-semibold text-red-800">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The tracking IDs the imported reports name, and the placement each stands for: a tracking ID
 * used in one placement only (a newsletter's, say) gives that placement its earnings whole,
 * instead of a share by clicks.
 */
export function TrackingIds({ rows, options }: { rows: TrackingIdSummary[]; options: PlacementOption[] }) {
  return (
    <section
      aria-labelledby="tracking-ids-heading"
      className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="tracking-ids-heading" className="text-xl font-extrabold tracking-tight">
        Tracking IDs
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-muted">
        The retailer's reports know tracking IDs, not articles. If you use a tracking ID in one place only, say where:
        its earnings then go to that placement whole.
      </p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-lg bg-stone-50 p-4 text-sm text-muted">
          No tracking IDs yet: they appear here once a report is imported.
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="tracking-ids">
            <caption className="sr-only">Tracking IDs in the imported reports and their placements</caption>
            <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Tracking ID
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Lines
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Earnings
                </th>
                <th scope="col" className="px-3 py-2">
                  Placement
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {rows.map((row) => (
                <tr key={row.trackingId} data-testid="tracking-id">
                  <th scope="row" className="px-3 py-2 font-mono font-semibold break-all">
                    {row.trackingId || "(none)"}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{formatCount(row.lines)}</td>
                  <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                    {row.earnings.map((amount) => formatMoney(amount.earnings, amount.currency)).join(" · ") || "–"}
                  </td>
                  <td className="px-3 py-2">
                    {row.trackingId ? (
                      <TrackingIdForm row={row} options={options} />
                    ) : (
                      <span className="text-muted">Shared by clicks</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
