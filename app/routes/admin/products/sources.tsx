import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import RefreshCwNode from "lucide/dist/esm/icons/refresh-cw.mjs";
import { useEffect, useRef } from "react";
import { data, Link, useFetcher } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { serviceRefusal } from "#app/components/form/service-refusal.ts";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { toast } from "#app/lib/toast.ts";
import type { ProductSources } from "#domain/product-sources.ts";
import {
  intervalText,
  PRODUCT_SOURCES_TEXT,
  SYNC_STATUS_LABELS,
  SYNC_TRIGGER_LABELS,
  syncFinishedMessage,
} from "#domain/product-sources-text.ts";
import type { SyncRun } from "#domain/product-sync.ts";
import type { Route } from "./+types/sources";

const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const RefreshCw = icon("refresh-cw", RefreshCwNode);

export const meta = () => [{ title: pageTitle(PRODUCT_SOURCES_TEXT.title) }, { name: "robots", content: "noindex" }];

/** What the "Sync now" action answers: the finished run, or why none ran. */
type SyncActionData = { ok: true; run: SyncRun } | { ok: false; message: string };

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const { productSync } = app.services;
  const [sources, runs] = await Promise.all([productSync.sources(), productSync.recentRuns()]);
  return { sources, runs };
}

// "Sync now" posts here (through a fetcher once the scripts run, as a plain form before): the
// same service as POST /api/admin/product-sync, answering when the run is done.
export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  if (form.get("intent") !== "sync") {
    return data<SyncActionData>({ ok: false, message: "Unknown action" }, { status: 400 });
  }
  try {
    return { ok: true, run: await app.services.productSync.run("admin") } satisfies SyncActionData;
  } catch (error) {
    // another run under way, or nothing configured: the owner reads why, nothing is lost
    const refusal = serviceRefusal(error, []);
    if (!refusal) throw error;
    return data<SyncActionData>({ ok: false, message: (error as Error).message }, { status: refusal.status });
  }
}

const CARD = "mt-8 rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6";
const CELL = "px-2 py-3 align-top first:pl-4 last:pr-4 sm:px-4";

/** What is configured: Amazon's API, the feeds, the schedule. */
function ConfiguredSources({ sources }: { sources: ProductSources }) {
  return (
    <section aria-labelledby="configured-heading" className={CARD}>
      <h2 id="configured-heading" className="text-xl font-extrabold tracking-tight">
        {PRODUCT_SOURCES_TEXT.configuredHeading}
      </h2>
      <dl className="mt-4 grid gap-4">
        <div>
          <dt className="font-bold">{PRODUCT_SOURCES_TEXT.amazonHeading}</dt>
          <dd className="mt-1 text-sm" data-testid="amazon-source">
            {sources.amazon ? (
              <>
                <span className="font-semibold text-green-800">Connected</span>: prices, stock and links from{" "}
                <span className="font-mono">{sources.amazon.marketplace}</span>.
              </>
            ) : (
              <span className="text-muted">{PRODUCT_SOURCES_TEXT.amazonNotSetUp}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-bold">{PRODUCT_SOURCES_TEXT.feedsHeading}</dt>
          <dd className="mt-1 text-sm">
            {sources.feeds.length > 0 ? (
              <ul className="grid gap-1" data-testid="feed-sources">
                {sources.feeds.map((url) => (
                  <li key={url} className="font-mono break-all">
                    {url}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-muted">{PRODUCT_SOURCES_TEXT.feedsNotSetUp}</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-bold">{PRODUCT_SOURCES_TEXT.intervalHeading}</dt>
          <dd className="mt-1 text-sm">
            {`The sync runs within a minute of the site's start, then ${intervalText(sources.intervalMinutes)}.`}
          </dd>
        </div>
      </dl>
      <Link
        to={PRODUCT_SOURCES_TEXT.settingsPath}
        className="mt-4 inline-block text-sm font-bold underline underline-offset-2 hover:text-primary"
      >
        {PRODUCT_SOURCES_TEXT.changeInSettings}
      </Link>
    </section>
  );
}

/** One run's problems, folded away: a run can list up to 200. */
function RunProblems({ run }: { run: SyncRun }) {
  if (run.problems.length === 0) return null;
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-semibold text-amber-900 underline underline-offset-2">
        {PRODUCT_SOURCES_TEXT.problemsSummary(run.problems.length)}
      </summary>
      {/* wrap-anywhere: a feed's long address must not widen the table past a phone's screen */}
      <ul className="mt-2 grid list-disc gap-1 pl-5 text-sm wrap-anywhere">
        {run.problems.map((problem, index) => (
          // problems have no id of their own; their order is the run's
          // biome-ignore lint/suspicious/noArrayIndexKey: a stored, unchanging list
          <li key={index}>
            <span className="font-semibold">{problem.source}</span>
            {problem.id ? <span className="font-mono"> {problem.id}</span> : null}: {problem.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The last runs, newest first. */
function RunsTable({ runs }: { runs: SyncRun[] }) {
  if (runs.length === 0) return <p className="p-8 text-center text-muted">{PRODUCT_SOURCES_TEXT.noRuns}</p>;
  return (
    <table className="w-full text-left text-sm" data-testid="sync-runs">
      <caption className="sr-only">{PRODUCT_SOURCES_TEXT.runsCaption}</caption>
      <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
        <tr>
          <th scope="col" className={CELL}>
            Started
          </th>
          <th scope="col" className={`${CELL} hidden sm:table-cell`}>
            Trigger
          </th>
          <th scope="col" className={CELL}>
            Status
          </th>
          <th scope="col" className={CELL}>
            Result
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {runs.map((run) => (
          <tr key={run.id} data-testid="sync-run">
            <td className={`${CELL} sm:whitespace-nowrap`}>
              <LocalDate iso={run.startedAt} withTime />
              <span className="block text-xs text-muted sm:hidden">{SYNC_TRIGGER_LABELS[run.trigger]}</span>
            </td>
            <td className={`${CELL} hidden sm:table-cell`}>{SYNC_TRIGGER_LABELS[run.trigger]}</td>
            <td className={CELL}>
              <span
                className={
                  run.status === "failed"
                    ? "font-semibold text-red-800"
                    : run.status === "running"
                      ? "font-semibold text-amber-900"
                      : ""
                }
              >
                {SYNC_STATUS_LABELS[run.status]}
              </span>
            </td>
            <td className={CELL}>
              <dl className="grid grid-cols-[auto_auto] justify-start gap-x-2 sm:flex sm:flex-wrap sm:gap-x-3 sm:gap-y-1">
                {(["checked", "updated", "unavailable", "failed"] as const).map((count) => (
                  <div key={count} className="contents sm:flex sm:gap-1">
                    <dt className="text-muted">{count}</dt>
                    <dd className="font-bold tabular-nums">{run[count]}</dd>
                  </div>
                ))}
              </dl>
              <RunProblems run={run} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /admin/product-sources: what the product sync reads, a "Sync now" button and the last runs. */
export default function AdminProductSources({ loaderData, actionData }: Route.ComponentProps) {
  const { sources, runs } = loaderData;
  const fetcher = useFetcher<SyncActionData>({ key: "product-sync" });
  const syncing = fetcher.state !== "idle";
  // the fetcher's answer once the scripts run; the page's own before
  const result = fetcher.data ?? actionData;
  const said = useRef<unknown>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || said.current === fetcher.data) return;
    said.current = fetcher.data;
    if (fetcher.data.ok) toast({ title: syncFinishedMessage(fetcher.data.run) });
    else toast({ title: PRODUCT_SOURCES_TEXT.syncFailed, description: fetcher.data.message, variant: "destructive" });
  }, [fetcher.state, fetcher.data]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: PRODUCT_SOURCES_TEXT.title }]}
        title={PRODUCT_SOURCES_TEXT.title}
        subtitle={PRODUCT_SOURCES_TEXT.intro}
      />

      <ConfiguredSources sources={sources} />

      <section aria-labelledby="runs-heading" className="mt-8 rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-stone-200 p-4 sm:p-6">
          <h2 id="runs-heading" className="text-xl font-extrabold tracking-tight">
            {PRODUCT_SOURCES_TEXT.runsHeading}
          </h2>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="sync" />
            <button type="submit" disabled={syncing} className={buttonClass("primary", "md")}>
              {syncing ? (
                <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
              ) : (
                <RefreshCw className="size-5" aria-hidden="true" />
              )}
              {syncing ? PRODUCT_SOURCES_TEXT.syncing : PRODUCT_SOURCES_TEXT.syncNow}
            </button>
          </fetcher.Form>
        </div>
        {/* always in the page, so a screen reader hears what a sync ends with */}
        <div role="status" className="px-4 empty:hidden sm:px-6">
          {!syncing && result?.ok ? (
            <p
              className={`mt-4 rounded-lg border px-3 py-2 font-semibold ${
                result.run.status === "failed"
                  ? "border-red-200 bg-red-50 text-red-800"
                  : "border-green-200 bg-green-50 text-green-900"
              }`}
            >
              {syncFinishedMessage(result.run)}
              {result.run.status === "failed" ? " (the sync stopped on an error: see its problems below)" : ""}
            </p>
          ) : null}
        </div>
        {!syncing && result && !result.ok ? (
          <p
            role="alert"
            className="mx-4 mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-semibold text-red-800 sm:mx-6"
          >
            {result.message}
          </p>
        ) : null}
        <RunsTable runs={runs} />
      </section>
    </div>
  );
}
