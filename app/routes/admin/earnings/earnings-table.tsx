import { formatCount } from "#app/components/admin/panel.tsx";
import { EARNINGS_GROUPING_LABELS, type EarningsGrouping, type EarningsRow } from "#domain/earnings.ts";
import { formatMoney, formatPer, formatRate } from "../../../components/admin/money-format";

const CELL = "px-3 py-2 text-right tabular-nums whitespace-nowrap";

/** Where a row's key leads in the admin: an article's editor is found by its slug on the posts list. */
function rowLink(by: EarningsGrouping, key: string): string | null {
  if (by === "toy" && key.startsWith("toy:")) return `/admin/products/${key.slice(4)}`;
  if (by === "post" && key.startsWith("post:")) return `/admin/posts?${new URLSearchParams({ q: key.slice(5) })}`;
  return null;
}

/**
 * The period's figures per article, placement, toy, country or day: earnings, orders, clicks,
 * conversion, EPC and (where page views are known) RPM. A row per key and currency: amounts in
 * different currencies are never added up.
 */
export function EarningsTable({ by, rows }: { by: EarningsGrouping; rows: EarningsRow[] }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg bg-stone-50 p-6 text-center text-muted" data-testid="earnings-empty">
        No clicks or earnings in this period. Import a report from the retailer, or choose another period.
      </p>
    );
  }
  // page views are counted for articles and for the site per day only
  const showRpm = by === "post" || by === "day";
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200">
      <table className="w-full text-left text-sm" data-testid="earnings-table">
        <caption className="sr-only">Earnings per {EARNINGS_GROUPING_LABELS[by].toLowerCase()} in the period</caption>
        <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              {EARNINGS_GROUPING_LABELS[by]}
            </th>
            <th scope="col" className={CELL}>
              Earnings
            </th>
            <th scope="col" className={CELL}>
              Orders
            </th>
            <th scope="col" className={CELL}>
              Clicks
            </th>
            <th scope="col" className={CELL}>
              <abbr title="Orders per click" className="no-underline">
                Conversion
              </abbr>
            </th>
            <th scope="col" className={CELL}>
              <abbr title="Earnings per click">EPC</abbr>
            </th>
            {showRpm ? (
              <>
                <th scope="col" className={CELL}>
                  Page views
                </th>
                <th scope="col" className={CELL}>
                  <abbr title="Earnings per 1,000 page views">RPM</abbr>
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {rows.map((row) => {
            const link = rowLink(by, row.key);
            return (
              <tr key={`${row.key}|${row.currency}`} data-testid="earnings-row">
                <th scope="row" className="max-w-xs px-3 py-2 font-semibold break-words">
                  {link ? (
                    <a href={link} className="text-ink underline-offset-2 hover:text-primary hover:underline">
                      {row.label}
                    </a>
                  ) : (
                    row.label
                  )}
                </th>
                <td className={`${CELL} font-bold`}>{formatMoney(row.earnings, row.currency)}</td>
                <td className={CELL}>{formatCount(row.orders)}</td>
                <td className={CELL}>{formatCount(row.clicks)}</td>
                <td className={CELL}>{formatRate(row.conversion)}</td>
                <td className={CELL}>{formatPer(row.epc, row.currency)}</td>
                {showRpm ? (
                  <>
                    <td className={CELL}>{formatCount(row.pageViews)}</td>
                    <td className={CELL}>{formatPer(row.rpm, row.currency)}</td>
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
