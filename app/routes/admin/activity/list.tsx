import HistoryNode from "lucide/dist/esm/icons/rotate-ccw-clock.mjs";
import { Link, redirect } from "react-router";
import { ActivityEntry } from "#app/components/admin/activity-entry.tsx";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { listPageHref, Pagination } from "#app/components/admin/pagination.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { AUDIT_PAGE_SIZE, type AuditFilter, auditFiltered, auditListQuerySchema } from "#domain/audit.ts";
import type { Route } from "./+types/list";
import { ActivityFilters } from "./activity-filters.tsx";

const History = icon("rotate-ccw-clock", HistoryNode);

export const meta = () => [{ title: pageTitle("Activity log") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/activity";

function filterParams(filter: AuditFilter): Record<string, string> {
  return {
    action: filter.action === "all" ? "" : filter.action,
    kind: filter.kind === "all" ? "" : filter.kind,
    from: filter.from ?? "",
    to: filter.to ?? "",
    timeZone: filter.timeZone ?? "",
  };
}

// The same service call as GET /api/admin/audit-log: a page of entries and how many matched.
// Filters that do not parse are dropped with a note, rather than failing the page.
export async function loader({ url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const raw = Object.fromEntries(
    ["action", "kind", "from", "to", "timeZone", "page"].flatMap((name) => {
      const value = url.searchParams.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  const parsed = auditListQuerySchema.safeParse(raw);
  const query = parsed.success
    ? { ...parsed.data, pageSize: AUDIT_PAGE_SIZE }
    : auditListQuerySchema.parse({ pageSize: AUDIT_PAGE_SIZE });
  const filterError = parsed.success ? null : (parsed.error.issues[0]?.message ?? "The filters could not be read");
  const entries = await settle(
    () => app.services.audit.list(query),
    (error) => app.logger.error({ err: error }, "admin activity log failed"),
  );
  const { page, pageSize, ...filter } = query;
  const pages = entries.ok ? Math.max(1, Math.ceil(entries.data.total / pageSize)) : 1;
  if (entries.ok && page > pages) throw redirect(listPageHref(PATH, pages, "", filterParams(filter)));
  return { entries, filter, filterError, page, pages };
}

/** /admin/activity: the audit log of the owner's actions, filtered by action, kind and days. */
export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { entries, filter, filterError, page, pages } = loaderData;
  const total = entries.ok ? entries.data.total : 0;
  const items = entries.ok ? entries.data.items : [];
  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;
  const filtered = auditFiltered(filter);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Activity log" }]}
        title="Activity log"
        subtitle="Sign-ins, edits, deletions, sends, exports and erasures in the admin, newest first"
      />

      <section
        aria-labelledby="activity-heading"
        className="mt-8 min-w-0 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="grid gap-4 border-b border-stone-200 p-4 sm:p-6">
          <h2 id="activity-heading" className="text-xl font-extrabold tracking-tight">
            {entries.ok ? `${filtered ? "Matching" : "All"} Entries (${formatCount(total)})` : "Entries"}
          </h2>
          <ActivityFilters filter={filter} path={PATH} />
          {filterError ? (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {filterError}. Showing everything instead.
            </p>
          ) : null}
        </div>

        {!entries.ok ? (
          <div className="p-8 text-center">
            <p role="alert" className="font-semibold">
              The activity log could not be loaded.
            </p>
            <a
              href={listPageHref(PATH, page, "", filterParams(filter))}
              className={buttonClass("secondary", "sm", "mt-4")}
            >
              Try again
            </a>
          </div>
        ) : total === 0 ? (
          <div className="flex flex-col items-center px-4 py-12 text-center">
            <History className="size-12 text-stone-400" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-extrabold">
              {filtered ? "No entries match these filters" : "No activity yet"}
            </h3>
            <p className="mt-2 text-muted">
              {filtered ? (
                <Link to={PATH} className="font-semibold text-primary underline underline-offset-2">
                  Show everything
                </Link>
              ) : (
                "What you do in the admin (signing in, editing, sending, exporting) is listed here."
              )}
            </p>
          </div>
        ) : (
          <>
            <ol
              className="divide-y divide-stone-200"
              aria-label={pages > 1 ? `Activity, page ${page} of ${pages}` : "Activity"}
            >
              {items.map((entry) => (
                <li key={entry.id} className="px-4 py-3 sm:px-6">
                  <ActivityEntry entry={entry} />
                </li>
              ))}
            </ol>
            <div className="flex flex-col items-center gap-3 border-t border-stone-200 p-4 text-sm text-muted sm:flex-row sm:justify-between">
              <p>
                Showing {formatCount(first)}–{formatCount(first + items.length - 1)} of {formatCount(total)}
              </p>
              <Pagination path={PATH} page={page} pages={pages} search="" filters={filterParams(filter)} />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
