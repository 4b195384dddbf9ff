import ArrowRightNode from "lucide/dist/esm/icons/arrow-right.mjs";
import HistoryNode from "lucide/dist/esm/icons/rotate-ccw-clock.mjs";
import { Link } from "react-router";
import { ActivityEntry } from "#app/components/admin/activity-entry.tsx";
import { icon } from "#app/components/ui/icon.ts";
import type { Result } from "#app/lib/result.ts";
import type { AuditEntry } from "#domain/audit.ts";
import { DashboardPanel, PanelError } from "../../../components/admin/panel";

const ArrowRight = icon("arrow-right", ArrowRightNode);
const History = icon("rotate-ccw-clock", HistoryNode);

/** The dashboard's 'Recent Activity' panel: the latest audit log entries, and the way to all of them. */
export function DashboardRecentActivity({ entries }: { entries: Result<{ items: AuditEntry[] }> }) {
  return (
    <DashboardPanel
      id="recent-activity"
      title="Recent Activity"
      subtitle="The latest actions in the admin"
      icon={History}
    >
      {!entries.ok ? (
        <PanelError what="The recent activity" />
      ) : entries.data.items.length === 0 ? (
        <p className="text-sm text-muted">Nothing yet: what you do in the admin will be listed here.</p>
      ) : (
        <ol className="divide-y divide-stone-100" aria-label="Latest actions">
          {entries.data.items.map((entry) => (
            <li key={entry.id} className="py-2.5 first:pt-0">
              <ActivityEntry entry={entry} />
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4">
        <Link
          to="/admin/activity"
          className="inline-flex items-center gap-1 text-sm font-bold text-primary underline underline-offset-2 hover:text-primary-hover"
        >
          View all activity
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </DashboardPanel>
  );
}
