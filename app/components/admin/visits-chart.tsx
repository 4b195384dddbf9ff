import { formatCount } from "./panel";

export interface DayStats {
  /** yyyy-mm-dd (a UTC day) */
  date: string;
  visits: number;
  pageViews: number;
  uniqueVisitors: number;
}

// Drawn on the server as plain SVG: no chart library in the bundle, and the chart is there
// before (and without) JavaScript. Two shapes, one for wide and one for narrow screens, since an
// SVG that only scales would shrink its text to a few pixels on a phone.
const WIDE = { width: 720, height: 280, labelEvery: 7, font: 12 } as const;
const NARROW = { width: 340, height: 250, labelEvery: 14, font: 13 } as const;
const MARGIN = { top: 14, right: 14, bottom: 46, left: 58 } as const;
const TICKS = 4;

const SERIES = [
  { key: "pageViews", label: "Page views", colour: "#c2410c", dash: undefined, marker: "circle" },
  { key: "visits", label: "Visits", colour: "#0f766e", dash: "6 4", marker: "square" },
] as const;

const DAY_LABEL = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const LONG_DAY_LABEL = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

function dayLabel(isoDay: string, format = DAY_LABEL): string {
  return format.format(new Date(`${isoDay}T00:00:00Z`));
}

/** The top of the y axis: a round number (1, 2 or 5 times a power of ten per tick) at or above `max`. */
export function axisMax(max: number): number {
  if (max <= TICKS) return TICKS;
  const rawStep = max / TICKS;
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rawStep) ?? rawStep;
  return step * TICKS;
}

function Marker({ shape, x, y, colour }: { shape: "circle" | "square"; x: number; y: number; colour: string }) {
  return shape === "circle" ? (
    <circle cx={x} cy={y} r={3} fill={colour} />
  ) : (
    <rect x={x - 3} y={y - 3} width={6} height={6} fill="white" stroke={colour} strokeWidth={1.5} />
  );
}

function ChartSvg({
  days,
  shape,
  className,
}: {
  days: DayStats[];
  shape: typeof WIDE | typeof NARROW;
  className: string;
}) {
  const { width, height, labelEvery, font } = shape;
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const top = axisMax(Math.max(0, ...days.flatMap((day) => [day.visits, day.pageViews])));
  const last = days.length - 1;
  const x = (index: number) => MARGIN.left + (last > 0 ? (index / last) * plotWidth : plotWidth / 2);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const bottom = MARGIN.top + plotHeight;

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
        const value = (top / TICKS) * i;
        return (
          <g key={value}>
            <line
              x1={MARGIN.left}
              x2={width - MARGIN.right}
              y1={y(value)}
              y2={y(value)}
              stroke={i === 0 ? "#78716c" : "#e7e5e4"}
            />
            <text x={MARGIN.left - 8} y={y(value)} dy="0.32em" textAnchor="end" fill="#57534e">
              {formatCount(value)}
            </text>
          </g>
        );
      })}
      {days.map((day, index) =>
        (last - index) % labelEvery === 0 ? (
          <g key={day.date}>
            <line x1={x(index)} x2={x(index)} y1={bottom} y2={bottom + 5} stroke="#78716c" />
            <text
              x={x(index)}
              y={bottom + 18}
              textAnchor={index === last ? "end" : index === 0 ? "start" : "middle"}
              fill="#57534e"
            >
              {dayLabel(day.date)}
            </text>
          </g>
        ) : null,
      )}
      <text x={MARGIN.left + plotWidth / 2} y={height - 6} textAnchor="middle" fill="#1c1917" fontWeight={700}>
        Day (UTC)
      </text>
      <text
        transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
        textAnchor="middle"
        fill="#1c1917"
        fontWeight={700}
      >
        Count per day
      </text>
      {SERIES.map((series) => (
        <g key={series.key}>
          <polyline
            points={days.map((day, index) => `${x(index)},${y(day[series.key])}`).join(" ")}
            fill="none"
            stroke={series.colour}
            strokeWidth={2}
            strokeDasharray={series.dash}
            strokeLinejoin="round"
          />
          {days.map((day, index) => (
            <Marker key={day.date} shape={series.marker} x={x(index)} y={y(day[series.key])} colour={series.colour} />
          ))}
        </g>
      ))}
    </svg>
  );
}

function LegendSwatch({ series }: { series: (typeof SERIES)[number] }) {
  return (
    <svg viewBox="0 0 28 10" className="h-2.5 w-7" aria-hidden="true" focusable="false">
      <line x1={0} x2={28} y1={5} y2={5} stroke={series.colour} strokeWidth={2} strokeDasharray={series.dash} />
      <Marker shape={series.marker} x={14} y={5} colour={series.colour} />
    </svg>
  );
}

/**
 * Visits and page views per day, oldest first: a line chart with a legend, a written summary
 * (the figure's caption) and the daily numbers as a table for anyone who cannot see the chart.
 */
export function VisitsChart({ days }: { days: DayStats[] }) {
  const total = (key: "visits" | "pageViews" | "uniqueVisitors") => days.reduce((sum, day) => sum + day[key], 0);
  const today = days[days.length - 1];
  const quiet = days.every((day) => day.visits === 0 && day.pageViews === 0);

  return (
    <figure className="flex flex-col gap-3" aria-labelledby="visits-chart-caption">
      <figcaption id="visits-chart-caption" className="text-sm text-muted" data-testid="visits-summary">
        Last {days.length} days: <strong className="text-ink">{formatCount(total("visits"))} visits</strong>,{" "}
        <strong className="text-ink">{formatCount(total("pageViews"))} page views</strong> and{" "}
        {formatCount(total("uniqueVisitors"))} unique {total("uniqueVisitors") === 1 ? "visitor" : "visitors"} (a
        visitor is counted once per day).
        {today ? (
          <>
            {" "}
            Today: {formatCount(today.visits)} visits, {formatCount(today.pageViews)} page views.
          </>
        ) : null}
      </figcaption>

      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold" aria-label="Legend">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-2">
            <LegendSwatch series={series} />
            {series.label}
          </li>
        ))}
      </ul>

      <div className="relative">
        <ChartSvg days={days} shape={WIDE} className="hidden h-auto w-full sm:block" />
        <ChartSvg days={days} shape={NARROW} className="block h-auto w-full sm:hidden" />
        {quiet ? (
          <p className="absolute inset-x-0 top-1/3 mx-auto w-fit rounded-lg bg-white/90 px-3 py-2 text-sm font-semibold text-muted shadow-sm">
            No visits recorded in this period yet.
          </p>
        ) : null}
      </div>

      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-primary underline-offset-2 hover:underline">
          Show the daily numbers
        </summary>
        <div className="mt-3 rounded-lg border border-stone-200">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">Visits, page views and unique visitors per day, newest first</caption>
            <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Day (UTC)
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Visits
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Page views
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Unique visitors
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="px-3 py-1.5 font-semibold whitespace-nowrap">
                    <time dateTime={day.date}>{dayLabel(day.date, LONG_DAY_LABEL)}</time>
                  </th>
                  <td className="px-3 py-1.5 text-right">{formatCount(day.visits)}</td>
                  <td className="px-3 py-1.5 text-right">{formatCount(day.pageViews)}</td>
                  <td className="px-3 py-1.5 text-right">{formatCount(day.uniqueVisitors)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
