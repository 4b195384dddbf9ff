import { formatCount } from "#app/components/admin/panel.tsx";
import type { NewsletterStatus } from "#domain/newsletter-status.ts";
import type { NewsletterCounts } from "#domain/newsletters.ts";

const ROWS: { key: keyof NewsletterCounts; label: string; note: string }[] = [
  { key: "waiting", label: "Waiting", note: "not queued yet (the send rate holds them back)" },
  { key: "queued", label: "Queued", note: "in the outbox, on their way" },
  { key: "sent", label: "Sent", note: "taken by the mail server" },
  { key: "failed", label: "Failed", note: "given up on after retries" },
  { key: "bounced", label: "Bounced", note: "refused for good: the address is marked bounced" },
];

/**
 * Where a send stands: each subscriber's message is in exactly one of these. Announced politely
 * as the numbers change while the page refreshes itself during a send.
 */
export function NewsletterProgress({ counts, status }: { counts: NewsletterCounts; status: NewsletterStatus }) {
  const total = counts.waiting + counts.queued + counts.sent + counts.failed + counts.bounced;
  const done = counts.sent + counts.failed + counts.bounced;
  return (
    <div aria-live="polite">
      {status !== "draft" && total > 0 ? (
        <div className="mb-4">
          <label htmlFor="newsletter-progress" className="text-sm font-bold">
            {formatCount(done)} of {formatCount(total)} handled
          </label>
          <progress
            id="newsletter-progress"
            max={total}
            value={done}
            className="mt-1 block h-3 w-full accent-primary"
          />
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {ROWS.map((row) => (
          <div key={row.key} className="rounded-lg border border-stone-200 p-3">
            <dt className="text-xs font-bold tracking-wide text-muted uppercase">{row.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold tabular-nums" data-testid={`count-${row.key}`}>
              {formatCount(counts[row.key])}
            </dd>
            <dd className="mt-1 text-xs text-muted">{row.note}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
