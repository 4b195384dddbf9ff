import GlobeNode from "lucide/dist/esm/icons/globe.mjs";
import LinkIconNode from "lucide/dist/esm/icons/link.mjs";
import NewspaperNode from "lucide/dist/esm/icons/newspaper.mjs";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { icon } from "#app/components/ui/icon.ts";
import type { Result } from "#app/lib/result.ts";
import type { ClickBreakdown } from "#domain/insights.ts";
import type { CountryCode } from "#domain/marketplaces.ts";
import { DashboardPanel, formatCount, PanelError } from "../../../components/admin/panel";

const Globe = icon("globe", GlobeNode);
const LinkIcon = icon("link", LinkIconNode);
const Newspaper = icon("newspaper", NewspaperNode);

const clicksText = (n: number) => `${formatCount(n)} ${n === 1 ? "click" : "clicks"}`;

/** A list of names with a click count and a bar relative to the largest. */
function ClickBars({ rows, testId }: { rows: { key: string; label: ReactNode; clicks: number }[]; testId: string }) {
  const most = Math.max(1, ...rows.map((row) => row.clicks));
  return (
    <ol className="space-y-3">
      {rows.map((row) => (
        <li key={row.key} data-testid={testId}>
          <div className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 leading-6 font-semibold break-words">{row.label}</span>
            <span className="shrink-0 text-sm leading-6 font-bold tabular-nums">{clicksText(row.clicks)}</span>
          </div>
          <div className="mt-1 h-1.5 rounded-full bg-stone-100" aria-hidden="true">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${Math.max(2, (row.clicks / most) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * Where the period's affiliate clicks came from: by placement (articles, catalogue, toy
 * pages…) and the articles that earned most, so the owner sees which content pays.
 */
export function DashboardClicks({ clicks, days }: { clicks: Result<ClickBreakdown>; days: number }) {
  const period = `in the last ${days} days`;
  return (
    <>
      <DashboardPanel
        id="clicks-by-placement"
        title="Clicks by Placement"
        subtitle={
          clicks.ok ? `${clicksText(clicks.data.total)} on retailer links ${period}` : `Retailer links ${period}`
        }
        icon={LinkIcon}
      >
        {!clicks.ok ? (
          <PanelError what="The clicks by placement" />
        ) : clicks.data.byPlacement.length === 0 ? (
          <p className="rounded-lg bg-stone-50 p-4 text-sm text-muted">No affiliate clicks {period} yet.</p>
        ) : (
          <ClickBars
            testId="placement-clicks"
            rows={clicks.data.byPlacement.map((row) => ({
              key: row.placement,
              label: row.placement,
              clicks: row.clicks,
            }))}
          />
        )}
      </DashboardPanel>
      <DashboardPanel
        id="clicks-by-article"
        title="Clicks by Article"
        subtitle={`Retailer links followed from reviews and guides ${period}`}
        icon={Newspaper}
      >
        {!clicks.ok ? (
          <PanelError what="The clicks by article" />
        ) : clicks.data.byArticle.length === 0 ? (
          <p className="rounded-lg bg-stone-50 p-4 text-sm text-muted">No clicks from articles {period} yet.</p>
        ) : (
          <ClickBars
            testId="article-clicks"
            rows={clicks.data.byArticle.map((row) => ({
              key: row.slug,
              clicks: row.clicks,
              label: row.path ? (
                <Link to={row.path} className="text-ink underline-offset-2 hover:text-primary hover:underline">
                  {row.title}
                </Link>
              ) : (
                <span className="text-muted">{`Deleted post (${row.slug})`}</span>
              ),
            }))}
          />
        )}
      </DashboardPanel>
    </>
  );
}

/** A country's clicks with its name, which the loader gives (the server's names: no hydration mismatch). */
export interface CountryClicks {
  country: CountryCode | null;
  name: string;
  clicks: number;
}

/** Where the period's clicking visitors were: their countries (a CDN's header, else their language's region). */
export function DashboardCountryClicks({ countries, days }: { countries: Result<CountryClicks[]>; days: number }) {
  const period = `in the last ${days} days`;
  return (
    <DashboardPanel
      id="clicks-by-country"
      title="Clicks by Country"
      subtitle={`Where the visitors who followed retailer links were ${period}`}
      icon={Globe}
    >
      {!countries.ok ? (
        <PanelError what="The clicks by country" />
      ) : countries.data.length === 0 ? (
        <p className="rounded-lg bg-stone-50 p-4 text-sm text-muted">No affiliate clicks {period} yet.</p>
      ) : (
        <ClickBars
          testId="country-clicks"
          rows={countries.data.map((row) => ({
            key: row.country ?? "unknown",
            label: row.country ? row.name : <span className="text-muted">{row.name}</span>,
            clicks: row.clicks,
          }))}
        />
      )}
    </DashboardPanel>
  );
}
