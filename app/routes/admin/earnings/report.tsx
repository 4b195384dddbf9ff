import DownloadNode from "lucide/dist/esm/icons/download.mjs";
import { data, Form, Link } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { formatMoney, formatPer, formatRate } from "#app/components/admin/money-format.ts";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import {
  ATTRIBUTION_METHOD,
  EARNINGS_GROUPING_LABELS,
  EARNINGS_GROUPINGS,
  type EarningsReport,
  earningsPeriodPresets,
  earningsQuerySchema,
} from "#domain/earnings.ts";
import { EARNINGS_IMPORT_FIELD, earningsUploadText } from "#domain/earnings-import.ts";
import type { Route } from "./+types/report";
import { EarningsChart } from "./earnings-chart.tsx";
import { EARNINGS_IMPORT_INTENT, EarningsImport, type EarningsImportAnswer } from "./earnings-import.tsx";
import { EarningsTable } from "./earnings-table.tsx";
import { TRACKING_ID_INTENT, type TrackingIdAnswer, TrackingIds } from "./tracking-ids.tsx";

const Download = icon("download", DownloadNode);

export const meta = () => [{ title: pageTitle("Earnings") }, { name: "robots", content: "noindex" }];

const CARD = "rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6";
const UNMATCHED_LISTED = 50;

export async function loader({ context, url }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const { earningsReport, earningsImport } = app.services;
  // a period that does not read is said, and the default period shown instead of an error page
  const parsed = earningsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { by: "post" as const };
  const report = await earningsReport.report(query);
  const period = { from: report.from, to: report.to };
  const [days, unmatched, trackingIds, placements, imports] = await Promise.all([
    report.by === "day" ? report : earningsReport.report({ ...period, by: "day" }),
    earningsReport.unmatchedItems({ limit: UNMATCHED_LISTED }),
    earningsReport.trackingIds(),
    earningsReport.placementOptions(),
    earningsImport.listImports(),
  ]);
  return {
    queryError: parsed.success ? null : (parsed.error.issues[0]?.message ?? "The period could not be read."),
    presets: earningsPeriodPresets(new Date()),
    report,
    days,
    unmatched,
    trackingIds,
    placements,
    imports,
  };
}

type ActionData = EarningsImportAnswer | TrackingIdAnswer;

// The import form and the tracking-ID forms post here (through fetchers once the scripts run, as
// plain forms before): the same services as POST /api/admin/earnings/import and PUT
// /api/admin/earnings/tracking-ids/{trackingId}.
export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const intent = form.get("intent");
  const { earningsReport, earningsImport } = app.services;
  if (intent === EARNINGS_IMPORT_INTENT) {
    const file = form.get(EARNINGS_IMPORT_FIELD);
    if (!(file instanceof File) || file.size === 0) {
      return data<ActionData>({ ok: false, intent, message: "Choose a report file to import" }, 400);
    }
    if (file.size > earningsImport.maxFileBytes) {
      const message = earningsUploadText(earningsImport.maxFileBytes).tooLarge;
      return data<ActionData>({ ok: false, intent, message }, 413);
    }
    const outcome = await earningsImport.importReport(file, { fileName: file.name });
    if (!outcome.ok) return data<ActionData>({ ok: false, intent, message: outcome.message }, 400);
    return { ok: true, intent, message: "Report imported", result: outcome.report } satisfies ActionData;
  }
  if (intent === TRACKING_ID_INTENT) {
    const trackingId = String(form.get("trackingId") ?? "");
    const placement = String(form.get("placement") ?? "") || null;
    try {
      await earningsReport.mapTrackingId(trackingId, placement);
      const message = placement ? `${trackingId} now goes to its placement whole` : `${trackingId} is shared by clicks`;
      return { ok: true, intent, trackingId, message } satisfies ActionData;
    } catch (error) {
      const refusal = serviceRefusal(error, []);
      if (!refusal) throw error;
      return data<ActionData>({ ok: false, intent, trackingId, message: (error as Error).message }, refusal.status);
    }
  }
  return data({ ok: false, message: "Unknown action" }, 400);
}

/** From, to and "by": a GET form, so the address says what is shown and it works without scripts. */
function PeriodForm({
  query,
  presets,
}: {
  query: Pick<EarningsReport, "from" | "to" | "by">;
  presets: { label: string; from: string; to: string }[];
}) {
  return (
    <div className="flex flex-col gap-3">
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Period and grouping">
        <div className="grid gap-1">
          <label htmlFor="earnings-from" className="text-sm font-bold">
            From
          </label>
          <input
            id="earnings-from"
            type="date"
            name="from"
            defaultValue={query.from}
            required
            className="rounded-lg border border-stone-300 bg-white px-2 py-1.5"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="earnings-to" className="text-sm font-bold">
            To
          </label>
          <input
            id="earnings-to"
            type="date"
            name="to"
            defaultValue={query.to}
            required
            className="rounded-lg border border-stone-300 bg-white px-2 py-1.5"
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="earnings-by" className="text-sm font-bold">
            Per
          </label>
          <select
            id="earnings-by"
            name="by"
            defaultValue={query.by}
            className="rounded-lg border border-stone-300 bg-white px-2 py-1.5"
          >
            {EARNINGS_GROUPINGS.map((by) => (
              <option key={by} value={by}>
                {EARNINGS_GROUPING_LABELS[by]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("primary", "md")}>
          Show
        </button>
      </Form>
      <nav aria-label="Quick periods" className="flex flex-wrap gap-2 text-sm">
        {presets.map((preset) => (
          <Link
            key={preset.label}
            to={`?${new URLSearchParams({ from: preset.from, to: preset.to, by: query.by })}`}
            preventScrollReset
            aria-current={preset.from === query.from && preset.to === query.to ? "true" : undefined}
            className="rounded-lg bg-stone-100 px-3 py-1 font-semibold hover:bg-stone-200 aria-[current]:bg-primary-soft aria-[current]:text-primary"
          >
            {preset.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** The period's totals, one line of cards per currency. */
function Totals({ report }: { report: EarningsReport }) {
  if (report.totals.length === 0) return null;
  return (
    <div className="grid gap-3" data-testid="earnings-totals">
      {report.totals.map((total) => (
        <dl key={total.currency} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {(
            [
              ["Earnings", formatMoney(total.earnings, total.currency)],
              ["Orders", formatCount(total.orders)],
              ["Clicks", formatCount(total.clicks)],
              ["Conversion", formatRate(total.conversion)],
              ["EPC", formatPer(total.epc, total.currency)],
              ["RPM", formatPer(total.rpm, total.currency)],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
              <dt className="text-sm font-semibold text-muted">
                {label}
                {report.totals.length > 1 ? ` (${total.currency})` : ""}
              </dt>
              <dd
                className="mt-1 text-2xl font-extrabold tabular-nums"
                data-testid={`earnings-total-${label.toLowerCase()}`}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      ))}
    </div>
  );
}

/** /admin/earnings: what the retailer's reports say each article, placement, toy, country and day earned. */
export default function AdminEarnings({ loaderData, actionData }: Route.ComponentProps) {
  const { queryError, presets, report, days, unmatched, trackingIds, placements, imports } = loaderData;
  const query = { from: report.from, to: report.to, by: report.by };
  const mainCurrency = days.totals[0]?.currency ?? "USD";
  const chartDays = days.rows
    .filter((row) => row.currency === mainCurrency || row.earnings === 0)
    .map((row) => ({ date: row.key, earnings: row.earnings, orders: row.orders, clicks: row.clicks }));
  const exportHref = `/api/admin/earnings.csv?${new URLSearchParams({ from: query.from, to: query.to, by: query.by })}`;
  const importAnswer =
    actionData && "intent" in actionData && actionData.intent === EARNINGS_IMPORT_INTENT ? actionData : undefined;

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Earnings" }]}
        title="Earnings"
        subtitle="What the retailer's reports say each article, placement, toy, country and day earned."
        actions={
          <a href={exportHref} download className={buttonClass("secondary", "md")}>
            <Download className="size-5" aria-hidden="true" />
            Export CSV
          </a>
        }
      />

      <section aria-labelledby="earnings-period-heading" className={CARD}>
        <h2 id="earnings-period-heading" className="sr-only">
          Period
        </h2>
        <PeriodForm query={query} presets={presets} />
        {queryError ? (
          <p
            role="alert"
            className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 font-semibold text-amber-950"
          >
            {queryError} The last 30 days are shown.
          </p>
        ) : null}
      </section>

      <Totals report={report} />

      <section aria-labelledby="earnings-chart-heading" className={CARD}>
        <h2 id="earnings-chart-heading" className="text-xl font-extrabold tracking-tight">
          Per day
        </h2>
        <div className="mt-4">
          <EarningsChart days={chartDays} currency={mainCurrency} />
        </div>
      </section>

      <section aria-labelledby="earnings-table-heading" className={CARD}>
        <h2 id="earnings-table-heading" className="text-xl font-extrabold tracking-tight">
          Per {EARNINGS_GROUPING_LABELS[query.by].toLowerCase()}
        </h2>
        <div className="mt-4">
          <EarningsTable by={query.by} rows={report.rows} />
        </div>
        {report.unattributed.some((line) => line.earnings !== 0) ? (
          <p className="mt-3 text-sm" data-testid="earnings-unattributed">
            Not shared out (no clicks on that product that day, or an item no product has):{" "}
            {report.unattributed.map((line) => formatMoney(line.earnings, line.currency)).join(" · ")}
            {query.by === "day" || query.by === "toy"
              ? ", counted in the rows above."
              : ", counted in the totals only."}
          </p>
        ) : null}
        <details className="mt-4 rounded-lg bg-stone-50 p-4 text-sm" data-testid="earnings-method">
          <summary className="cursor-pointer font-bold">How earnings are shared among articles and placements</summary>
          <div className="mt-2 grid max-w-3xl gap-2">
            {ATTRIBUTION_METHOD.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </details>
      </section>

      <EarningsImport answer={importAnswer} />

      {imports.length > 0 ? (
        <section aria-labelledby="earnings-imports-heading" className={CARD}>
          <h2 id="earnings-imports-heading" className="text-xl font-extrabold tracking-tight">
            Imported reports
          </h2>
          <ul className="mt-3 divide-y divide-stone-200 text-sm" data-testid="earnings-imports">
            {imports.map((item) => (
              <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="font-semibold break-all">{item.fileName ?? "Report"}</span>
                <span className="text-muted">
                  <LocalDate iso={item.startedAt} withTime /> ·{" "}
                  {item.status === "running"
                    ? `reading, ${formatCount(item.linesRead)} lines so far`
                    : item.status === "failed"
                      ? "stopped on an error"
                      : `${formatCount(item.imported)} new, ${formatCount(item.duplicates)} already imported, ${formatCount(item.unmatched)} unmatched, ${formatCount(item.errorCount)} with errors`}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="earnings-unmatched-heading" className={CARD}>
        <h2 id="earnings-unmatched-heading" className="text-xl font-extrabold tracking-tight">
          Unmatched items
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">
          Report lines whose item is no product of the catalogue (a buyer may order anything after a click). They count
          in the totals and per day; once a product is given that ASIN or retailer item id, they are shared by its
          clicks like any other line.
        </p>
        {unmatched.items.length === 0 ? (
          <p className="mt-4 rounded-lg bg-stone-50 p-4 text-sm text-muted">Every imported line matches a product.</p>
        ) : (
          <ul className="mt-4 divide-y divide-stone-200 text-sm" data-testid="earnings-unmatched">
            {unmatched.items.map((item) => (
              <li key={item.itemId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span>
                  <span className="font-mono font-semibold">{item.itemId}</span>
                  {item.itemName ? <span className="text-muted"> {item.itemName}</span> : null}
                </span>
                <span className="tabular-nums">
                  {formatCount(item.lines)} {item.lines === 1 ? "line" : "lines"} ·{" "}
                  {item.earnings.map((amount) => formatMoney(amount.earnings, amount.currency)).join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <TrackingIds rows={trackingIds} options={placements} />
    </div>
  );
}
