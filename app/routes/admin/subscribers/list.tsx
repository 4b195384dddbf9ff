import ShieldCheckNode from "lucide/dist/esm/icons/shield-check.mjs";
import UsersNode from "lucide/dist/esm/icons/users.mjs";
import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { listPageHref, Pagination } from "#app/components/admin/pagination.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { toast } from "#app/lib/toast.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { SUBSCRIBERS_PAGE_SIZE, type SubscriberFilter, subscriberListQuerySchema } from "#domain/subscribers.ts";
import type { Route } from "./+types/list";
import { SubscriberFilters } from "./subscriber-filters.tsx";
import { SubscriberTable } from "./subscriber-table.tsx";
import { SubscribersExportLink } from "./subscribers-export-link.tsx";

const ShieldCheck = icon("shield-check", ShieldCheckNode);
const Users = icon("users", UsersNode);

export const meta = () => [{ title: pageTitle("Subscribers") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/subscribers";

function filterParams(filter: SubscriberFilter): Record<string, string> {
  return {
    status: filter.status === "all" ? "" : filter.status,
    from: filter.from ?? "",
    to: filter.to ?? "",
    timeZone: filter.timeZone ?? "",
  };
}

// The same service call as GET /api/admin/subscribers: a page of 50 and the number of matches.
export async function loader({ url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const raw = Object.fromEntries(
    ["search", "status", "from", "to", "timeZone", "page"].flatMap((name) => {
      const value = url.searchParams.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  const parsed = subscriberListQuerySchema.safeParse(raw);
  const query = parsed.success
    ? { ...parsed.data, pageSize: SUBSCRIBERS_PAGE_SIZE }
    : subscriberListQuerySchema.parse({ pageSize: SUBSCRIBERS_PAGE_SIZE });
  const filterError = parsed.success ? null : (parsed.error.issues[0]?.message ?? "The filters could not be read");
  const subscribers = await settle(
    () => app.services.subscribers.list(query),
    (error) => app.logger.error({ err: error }, "admin subscribers list failed"),
  );
  const { page, pageSize, ...filter } = query;
  const pages = subscribers.ok ? Math.max(1, Math.ceil(subscribers.data.total / pageSize)) : 1;
  if (subscribers.ok && page > pages)
    throw redirect(listPageHref(PATH, pages, filter.search ?? "", filterParams(filter)));
  return { subscribers, filter, filterError, page, pages };
}

/** Unsubscribe or delete one, posted by the table's buttons: the same services as the API. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  if (!isDatabaseId(id)) throw data("Subscriber not found", { status: 404 });
  const intent = form.get("intent");
  if (intent === "unsubscribe") {
    const subscriber = await app.services.subscribers.unsubscribe(Number(id));
    if (!subscriber) throw data("Subscriber not found", { status: 404 });
    return { done: `${subscriber.email} is unsubscribed.`, at: Date.now() };
  }
  if (intent === "delete") {
    if (!(await app.services.subscribers.remove(Number(id)))) throw data("Subscriber not found", { status: 404 });
    return { done: "The subscriber was deleted.", at: Date.now() };
  }
  throw data("Unknown action", { status: 400 });
}

/** /admin/subscribers: the newsletter's audience with consent records, filters, export, unsubscribe and delete. */
export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { subscribers, filter, filterError, page, pages } = loaderData;
  const total = subscribers.ok ? subscribers.data.total : 0;
  const items = subscribers.ok ? subscribers.data.items : [];
  const first = (page - 1) * SUBSCRIBERS_PAGE_SIZE + 1;
  const filtered = Boolean(filter.search || filter.status !== "all" || filter.from || filter.to);

  useEffect(() => {
    if (actionData?.done) toast({ title: "Subscribers", description: actionData.done });
  }, [actionData]);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Subscribers" }]}
        title="Subscribers"
        subtitle="Everyone on the newsletter list, with the consent that put them there"
        actions={
          <>
            <Link to="/admin/data-rights" className={buttonClass("secondary", "md")}>
              <ShieldCheck className="size-5" aria-hidden="true" />
              Data requests
            </Link>
            <SubscribersExportLink filter={filter} />
          </>
        }
      />

      {actionData?.done ? (
        <p
          role="status"
          className="mt-6 rounded-lg border border-green-200 bg-green-50 px-3 py-2 font-semibold text-green-900"
        >
          {actionData.done}
        </p>
      ) : null}

      <section
        aria-labelledby="subscribers-heading"
        className="mt-8 min-w-0 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="grid gap-4 border-b border-stone-200 p-4 sm:p-6">
          <h2 id="subscribers-heading" className="text-xl font-extrabold tracking-tight">
            {subscribers.ok ? `${filtered ? "Matching" : "All"} Subscribers (${formatCount(total)})` : "Subscribers"}
          </h2>
          <SubscriberFilters filter={filter} path={PATH} />
          {filterError ? (
            <p role="alert" className="text-sm font-semibold text-red-700">
              {filterError}. Showing everyone instead.
            </p>
          ) : null}
        </div>

        {!subscribers.ok ? (
          <div className="p-8 text-center">
            <p role="alert" className="font-semibold">
              The subscribers could not be loaded.
            </p>
            <a
              href={listPageHref(PATH, page, filter.search ?? "", filterParams(filter))}
              className={buttonClass("secondary", "sm", "mt-4")}
            >
              Try again
            </a>
          </div>
        ) : total === 0 ? (
          <div className="flex flex-col items-center px-4 py-12 text-center">
            <Users className="size-12 text-stone-400" aria-hidden="true" />
            <h3 className="mt-4 text-lg font-extrabold">
              {filtered ? "No subscribers match these filters" : "No subscribers yet"}
            </h3>
            <p className="mt-2 text-muted">
              {filtered ? (
                <Link to={PATH} className="font-semibold text-primary hover:underline">
                  Show everyone
                </Link>
              ) : (
                "People who take the quiz and agree to the newsletter appear here."
              )}
            </p>
          </div>
        ) : (
          <>
            <SubscriberTable
              items={items}
              caption={pages > 1 ? `Subscribers, page ${page} of ${pages}` : "Subscribers"}
            />
            <div className="flex flex-col items-center gap-3 border-t border-stone-200 p-4 text-sm text-muted sm:flex-row sm:justify-between">
              <p>
                Showing {formatCount(first)}–{formatCount(first + items.length - 1)} of {formatCount(total)}
              </p>
              <Pagination
                path={PATH}
                page={page}
                pages={pages}
                search={filter.search ?? ""}
                filters={filterParams(filter)}
              />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
