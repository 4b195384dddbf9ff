import CircleCheckNode from "lucide/dist/esm/icons/circle-check.mjs";
import Link2Node from "lucide/dist/esm/icons/link-2.mjs";
import LoaderCircleNode from "lucide/dist/esm/icons/loader-circle.mjs";
import RefreshCwNode from "lucide/dist/esm/icons/refresh-cw.mjs";
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import type { Result } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import {
  LINK_HEALTH_TEXT,
  LINK_STATE_EXPLAINED,
  type LinkCheckCounts,
  type LinkHealth,
  type LinkProblem,
  linkCheckFinishedMessage,
  linkProblemLine,
} from "#domain/link-health.ts";
import { DashboardPanel, formatCount, PanelError } from "../../../components/admin/panel";

const CircleCheck = icon("circle-check", CircleCheckNode);
const Link2 = icon("link-2", Link2Node);
const LoaderCircle = icon("loader-circle", LoaderCircleNode);
const RefreshCw = icon("refresh-cw", RefreshCwNode);

/** What the dashboard's link actions answer: a finished check, a link replaced, or why not. */
export type LinkActionData =
  | { ok: true; intent: "check-links"; counts: LinkCheckCounts }
  | { ok: true; intent: "use-url"; toyName: string }
  | { ok: false; intent: string; message: string };

const STATE_COLOURS: Record<LinkProblem["state"], string> = {
  redirected: "bg-amber-100 text-amber-900",
  broken: "bg-red-100 text-red-800",
  unreachable: "bg-red-100 text-red-800",
  unavailable: "bg-stone-200 text-stone-800",
};

/** Tells the owner once what an action ended with, after the scripts run (the page says it before). */
function useToastOnce(data: LinkActionData | undefined, idle: boolean) {
  const said = useRef<unknown>(null);
  useEffect(() => {
    if (!idle || !data || said.current === data) return;
    said.current = data;
    if (!data.ok) toast({ title: LINK_HEALTH_TEXT.checkFailed, description: data.message, variant: "destructive" });
    else if (data.intent === "check-links") toast({ title: linkCheckFinishedMessage(data.counts) });
    else toast({ title: LINK_HEALTH_TEXT.urlSaved });
  }, [idle, data]);
}

/** "Use this URL": a form, so it works before the scripts; the toy's link becomes the redirect's end. */
function UseThisUrl({ problem }: { problem: LinkProblem }) {
  const fetcher = useFetcher<LinkActionData>({ key: `use-url-${problem.toyId}` });
  const saving = fetcher.state !== "idle";
  useToastOnce(fetcher.data, !saving);
  return (
    <fetcher.Form method="post" className="mt-2">
      <input type="hidden" name="intent" value="use-url" />
      <input type="hidden" name="toyId" value={problem.toyId} />
      <button
        type="submit"
        disabled={saving}
        className={buttonClass("secondary", "sm")}
        aria-label={`${LINK_HEALTH_TEXT.useThisUrl} for ${problem.toyName}`}
      >
        {saving ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : null}
        {LINK_HEALTH_TEXT.useThisUrl}
      </button>
    </fetcher.Form>
  );
}

function ProblemItem({ problem }: { problem: LinkProblem }) {
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-testid="link-problem">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Link
          to={`/admin/products/${problem.toyId}`}
          className="min-w-0 font-semibold break-words text-ink underline underline-offset-2 hover:text-primary"
        >
          {problem.toyName}
        </Link>
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATE_COLOURS[problem.state]}`}>
          {linkProblemLine({ ...problem, detail: null })}
        </span>
      </div>
      <p className="mt-1 text-sm">{problem.detail ?? LINK_STATE_EXPLAINED[problem.state]}</p>
      <p className="mt-1 font-mono text-xs break-all text-muted">{problem.url}</p>
      {problem.finalUrl ? (
        <p className="mt-1 text-xs break-all">
          <span className="text-muted">Ends at </span>
          <span className="font-mono">{problem.finalUrl}</span>
        </p>
      ) : null}
      <p className="mt-1 text-xs text-muted">
        Seen since <LocalDate iso={problem.firstSeenAt} withTime />, last checked{" "}
        <LocalDate iso={problem.checkedAt} withTime />
      </p>
      {problem.state === "redirected" && problem.finalUrl ? <UseThisUrl problem={problem} /> : null}
    </li>
  );
}

/** What was not checked, and why: Amazon links without the API, or without an ASIN. */
function UncheckedNote({ health }: { health: LinkHealth }) {
  const { noApi, noAsin } = health.amazonUnchecked;
  if (noApi === 0 && noAsin === 0) return null;
  return (
    <div className="mt-4 grid gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950" data-testid="links-unchecked">
      {noApi > 0 ? <p>{LINK_HEALTH_TEXT.amazonUnchecked(noApi)}</p> : null}
      {noAsin > 0 ? <p>{LINK_HEALTH_TEXT.amazonWithoutAsin(noAsin)}</p> : null}
    </div>
  );
}

/**
 * The dashboard's "Link health" panel (issue 27): every retailer link that does not work, with a
 * link to fix its product, "Use this URL" for redirects, and "Check links now".
 */
export function DashboardLinkHealth({
  health,
  actionData,
}: {
  health: Result<LinkHealth>;
  /** the page's own action answer, when the form was posted before the scripts ran */
  actionData: LinkActionData | undefined;
}) {
  const fetcher = useFetcher<LinkActionData>({ key: "link-check" });
  const checking = fetcher.state !== "idle";
  useToastOnce(fetcher.data, !checking);
  // the fetcher's answer once the scripts run; the page's own (either form's) before
  const answer = checking ? undefined : (fetcher.data ?? actionData);
  const data = health.ok ? health.data : null;

  return (
    <DashboardPanel id="link-health" title={LINK_HEALTH_TEXT.heading} subtitle={LINK_HEALTH_TEXT.subtitle} icon={Link2}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          {data?.lastCheckedAt ? (
            <>
              Last checked <LocalDate iso={data.lastCheckedAt} withTime />
            </>
          ) : (
            LINK_HEALTH_TEXT.neverChecked
          )}
        </p>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="check-links" />
          <button type="submit" disabled={checking || data?.running} className={buttonClass("primary", "md")}>
            {checking ? (
              <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
            ) : (
              <RefreshCw className="size-5" aria-hidden="true" />
            )}
            {checking ? LINK_HEALTH_TEXT.checking : LINK_HEALTH_TEXT.checkNow}
          </button>
        </fetcher.Form>
      </div>
      {/* always in the page, so a screen reader hears what a check ends with */}
      <div role="status" className="empty:hidden">
        {answer?.ok ? (
          <p className="mt-3 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
            {answer.intent === "check-links"
              ? linkCheckFinishedMessage(answer.counts)
              : `${answer.toyName}: ${LINK_HEALTH_TEXT.urlSaved}`}
          </p>
        ) : null}
      </div>
      {answer && !answer.ok ? (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800"
        >
          {answer.message}
        </p>
      ) : null}
      {!data ? (
        <div className="mt-4">
          <PanelError what="The link checks" />
        </div>
      ) : data.problems.length === 0 ? (
        data.lastCheckedAt ? (
          <p className="mt-4 flex items-center gap-2 rounded-lg bg-green-50 p-4 text-sm font-semibold text-green-900">
            <CircleCheck className="size-5" aria-hidden="true" />
            {LINK_HEALTH_TEXT.allWork}
          </p>
        ) : null
      ) : (
        <>
          <ul className="mt-4 divide-y divide-stone-200" aria-label="Links that need attention">
            {data.problems.map((problem) => (
              <ProblemItem key={`${problem.toyId}-${problem.url}`} problem={problem} />
            ))}
          </ul>
          {data.problemCount > data.problems.length ? (
            <p className="mt-3 text-sm text-muted">
              {`The newest ${formatCount(data.problems.length)} of ${formatCount(data.problemCount)} problems; GET /api/admin/link-health lists them all.`}
            </p>
          ) : null}
        </>
      )}
      {data ? <UncheckedNote health={data} /> : null}
    </DashboardPanel>
  );
}
