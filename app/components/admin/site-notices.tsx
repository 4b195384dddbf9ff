import TriangleAlertNode from "lucide/dist/esm/icons/triangle-alert.mjs";
import { useId } from "react";
import { Link } from "react-router";
import { icon } from "#app/components/ui/icon.ts";
import type { SiteNotice } from "#domain/site-settings-text.ts";

const TriangleAlert = icon("triangle-alert", TriangleAlertNode);

/** One thing the owner still has to set up: what goes wrong without it, and a link to where it is set. */
function Notice({ notice, linked }: { notice: SiteNotice; linked: boolean }) {
  const titleId = useId();
  return (
    <div
      role="note"
      aria-labelledby={titleId}
      data-notice={notice.id}
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0">
        <p id={titleId} className="font-bold">
          {notice.title}
        </p>
        <p className="mt-1 text-sm">{notice.text}</p>
        {linked ? (
          <Link
            to={notice.link.href}
            className="mt-2 inline-block text-sm font-bold text-amber-950 underline underline-offset-2 hover:text-primary"
          >
            {notice.link.label}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The set-up notices of a page (the dashboard's, or the one a screen needs); nothing when there
 * is none. `linked` false: the page is where it is set, so no link leads there.
 */
export function SiteNotices({
  notices,
  linked = true,
  className = "",
}: {
  notices: readonly SiteNotice[];
  linked?: boolean;
  className?: string;
}) {
  if (notices.length === 0) return null;
  return (
    <div className={`grid gap-3 ${className}`.trim()}>
      {notices.map((notice) => (
        <Notice key={notice.id} notice={notice} linked={linked} />
      ))}
    </div>
  );
}
