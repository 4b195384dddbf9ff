import {
  Archive,
  Download,
  Eraser,
  Globe,
  LogIn,
  LogOut,
  type LucideIcon,
  Mail,
  Pencil,
  Plus,
  RotateCcw,
  Search,
  Send,
  ShieldAlert,
  Trash2,
  Upload,
  UserMinus,
} from "lucide-react";
import { Link } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_KIND_LABELS,
  type AuditAction,
  type AuditEntry,
  auditDetailNotes,
  auditItemHref,
  auditItemName,
} from "#domain/audit.ts";

const ICONS: Record<AuditAction, LucideIcon> = {
  "sign-in": LogIn,
  "sign-out": LogOut,
  "sign-in-throttled": ShieldAlert,
  "sign-in-link": Mail,
  create: Plus,
  update: Pencil,
  publish: Globe,
  delete: Trash2,
  restore: RotateCcw,
  archive: Archive,
  unsubscribe: UserMinus,
  send: Send,
  "look-up": Search,
  export: Download,
  import: Upload,
  erase: Eraser,
};

// Warnings stand out; everything else shares one calm look (the words carry the meaning).
const ICON_CLASS: Partial<Record<AuditAction, string>> = {
  "sign-in-throttled": "bg-red-50 text-red-700",
  delete: "bg-red-50 text-red-700",
  erase: "bg-red-50 text-red-700",
};

/**
 * One audit log entry: what was done, to which item (a link while the item still exists), when
 * (in the reader's own locale and zone once the page runs) and the notes of its details.
 */
export function ActivityEntry({ entry }: { entry: AuditEntry }) {
  const Icon = ICONS[entry.action];
  const href = auditItemHref(entry);
  const name = auditItemName(entry);
  const notes = auditDetailNotes(entry.details);
  return (
    <div className="flex min-w-0 gap-3" data-testid="activity-entry">
      <span className={`mt-0.5 shrink-0 rounded-lg p-2 ${ICON_CLASS[entry.action] ?? "bg-primary-soft text-primary"}`}>
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words">
          <strong className="font-bold">{AUDIT_ACTION_LABELS[entry.action]}</strong>{" "}
          {entry.itemKind === "account" ? null : (
            <span className="mr-1 inline-flex rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
              {AUDIT_KIND_LABELS[entry.itemKind]}
            </span>
          )}
          {href ? (
            <Link
              to={href}
              className="font-semibold text-primary underline underline-offset-2 hover:text-primary-hover"
            >
              {name}
            </Link>
          ) : entry.itemKind === "account" && !entry.itemLabel ? null : (
            <span className="font-semibold">{name}</span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          <LocalDate iso={entry.at} withTime />
          {notes.length > 0 ? <span> · {notes.join(" · ")}</span> : null}
        </p>
      </div>
    </div>
  );
}
