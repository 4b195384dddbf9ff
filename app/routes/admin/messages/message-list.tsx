import ArchiveNode from "lucide/dist/esm/icons/archive.mjs";
import ReplyNode from "lucide/dist/esm/icons/reply.mjs";
import { Link } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { icon } from "#app/components/ui/icon.ts";
import type { ContactMessageSummary } from "#domain/inbox.ts";

const Archive = icon("archive", ArchiveNode);
const Reply = icon("reply", ReplyNode);

/**
 * One page of messages as cards (a table would not fit a phone): an unread one has a dot, a
 * bold sender and the word "Unread" for screen readers, so colour is never the only cue. The
 * whole card is the link to the message.
 */
export function MessageList({ items, label }: { items: ContactMessageSummary[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-stone-200">
      {items.map((message) => {
        const unread = message.readAt === null;
        return (
          <li key={message.id} data-testid="message-row" data-unread={unread || undefined}>
            <Link
              to={`/admin/messages/${message.id}`}
              className={`flex gap-3 px-4 py-4 hover:bg-stone-50 focus-visible:bg-stone-50 sm:px-6 ${unread ? "bg-primary-soft/40" : ""}`}
            >
              <span className="mt-2 flex w-2.5 shrink-0 justify-center" aria-hidden="true">
                {unread ? <span className="size-2.5 rounded-full bg-primary" /> : null}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className={`break-words ${unread ? "font-extrabold text-ink" : "font-semibold text-ink"}`}>
                    {unread ? <span className="sr-only">Unread: </span> : null}
                    {message.name}
                    <span className="ml-2 text-sm font-normal break-all text-muted">{message.email}</span>
                  </span>
                  <LocalDate iso={message.createdAt} withTime className="shrink-0 text-sm text-muted" />
                </span>
                <span className={`mt-1 block break-words ${unread ? "font-bold" : ""}`}>{message.subject}</span>
                <span className="mt-1 block text-sm break-words text-muted">{message.excerpt}</span>
                {message.repliedAt || message.archivedAt ? (
                  <span className="mt-2 flex flex-wrap gap-2 text-xs font-bold">
                    {message.repliedAt ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-green-800">
                        <Reply className="size-3.5" aria-hidden="true" />
                        Replied
                      </span>
                    ) : null}
                    {message.archivedAt ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">
                        <Archive className="size-3.5" aria-hidden="true" />
                        Archived
                      </span>
                    ) : null}
                  </span>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
