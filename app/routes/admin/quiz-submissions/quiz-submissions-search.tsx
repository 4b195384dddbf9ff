import SearchNode from "lucide/dist/esm/icons/search.mjs";
import { Form, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";

const Search = icon("search", SearchNode);

/**
 * Search by e-mail: a GET form, so the search lives in the URL (shareable, Back works) and the
 * server filters all submissions, not just the page on screen. Works before JavaScript too.
 */
export function QuizSubmissionsSearch({ search, action }: { search: string; action: string }) {
  return (
    <Form method="get" action={action} role="search" className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
      <div className="relative min-w-48 flex-1 sm:w-72 sm:flex-none">
        <label htmlFor="submission-search" className="sr-only">
          Search by email
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          // A new search from elsewhere (Back, Clear) resets what the field shows.
          key={search}
          id="submission-search"
          name="search"
          type="search"
          defaultValue={search}
          placeholder="Search by email..."
          autoComplete="off"
          maxLength={254}
          className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
        />
      </div>
      <button type="submit" className={buttonClass("secondary", "md")}>
        Search
      </button>
      {search ? (
        <Link to={action} className={buttonClass("ghost", "md")}>
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}
