import { Link } from "react-router";
import { MESSAGE_VIEW_LABELS, MESSAGE_VIEWS, type MessageView } from "#domain/inbox-views.ts";

/**
 * Inbox, Unread, Archived, All: links, so the view lives in the URL and works before the
 * scripts run. The inbox's link says how many messages wait unread.
 */
export function MessageViews({ view, unread, search }: { view: MessageView; unread: number | null; search: string }) {
  return (
    <nav aria-label="Message views" className="flex gap-1 overflow-x-auto rounded-xl bg-stone-100 p-1">
      {MESSAGE_VIEWS.map((name) => {
        const params = new URLSearchParams();
        if (name !== "inbox") params.set("view", name);
        if (search) params.set("search", search);
        const href = params.size > 0 ? `/admin/messages?${params}` : "/admin/messages";
        const current = name === view;
        return (
          <Link
            key={name}
            to={href}
            aria-current={current ? "page" : undefined}
            className={`flex min-h-10 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-bold ${
              current ? "bg-white text-primary shadow-sm" : "text-muted hover:text-ink"
            }`}
          >
            {MESSAGE_VIEW_LABELS[name]}
            {name === "unread" && unread ? (
              <span className="relative rounded-full bg-primary px-2 py-0.5 text-xs text-white">
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
