import ChevronLeftNode from "lucide/dist/esm/icons/chevron-left.mjs";
import ChevronRightNode from "lucide/dist/esm/icons/chevron-right.mjs";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";

const ChevronLeft = icon("chevron-left", ChevronLeftNode);
const ChevronRight = icon("chevron-right", ChevronRightNode);

const MAX_PAGE = 1_000_000;

/** The `page` URL parameter as a page number: 1 unless it is a whole number from 1 up. */
export function pageFromParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** The address of one page of a searchable admin list, keeping the search (and a list's other filters). */
export function listPageHref(path: string, page: number, search: string, filters: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (search) params.set("search", search);
  if (page > 1) params.set("page", String(page));
  return params.size > 0 ? `${path}?${params}` : path;
}

/** Previous / "Page N of M" / Next, as links: each page is its own URL, fetched from the server. */
export function Pagination({
  path,
  page,
  pages,
  search,
  filters,
}: {
  path: string;
  page: number;
  pages: number;
  search: string;
  /** the list's other filters, kept from page to page */
  filters?: Record<string, string>;
}) {
  if (pages <= 1) return null;
  const linkClass = buttonClass("secondary", "sm");
  return (
    <nav aria-label="Pagination" className="flex items-center justify-center gap-3 sm:gap-4">
      {page > 1 ? (
        <Link to={listPageHref(path, page - 1, search, filters)} className={linkClass} rel="prev">
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={listPageHref(path, page + 1, search, filters)} className={linkClass} rel="next">
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : null}
    </nav>
  );
}
