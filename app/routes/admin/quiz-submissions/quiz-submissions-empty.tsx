import InboxNode from "lucide/dist/esm/icons/inbox.mjs";
import SearchXNode from "lucide/dist/esm/icons/search-x.mjs";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";

const Inbox = icon("inbox", InboxNode);
const SearchX = icon("search-x", SearchXNode);

/** No submissions at all (spec §2 "Admin quiz submissions", its three lines). */
export function QuizSubmissionsEmpty() {
  return (
    <div className="flex flex-col items-center px-4 py-12 text-center">
      <Inbox className="size-12 text-stone-400" aria-hidden="true" />
      <h3 className="mt-4 text-lg font-extrabold">No Submissions Yet</h3>
      <p className="mt-2 text-muted">There are no quiz submissions in the database yet</p>
      <p className="mt-1 text-muted">Customers will appear here once they complete the quiz on your website.</p>
    </div>
  );
}

/** A search that found nothing: said apart from the empty state, with a way back to all submissions. */
export function QuizSubmissionsNoMatch({ search, clearHref }: { search: string; clearHref: string }) {
  return (
    <div className="flex flex-col items-center px-4 py-12 text-center">
      <SearchX className="size-12 text-stone-400" aria-hidden="true" />
      <p className="mt-4 text-lg font-extrabold break-all">No submissions match "{search}"</p>
      <Link to={clearHref} className={buttonClass("secondary", "sm", "mt-4")}>
        Show all submissions
      </Link>
    </div>
  );
}
