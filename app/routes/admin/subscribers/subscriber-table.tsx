import MoveRightNode from "lucide/dist/esm/icons/move-right.mjs";
import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import UserMinusNode from "lucide/dist/esm/icons/user-minus.mjs";
import { useRef } from "react";
import { ConfirmSubmitForm } from "#app/components/admin/confirm-submit-form.tsx";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import { useHorizontalOverflow } from "#app/lib/use-horizontal-overflow.ts";
import { SUBSCRIBER_STATUS_LABELS, type SubscriberStatus } from "#domain/subscriber-text.ts";
import type { Subscriber } from "#domain/subscribers.ts";

const MoveRight = icon("move-right", MoveRightNode);
const Trash2 = icon("trash", Trash2Node);
const UserMinus = icon("user-minus", UserMinusNode);

const CELL = "px-4 py-3 align-top";

const STATUS_BADGE: Record<SubscriberStatus, string> = {
  subscribed: "bg-green-100 text-green-800 ring-green-700/30",
  unsubscribed: "bg-stone-100 text-stone-700 ring-stone-500/30",
  bounced: "bg-red-100 text-red-800 ring-red-700/30",
};

/** The status as a word in a badge (the colour is never the only cue). */
export function SubscriberStatusBadge({ status }: { status: SubscriberStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ring-1 ${STATUS_BADGE[status]}`}
    >
      {SUBSCRIBER_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * An address that wraps only after its "@" (and never inside either half): a squeezed column
 * used to break it anywhere ("a-very-long-addre / ss.for-a-dog-owne / r@exa..."), which no one
 * can read back.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <span className="break-all">{email}</span>;
  return (
    <>
      <span className="whitespace-nowrap">{email.slice(0, at + 1)}</span>
      <wbr />
      <span className="whitespace-nowrap">{email.slice(at + 1)}</span>
    </>
  );
}

/**
 * One page of subscribers with the consent each gave. On a narrow screen the table scrolls
 * sideways inside its card, and says so while there is more to see; the scroll box is focusable
 * so keyboard users can scroll it too.
 */
export function SubscriberTable({ items, caption }: { items: Subscriber[]; caption: string }) {
  const scroller = useRef<HTMLElement>(null);
  const { overflows, atEnd } = useHorizontalOverflow(scroller);
  return (
    <div>
      <div className="relative">
        {/* a shade on the right edge while columns are hidden beyond it */}
        {overflows && !atEnd ? (
          <div
            aria-hidden="true"
            data-testid="more-columns-shade"
            className="pointer-events-none absolute top-0 right-0 bottom-0 z-10 w-8 bg-linear-to-l from-stone-900/15 to-transparent"
          />
        ) : null}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
        <section ref={scroller} className="overflow-x-auto" aria-label={caption} tabIndex={0}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
              <tr>
                <th scope="col" className={`${CELL} whitespace-nowrap`}>
                  Email
                </th>
                <th scope="col" className={`${CELL} whitespace-nowrap`}>
                  Status
                </th>
                <th scope="col" className={`${CELL} whitespace-nowrap`}>
                  Source
                </th>
                <th scope="col" className={`${CELL} min-w-64`}>
                  Consent
                </th>
                <th scope="col" className={`${CELL} whitespace-nowrap`}>
                  Signed up
                </th>
                <th scope="col" className={`${CELL} whitespace-nowrap`}>
                  Left
                </th>
                <th scope="col" className={`${CELL} whitespace-nowrap`}>
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {items.map((subscriber) => (
                <tr key={subscriber.id} className="hover:bg-stone-50" data-testid="subscriber-row">
                  <td className={`${CELL} font-semibold text-ink`}>
                    <EmailAddress email={subscriber.email} />
                  </td>
                  <td className={CELL}>
                    <SubscriberStatusBadge status={subscriber.status} />
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>{subscriber.source}</td>
                  <td className={CELL}>
                    <p className="break-words">{subscriber.consentText}</p>
                    <p className="mt-1 text-xs text-muted">
                      Given <LocalDate iso={subscriber.consentedAt} withTime />
                    </p>
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>
                    <LocalDate iso={subscriber.createdAt} />
                  </td>
                  <td className={`${CELL} whitespace-nowrap`}>
                    {subscriber.unsubscribedAt ? (
                      <>
                        Unsubscribed <LocalDate iso={subscriber.unsubscribedAt} />
                      </>
                    ) : subscriber.bouncedAt ? (
                      <>
                        Bounced <LocalDate iso={subscriber.bouncedAt} />
                      </>
                    ) : (
                      <span className="text-muted">-</span>
                    )}
                  </td>
                  <td className={CELL}>
                    <div className="flex gap-2">
                      {subscriber.status === "subscribed" ? (
                        <ConfirmSubmitForm
                          fields={{ intent: "unsubscribe", id: String(subscriber.id) }}
                          buttonClassName={buttonClass("secondary", "sm", "whitespace-nowrap")}
                          confirm={{
                            title: "Unsubscribe address",
                            description: `Take ${subscriber.email} off the newsletter? Only the person can sign up again.`,
                            confirmLabel: "Unsubscribe",
                          }}
                        >
                          <UserMinus className="size-4" aria-hidden="true" />
                          Unsubscribe
                        </ConfirmSubmitForm>
                      ) : null}
                      <ConfirmSubmitForm
                        fields={{ intent: "delete", id: String(subscriber.id) }}
                        buttonClassName={buttonClass("secondary", "sm", "hover:border-red-700 hover:text-red-800")}
                        buttonLabel={`Delete ${subscriber.email}`}
                        confirm={{
                          title: "Delete subscriber",
                          description: `Delete ${subscriber.email} and its consent record for good? This cannot be undone.`,
                          confirmLabel: "Delete",
                        }}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                        <span aria-hidden="true">Delete</span>
                      </ConfirmSubmitForm>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      {/* under the table, so the table itself stays where the page put it */}
      {overflows ? (
        <p className="flex items-center gap-2 border-t border-stone-200 px-4 py-2 text-sm font-semibold text-muted">
          Scroll sideways to see every column
          <MoveRight className="size-4" aria-hidden="true" />
        </p>
      ) : null}
    </div>
  );
}
