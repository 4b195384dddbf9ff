import ArchiveNode from "lucide/dist/esm/icons/archive.mjs";
import DownloadNode from "lucide/dist/esm/icons/download.mjs";
import EraserNode from "lucide/dist/esm/icons/eraser.mjs";
import GlobeNode from "lucide/dist/esm/icons/globe.mjs";
import LogInNode from "lucide/dist/esm/icons/log-in.mjs";
import LogOutNode from "lucide/dist/esm/icons/log-out.mjs";
import MailNode from "lucide/dist/esm/icons/mail.mjs";
import PencilNode from "lucide/dist/esm/icons/pencil.mjs";
import PlusNode from "lucide/dist/esm/icons/plus.mjs";
import RotateCcwNode from "lucide/dist/esm/icons/rotate-ccw.mjs";
import SearchNode from "lucide/dist/esm/icons/search.mjs";
import SendNode from "lucide/dist/esm/icons/send.mjs";
import ShieldAlertNode from "lucide/dist/esm/icons/shield-alert.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import UploadNode from "lucide/dist/esm/icons/upload.mjs";
import UserMinusNode from "lucide/dist/esm/icons/user-minus.mjs";
import { Link } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import type { Icon } from "#app/components/ui/icon.ts";
import { icon } from "#app/components/ui/icon.ts";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_KIND_LABELS,
  type AuditAction,
  type AuditEntry,
  auditDetailNotes,
  auditItemHref,
  auditItemName,
} from "#domain/audit.ts";

const Archive = icon("archive", ArchiveNode);
const Download = icon("download", DownloadNode);
const Eraser = icon("eraser", EraserNode);
const Globe = icon("globe", GlobeNode);
const LogIn = icon("log-in", LogInNode);
const LogOut = icon("log-out", LogOutNode);
const Mail = icon("mail", MailNode);
const Pencil = icon("pencil", PencilNode);
const Plus = icon("plus", PlusNode);
const RotateCcw = icon("rotate-ccw", RotateCcwNode);
const Search = icon("search", SearchNode);
const Send = icon("send", SendNode);
const ShieldAlert = icon("shield-alert", ShieldAlertNode);
const Trash2 = icon("trash", Trash2Node);
const Upload = icon("upload", UploadNode);
const UserMinus = icon("user-minus", UserMinusNode);

const ICONS: Record<AuditAction, Icon> = {
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
