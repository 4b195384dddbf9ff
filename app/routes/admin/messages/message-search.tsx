import SearchNode from "lucide/dist/esm/icons/search.mjs";
import { Form, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { MAX_MESSAGE_SEARCH_LENGTH, type MessageView } from "#domain/inbox-views.ts";

const Search = icon("search", SearchNode);

/**
 * Search by name, address or words: a GET form, so the search lives in the URL and the server
 * searches every message, not just the page on screen. It keeps the current view.
 */
export function MessageSearch({ search, view }: { search: string; view: MessageView }) {
  return (
    <Form
      method="get"
      action="/admin/messages"
      role="search"
      className="flex w-full flex-wrap items-center gap-2 sm:w-auto"
    >
      {view !== "inbox" ? <input type="hidden" name="view" value={view} /> : null}
      <div className="relative min-w-48 flex-1 sm:w-72 sm:flex-none">
        <label htmlFor="message-search" className="sr-only">
          Search messages
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          key={search}
          id="message-search"
          name="search"
          type="search"
          defaultValue={search}
          placeholder="Name, e-mail or words..."
          autoComplete="off"
          maxLength={MAX_MESSAGE_SEARCH_LENGTH}
          className="block w-full rounded-lg border border-stone-300 bg-white py-2.5 pr-3 pl-10 text-base text-ink shadow-sm placeholder:text-stone-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
        />
      </div>
      <button type="submit" className={buttonClass("secondary", "md")}>
        Search
      </button>
      {search ? (
        <Link
          to={view === "inbox" ? "/admin/messages" : `/admin/messages?view=${view}`}
          className={buttonClass("ghost", "md")}
        >
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}
