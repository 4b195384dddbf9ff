import CircleDollarSignNode from "lucide/dist/esm/icons/circle-dollar-sign.mjs";
import { Link } from "react-router";
import { formatMoney, formatPer, formatRate } from "#app/components/admin/money-format.ts";
import { icon } from "#app/components/ui/icon.ts";
import type { Result } from "#app/lib/result.ts";
import type { EarningsReport } from "#domain/earnings.ts";
import { DashboardPanel, formatCount, PanelError } from "../../../components/admin/panel";

const CircleDollarSign = icon("circle-dollar-sign", CircleDollarSignNode);

/** Articles listed at most; the earnings page has them all. */
const LISTED = 5;

/**
 * The period's earnings from the imported reports at a glance: totals, and the articles that
 * earned most with their EPC and RPM. The earnings page has every grouping, the chart and the import.
 */
export function DashboardEarnings({ report, days }: { report: Result<EarningsReport>; days: number }) {
  const href = report.ok
    ? `/admin/earnings?${new URLSearchParams({ from: report.data.from, to: report.data.to, by: "post" })}`
    : "/admin/earnings";
  return (
    <DashboardPanel
      id="earnings"
      title="Earnings"
      subtitle={`From the retailer's reports, last ${days} days (shared among articles by their clicks)`}
      icon={CircleDollarSign}
    >
      {!report.ok ? (
        <PanelError what="The earnings" />
      ) : (
        <div className="grid gap-4">
          {report.data.totals.length === 0 ? (
            <p className="rounded-lg bg-stone-50 p-4 text-sm text-muted">
              No earnings in this period yet.{" "}
              <Link to="/admin/earnings" className="font-semibold text-primary underline">
                Import a report
              </Link>{" "}
              from the retailer to see what each article earns.
            </p>
          ) : (
            report.data.totals.map((total) => (
              <dl
                key={total.currency}
                className="grid grid-cols-2 gap-3 sm:grid-cols-4"
                data-testid="dashboard-earnings-totals"
              >
                {(
                  [
                    ["Earnings", formatMoney(total.earnings, total.currency)],
                    ["Orders", formatCount(total.orders)],
                    ["Conversion", formatRate(total.conversion)],
                    ["EPC", formatPer(total.epc, total.currency)],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-lg bg-stone-50 p-3">
                    <dt className="text-xs font-bold text-muted uppercase">{label}</dt>
                    <dd className="mt-1 text-xl font-extrabold tabular-nums">{value}</dd>
                  </div>
                ))}
              </dl>
            ))
          )}
          {report.data.rows.some((row) => row.earnings !== 0) ? (
            <section aria-labelledby="earnings-top-articles">
              <h3 id="earnings-top-articles" className="mb-2 text-sm font-bold text-muted uppercase">
                Top articles
              </h3>
              <ol className="space-y-2">
                {report.data.rows
                  .filter((row) => row.earnings !== 0)
                  .slice(0, LISTED)
                  .map((row) => (
                    <li
                      key={`${row.key}|${row.currency}`}
                      className="flex items-baseline justify-between gap-3"
                      data-testid="dashboard-earnings-article"
                    >
                      <span className="min-w-0 font-semibold break-words">{row.label}</span>
                      <span className="shrink-0 text-sm tabular-nums">
                        <strong>{formatMoney(row.earnings, row.currency)}</strong>
                        <span className="text-muted">
                          {" "}
                          · EPC {formatPer(row.epc, row.currency)} · RPM {formatPer(row.rpm, row.currency)}
                        </span>
                      </span>
                    </li>
                  ))}
              </ol>
            </section>
          ) : null}
          <Link to={href} className="text-sm font-bold text-primary underline-offset-2 hover:underline">
            Open earnings: per article, placement, toy, country and day
          </Link>
        </div>
      )}
    </DashboardPanel>
  );
}
