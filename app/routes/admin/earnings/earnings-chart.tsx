import { formatCount } from "#app/components/admin/panel.tsx";
import { axisMax } from "#app/components/admin/visits-chart.tsx";
import { formatMoney } from "../../../components/admin/money-format";

export interface EarningsDay {
  /** yyyy-mm-dd (a UTC day) */
  date: string;
  earnings: number;
  clicks: number;
  orders: number;
}

// Plain SVG drawn on the server, as the visits chart: there before (and without) JavaScript, no
// chart library in the bundle; a wide and a narrow shape so a phone's text stays readable.
const WIDE = { width: 720, height: 260, font: 12, labels: 5 } as const;
const NARROW = { width: 340, height: 230, font: 13, labels: 3 } as const;
const MARGIN = { top: 14, right: 14, bottom: 40, left: 64 } as const;
const TICKS = 4;
const BAR_COLOUR = "#c2410c";

const DAY_LABEL = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const LONG_DAY_LABEL = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const dayLabel = (isoDay: string, format = DAY_LABEL) => format.format(new Date(`${isoDay}T00:00:00Z`));

function ChartSvg({
  days,
  currency,
  shape,
  className,
}: {
  days: EarningsDay[];
  currency: string;
  shape: typeof WIDE | typeof NARROW;
  className: string;
}) {
  const { width, height, font, labels } = shape;
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  // refunds can make a day negative: the axis starts at zero or below it
  const top = axisMax(Math.max(0, ...days.map((day) => day.earnings)));
  const floor = -axisMax(Math.max(0, ...days.map((day) => -day.earnings)));
  const hasNegative = days.some((day) => day.earnings < 0);
  const low = hasNegative ? floor : 0;
  const y = (value: number) => MARGIN.top + ((top - value) / (top - low)) * plotHeight;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(1, slot * 0.7);
  const labelEvery = Math.max(1, Math.ceil(days.length / labels));
  const last = days.length - 1;

  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      aria-hidden="true"
      focusable="false"
      fontSize={font}
      fontFamily="inherit"
    >
      {Array.from({ length: TICKS + 1 }, (_, i) => {
        const value = low + ((top - low) / TICKS) * i;
        return (
          <g key={value}>
            <line
              x1={MARGIN.left}
              x2={width - MARGIN.right}
              y1={y(value)}
              y2={y(value)}
              stroke={value === 0 ? "#78716c" : "#e7e5e4"}
            />
            <text x={MARGIN.left - 8} y={y(value)} dy="0.32em" textAnchor="end" fill="#57534e">
              {Number.isInteger(value)
                ? formatMoney(value, currency).replace(/\.00$/, "")
                : formatMoney(value, currency)}
            </text>
          </g>
        );
      })}
      {days.map((day, index) => {
        const x = MARGIN.left + slot * index + (slot - barWidth) / 2;
        const y0 = y(0);
        const y1 = y(day.earnings);
        return (
          <g key={day.date}>
            {day.earnings !== 0 ? (
              <rect
                x={x}
                y={Math.min(y0, y1)}
                width={barWidth}
                height={Math.max(1, Math.abs(y1 - y0))}
                fill={day.earnings < 0 ? "#78716c" : BAR_COLOUR}
                rx={1}
              />
            ) : null}
            {(last - index) % labelEvery === 0 ? (
              <text
                x={x + barWidth / 2}
                y={MARGIN.top + plotHeight + 18}
                textAnchor={index === last ? "end" : index === 0 ? "start" : "middle"}
                fill="#57534e"
              >
                {dayLabel(day.date)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * Earnings per day of the period in one currency: bars with a written summary as the figure's
 * caption, and the daily numbers as a table for anyone who cannot see the chart.
 */
export function EarningsChart({ days, currency }: { days: EarningsDay[]; currency: string }) {
  const total = days.reduce((sum, day) => sum + day.earnings, 0);
  const best = days.reduce<EarningsDay | null>((top, day) => (top && top.earnings >= day.earnings ? top : day), null);
  const quiet = days.every((day) => day.earnings === 0);
  return (
    <figure className="flex flex-col gap-3" aria-labelledby="earnings-chart-caption">
      <figcaption id="earnings-chart-caption" className="text-sm text-muted" data-testid="earnings-chart-summary">
        Earnings per day ({currency}), {days.length} days:{" "}
        <strong className="text-ink">{formatMoney(Math.round(total * 100) / 100, currency)}</strong> in all
        {best && best.earnings > 0
          ? `; the best day was ${dayLabel(best.date, LONG_DAY_LABEL)} (${formatMoney(best.earnings, currency)})`
          : ""}
        .
      </figcaption>
      <div className="relative">
        <ChartSvg days={days} currency={currency} shape={WIDE} className="hidden h-auto w-full sm:block" />
        <ChartSvg days={days} currency={currency} shape={NARROW} className="block h-auto w-full sm:hidden" />
        {quiet ? (
          <p className="absolute inset-x-0 top-1/3 mx-auto w-fit rounded-lg bg-white/90 px-3 py-2 text-sm font-semibold text-muted shadow-sm">
            No earnings in this period yet.
          </p>
        ) : null}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-primary underline-offset-2 hover:underline">
          Show the daily numbers
        </summary>
        <div className="mt-3 max-h-96 overflow-auto rounded-lg border border-stone-200">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">Earnings, orders and clicks per day, newest first</caption>
            <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Day (UTC)
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Earnings
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Orders
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Clicks
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="px-3 py-1.5 font-semibold whitespace-nowrap">
                    <time dateTime={day.date}>{dayLabel(day.date, LONG_DAY_LABEL)}</time>
                  </th>
                  <td className="px-3 py-1.5 text-right">{formatMoney(day.earnings, currency)}</td>
                  <td className="px-3 py-1.5 text-right">{formatCount(day.orders)}</td>
                  <td className="px-3 py-1.5 text-right">{formatCount(day.clicks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
