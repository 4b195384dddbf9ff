import { data, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { isCrawler } from "#domain/crawlers.ts";
import {
  normaliseQuery,
  type SearchPage,
  type SnippetPart,
  searchPageNumber,
  tooManySearchesText,
} from "#domain/search.ts";
import { countOf } from "#domain/text.ts";
import type { Route } from "./+types/search";

// The site search (issue 28). A plain GET form anywhere on the site lands here, so it works
// without scripts. A result page is about one visitor's query: never indexed, never kept by a
// shared cache (nor by the server's response cache, so every search is counted). Each page with
// a query is a search against the client's share, the same one /api/search draws on.

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const retryAfter = loaderHeaders.get("Retry-After");
  return {
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
    ...(retryAfter ? { "Retry-After": retryAfter } : {}),
  };
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.query ? `Search: ${loaderData.query}` : "Search") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const raw = url.searchParams.get("q") ?? "";
  const query = normaliseQuery(raw);
  const page = searchPageNumber(url.searchParams.get("page"));
  const cut = raw.trim().length > query.length;
  if (query !== "") {
    const verdict = await app.services.search.admit(app.client);
    if (!verdict.allowed) {
      return data(
        { query, page, cut, result: null, limited: tooManySearchesText(verdict.retryAfterSeconds) },
        { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
      );
    }
  }
  // a visitor's search, once: its first page, not a crawler's, not the owner's
  const count = page === 1 && !app.session && !isCrawler(request.headers.get("user-agent") ?? undefined);
  const result = await settle(
    () => app.services.search.search({ query, page, count }),
    (error) => app.logger.error({ err: error }, "site search failed"),
  );
  return { query, page, cut, result, limited: null };
}

/** A snippet: its text as text, the matched words in <mark>. */
function Marked({ parts }: { parts: SnippetPart[] }) {
  return parts.map((part, i) =>
    part.mark ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
      <mark key={i} className="rounded bg-amber-100 px-0.5 text-ink">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

function SearchForm({ query }: { query: string }) {
  return (
    <form method="get" action="/search" className="mt-6 flex max-w-2xl gap-2">
      <label htmlFor="search-page-q" className="sr-only">
        Search
      </label>
      <input
        id="search-page-q"
        type="search"
        name="q"
        defaultValue={query}
        maxLength={200}
        placeholder="Search toys, breeds, reviews and guides"
        className="h-12 flex-1 rounded-lg border border-stone-300 bg-white px-3 text-base"
      />
      <button type="submit" className={buttonClass("primary", "lg", "h-12")}>
        Search
      </button>
    </form>
  );
}

function Suggestions({ names }: { names: string[] }) {
  return (
    <div className="mt-6 rounded-xl bg-stone-50 p-6" data-testid="search-suggestions">
      {names.length > 0 ? (
        <p>
          Did you mean{" "}
          {names.map((name, i) => (
            <span key={name}>
              {i > 0 ? ", " : ""}
              <Link to={`/search?q=${encodeURIComponent(name)}`} className="font-semibold text-primary underline">
                {name}
              </Link>
            </span>
          ))}
          ?
        </p>
      ) : null}
      <p className={names.length > 0 ? "mt-3" : undefined}>Try fewer or different words, or browse:</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        <li>
          <Link to="/products" className={buttonClass("outline", "md")}>
            All products
          </Link>
        </li>
        <li>
          <Link to="/breeds" className={buttonClass("outline", "md")}>
            Toys by breed
          </Link>
        </li>
        <li>
          <Link to="/resources" className={buttonClass("outline", "md")}>
            Reviews &amp; guides
          </Link>
        </li>
      </ul>
    </div>
  );
}

function pageHref(query: string, page: number): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("page", String(page));
  return `/search?${params}`;
}

export default function SiteSearch({ loaderData }: Route.ComponentProps) {
  const { query, page, cut, result, limited } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-extrabold">{query ? `Search results for “${query}”` : "Search"}</h1>
      <SearchForm query={query} />
      {cut ? (
        <p className="mt-3 text-sm text-muted">Searches are limited to 100 characters: the rest was left out.</p>
      ) : null}
      {query === "" ? (
        <p className="mt-8 text-lg" data-testid="search-prompt">
          Type what you are looking for: a toy, a brand, a breed or a topic, like “chew rope” or “beagle”.
        </p>
      ) : limited !== null || result === null ? (
        <div
          role="alert"
          className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-6"
          data-testid="search-limited"
        >
          <p className="font-bold">That is a lot of searching in a short time.</p>
          <p className="mt-1">{limited}</p>
        </div>
      ) : !result.ok ? (
        <div role="alert" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-6" data-testid="search-error">
          <p className="font-bold">The search is not available right now.</p>
          <p className="mt-1">Please try again in a moment, or browse the products and guides.</p>
        </div>
      ) : result.data.total === 0 ? (
        <div className="mt-8" data-testid="search-empty">
          <p className="text-lg font-bold">{`Nothing found for “${query}”.`}</p>
          <Suggestions names={result.data.suggestions} />
        </div>
      ) : (
        <SearchResults query={query} page={page} data={result.data} />
      )}
    </div>
  );
}

function SearchResults({ query, page, data }: { query: string; page: number; data: SearchPage }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <section className="mt-8" aria-labelledby="search-count">
      <p id="search-count" className="text-muted">
        {`${countOf(data.total, "result")}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
      </p>
      {data.results.length === 0 ? (
        <p className="mt-6">
          This page is past the last one.{" "}
          <Link to={pageHref(query, 1)} className="text-primary underline">
            Back to the first page
          </Link>
        </p>
      ) : (
        <ol className="mt-4 flex flex-col gap-6" data-testid="search-results">
          {data.results.map((hit) => (
            <li key={hit.url}>
              <span className="text-xs font-bold tracking-wide text-primary uppercase">{hit.label}</span>
              <h2 className="text-xl font-bold">
                <Link to={hit.url} className="hover:text-primary hover:underline">
                  <Marked parts={hit.titleParts} />
                </Link>
              </h2>
              <p className="mt-1 text-muted">
                <Marked parts={hit.parts} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <nav aria-label="Search result pages" className="mt-8 flex items-center gap-3">
          {page > 1 ? (
            <Link to={pageHref(query, page - 1)} rel="prev" className={buttonClass("outline", "md")}>
              Previous
            </Link>
          ) : null}
          {page < pages ? (
            <Link to={pageHref(query, page + 1)} rel="next" className={buttonClass("outline", "md")}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
