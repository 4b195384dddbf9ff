import Trash2Node from "lucide/dist/esm/icons/trash.mjs";
import { ConfirmSubmitForm } from "#app/components/admin/confirm-submit-form.tsx";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";

const Trash2 = icon("trash", Trash2Node);

export interface QuizSubmissionListItem {
  id: number;
  /** ISO 8601 */
  createdAt: string;
  email: string;
  dogSize: string;
  dogAge: string;
  chewStyle: string;
  playStyle: string;
  toyPurpose: string;
  hasConsented: boolean;
}

const CELL = "px-4 py-3 align-middle whitespace-nowrap";

/** The newsletter consent as a Yes/No badge (colour is not the only cue: the word is always there). */
export function ConsentBadge({ consented }: { consented: boolean }) {
  return consented ? (
    <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-800 ring-1 ring-green-700/30">
      Yes
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-bold text-stone-700 ring-1 ring-stone-500/30">
      No
    </span>
  );
}

/**
 * One page of submissions in the spec's eight columns. The answers are shown as stored (the
 * values the CSV export has too). On a narrow screen the table scrolls sideways inside its card;
 * the scroll box is focusable so keyboard users can scroll it as well.
 */
export function QuizSubmissionsTable({ items, caption }: { items: QuizSubmissionListItem[]; caption: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="overflow-x-auto" aria-label={caption} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50 text-xs tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className={CELL}>
              Date
            </th>
            <th scope="col" className={CELL}>
              Email
            </th>
            <th scope="col" className={CELL}>
              Dog Size
            </th>
            <th scope="col" className={CELL}>
              Dog Age
            </th>
            <th scope="col" className={CELL}>
              Chew Style
            </th>
            <th scope="col" className={CELL}>
              Play Style
            </th>
            <th scope="col" className={CELL}>
              Toy Purpose
            </th>
            <th scope="col" className={CELL}>
              Consent
            </th>
            <th scope="col" className={CELL}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {items.map((item) => (
            <tr key={item.id} className="hover:bg-stone-50" data-testid="submission-row">
              <td className={CELL}>
                <LocalDate iso={item.createdAt} />
              </td>
              <td className={`${CELL} font-semibold text-ink`}>{item.email}</td>
              <td className={CELL}>{item.dogSize}</td>
              <td className={CELL}>{item.dogAge}</td>
              <td className={CELL}>{item.chewStyle}</td>
              <td className={CELL}>{item.playStyle}</td>
              <td className={CELL}>{item.toyPurpose}</td>
              <td className={CELL}>
                <ConsentBadge consented={item.hasConsented} />
              </td>
              <td className={CELL}>
                {/* posts to the page's action (issue 19); asks first once the scripts run */}
                <ConfirmSubmitForm
                  fields={{ intent: "delete", id: String(item.id) }}
                  buttonClassName={buttonClass("secondary", "sm", "hover:border-red-700 hover:text-red-800")}
                  buttonLabel={`Delete the submission of ${item.email}`}
                  confirm={{
                    title: "Delete submission",
                    description: `Delete the quiz submission of ${item.email} for good? This cannot be undone.`,
                    confirmLabel: "Delete",
                  }}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  Delete
                </ConfirmSubmitForm>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
