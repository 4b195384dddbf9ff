import { NEWSLETTER_STATUS_LABELS, type NewsletterStatus } from "#domain/newsletter-status.ts";

const STYLE: Record<NewsletterStatus, string> = {
  draft: "bg-stone-100 text-stone-700 ring-stone-500/30",
  sending: "bg-amber-100 text-amber-900 ring-amber-700/30",
  sent: "bg-green-100 text-green-800 ring-green-700/30",
};

/** Draft, Sending or Sent, as a word in a badge (the colour is never the only cue). */
export function NewsletterStatusBadge({ status }: { status: NewsletterStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${STYLE[status]}`}
    >
      {NEWSLETTER_STATUS_LABELS[status]}
    </span>
  );
}
