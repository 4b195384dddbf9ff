import SearchNode from "lucide/dist/esm/icons/search.mjs";
import { Link } from "react-router";
import { icon } from "#app/components/ui/icon.ts";
import type { Result } from "#app/lib/result.ts";
import type { SearchStats, SearchTermCount } from "#domain/search.ts";
import { DashboardPanel, formatCount, PanelError } from "../../../components/admin/panel";

const Search = icon("search", SearchNode);

function TermList({ terms, testId, empty }: { terms: SearchTermCount[]; testId: string; empty: string }) {
  if (terms.length === 0) return <p className="rounded-lg bg-stone-50 p-4 text-sm text-muted">{empty}</p>;
  return (
    <ol className="space-y-2">
      {terms.map((row) => (
        <li key={row.term} className="flex items-baseline justify-between gap-3" data-testid={testId}>
          <Link
            to={`/search?${new URLSearchParams({ q: row.term })}`}
            className="min-w-0 font-semibold break-words text-ink underline-offset-2 hover:text-primary hover:underline"
          >
            {row.term}
          </Link>
          <span className="shrink-0 text-sm font-bold tabular-nums">
            {formatCount(row.searches)} {row.searches === 1 ? "search" : "searches"}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * What visitors searched for in the period, and what they searched for and did not find: what
 * to write or stock next. Terms only; bots and the signed-in owner are not counted.
 */
export function DashboardSearches({ searches, days }: { searches: Result<SearchStats>; days: number }) {
  return (
    <DashboardPanel
      id="searches"
      title="Searches"
      subtitle={`What visitors searched for in the last ${days} days (the words only)`}
      icon={Search}
    >
      {!searches.ok ? (
        <PanelError what="The search counts" />
      ) : (
        <div className="grid gap-6 sm:grid-cols-2">
          <section aria-labelledby="searches-top">
            <h3 id="searches-top" className="mb-2 text-sm font-bold text-muted uppercase">
              Top searches
            </h3>
            <TermList
              terms={searches.data.top}
              testId="search-term"
              empty={`No searches in the last ${days} days yet.`}
            />
          </section>
          <section aria-labelledby="searches-none">
            <h3 id="searches-none" className="mb-2 text-sm font-bold text-muted uppercase">
              Found nothing
            </h3>
            <TermList
              terms={searches.data.noResults}
              testId="search-term-no-results"
              empty="Every search found something."
            />
          </section>
        </div>
      )}
    </DashboardPanel>
  );
}
