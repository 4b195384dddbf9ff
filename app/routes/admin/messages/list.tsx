import InboxNode from "lucide/dist/esm/icons/inbox.mjs";
import RotateCcwNode from "lucide/dist/esm/icons/rotate-ccw.mjs";
import SearchXNode from "lucide/dist/esm/icons/search-x.mjs";
import { Form, Link, redirect } from "react-router";
import { AdminPageHeader } from "#app/components/admin/page-header.tsx";
import { listPageHref, Pagination } from "#app/components/admin/pagination.tsx";
import { formatCount } from "#app/components/admin/panel.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { requireAdmin } from "#app/lib/admin.server.ts";
import { appContext } from "#app/lib/app-context.server.ts";
import { pageTitle } from "#app/lib/page-title.ts";
import { settle } from "#app/lib/result.ts";
import { isDatabaseId } from "#domain/ids.ts";
import { messageListQuerySchema } from "#domain/inbox.ts";
import { MESSAGE_VIEW_LABELS, MESSAGES_PAGE_SIZE } from "#domain/inbox-views.ts";
import type { Route } from "./+types/list";
import { MessageList } from "./message-list.tsx";
import { MessageSearch } from "./message-search.tsx";
import { MessageViews } from "./message-views.tsx";

const Inbox = icon("inbox", InboxNode);
const RotateCcw = icon("rotate-ccw", RotateCcwNode);
const SearchX = icon("search-x", SearchXNode);

export const meta = () => [{ title: pageTitle("Messages") }, { name: "robots", content: "noindex" }];

const PATH = "/admin/messages";

/** The list's view, search and page from the URL: what the API reads, or the defaults when it cannot be read. */
function queryOf(url: URL) {
  const parsed = messageListQuerySchema.safeParse({
    view: url.searchParams.get("view") ?? undefined,
    search: url.searchParams.get("search") ?? undefined,
    page: url.searchParams.get("page") ?? undefined,
  });
  return parsed.success ? { ...parsed.data, pageSize: MESSAGES_PAGE_SIZE } : messageListQuerySchema.parse({});
}

// The same service call as GET /api/admin/messages; one page of 25 and the number of matches.
export async function loader({ url, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const query = queryOf(url);
  const log = (error: unknown) => app.logger.error({ err: error }, "admin messages list failed");
  const [messages, unread] = await Promise.all([
    settle(() => app.services.inbox.list(query), log),
    settle(() => app.services.inbox.unreadCount(), log),
  ]);
  const pages = messages.ok ? Math.max(1, Math.ceil(messages.data.total / query.pageSize)) : 1;
  const filters = { view: query.view === "inbox" ? "" : query.view };
  if (messages.ok && query.page > pages) throw redirect(listPageHref(PATH, pages, query.search ?? "", filters));
  const deleted = url.searchParams.get("deleted");
  return {
    messages,
    unread: unread.ok ? unread.data : null,
    view: query.view,
    search: query.search ?? "",
    page: query.page,
    pages,
    deleted: isDatabaseId(deleted ?? undefined) ? Number(deleted) : null,
  };
}

// "Undo" after a delete: the message comes back from the trash (POST /api/admin/messages/{id}/restore).
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireAdmin(app);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  if (form.get("intent") === "restore" && isDatabaseId(id)) {
    await app.services.inbox.restore(Number(id));
    return redirect(`${PATH}/${id}`);
  }
  return redirect(PATH);
}

/** /admin/messages: the contact form's messages, newest first, unread ones marked, searchable and paged. */
export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, unread, view, search, page, pages, deleted } = loaderData;
  const total = messages.ok ? messages.data.total : 0;
  const items = messages.ok ? messages.data.items : [];
  const first = (page - 1) * MESSAGES_PAGE_SIZE + 1;
  const filters = { view: view === "inbox" ? "" : view };
  const label = `${MESSAGE_VIEW_LABELS[view]} messages${pages > 1 ? `, page ${page} of ${pages}` : ""}`;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <AdminPageHeader
        crumbs={[{ label: "Dashboard", to: "/admin/dashboard" }, { label: "Messages" }]}
        title="Messages"
        subtitle={
          unread === null
            ? "Messages visitors sent through the contact form"
            : unread === 0
              ? "Messages visitors sent through the contact form. Nothing unread."
              : `Messages visitors sent through the contact form. ${formatCount(unread)} unread.`
        }
      />

      {deleted !== null ? (
        <div
          role="status"
          className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-stone-200 bg-white px-4 py-3"
        >
          <p className="font-semibold">The message was moved to the trash. It is deleted for good after 30 days.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="id" value={deleted} />
            <button type="submit" className={buttonClass("secondary", "sm")}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Undo
            </button>
          </Form>
        </div>
      ) : null}

      <section
        aria-labelledby="messages-heading"
        className="mt-8 min-w-0 rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <div className="flex flex-col gap-4 border-b border-stone-200 p-4 sm:p-6">
          <h2 id="messages-heading" className="text-xl font-extrabold tracking-tight">
            {messages.ok ? `${MESSAGE_VIEW_LABELS[view]} (${formatCount(total)})` : MESSAGE_VIEW_LABELS[view]}
          </h2>
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <MessageViews view={view} unread={unread} search={search} />
            <MessageSearch search={search} view={view} />
          </div>
        </div>

        {!messages.ok ? (
          <div className="p-8 text-center">
            <p role="alert" className="font-semibold">
              The messages could not be loaded.
            </p>
            <a href={listPageHref(PATH, page, search, filters)} className={buttonClass("secondary", "sm", "mt-4")}>
              Try again
            </a>
          </div>
        ) : total === 0 ? (
          search ? (
            <div className="flex flex-col items-center px-4 py-12 text-center">
              <SearchX className="size-12 text-stone-400" aria-hidden="true" />
              <p className="mt-4 text-lg font-extrabold break-all">No messages match "{search}"</p>
              <Link to={listPageHref(PATH, 1, "", filters)} className={buttonClass("secondary", "sm", "mt-4")}>
                Show all messages
              </Link>
            </div>
          ) : (
            <div className="flex flex-col items-center px-4 py-12 text-center">
              <Inbox className="size-12 text-stone-400" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-extrabold">
                {view === "unread" ? "Nothing unread" : view === "archived" ? "Nothing archived" : "No messages yet"}
              </h3>
              <p className="mt-2 text-muted">
                {view === "inbox" || view === "all"
                  ? "Messages from the contact form appear here, even when no mail server is configured."
                  : "Messages appear here as you read and archive them."}
              </p>
            </div>
          )
        ) : (
          <>
            <MessageList items={items} label={label} />
            <div className="flex flex-col items-center gap-3 border-t border-stone-200 p-4 text-sm text-muted sm:flex-row sm:justify-between">
              <p>
                Showing {formatCount(first)}–{formatCount(first + items.length - 1)} of {formatCount(total)}
              </p>
              <Pagination path={PATH} page={page} pages={pages} search={search} filters={filters} />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
