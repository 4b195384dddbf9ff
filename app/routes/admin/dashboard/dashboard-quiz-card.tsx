import ArrowRightNode from "lucide/dist/esm/icons/arrow-right.mjs";
import ClipboardListNode from "lucide/dist/esm/icons/clipboard-list.mjs";
import { Link } from "react-router";
import { LocalDate } from "#app/components/admin/local-date.tsx";
import { buttonClass } from "#app/components/ui/button.ts";
import { icon } from "#app/components/ui/icon.ts";
import type { Result } from "#app/lib/result.ts";
import { DashboardPanel, formatCount, PanelError } from "../../../components/admin/panel";

const ArrowRight = icon("arrow-right", ArrowRightNode);
const ClipboardList = icon("clipboard-list", ClipboardListNode);

export interface QuizSubmissionsSummary {
  count: number;
  latest: { createdAt: string; email: string } | null;
}

/** The dashboard's quiz submissions card: how many, the newest one, and the way to all of them. */
export function DashboardQuizCard({ summary }: { summary: Result<QuizSubmissionsSummary> }) {
  return (
    <DashboardPanel id="quiz-submissions" title="Quiz Submissions" icon={ClipboardList}>
      {summary.ok ? (
        <>
          <p className="text-3xl font-extrabold tabular-nums" data-testid="dashboard-count">
            {formatCount(summary.data.count)}
          </p>
          <p className="text-sm text-muted">{summary.data.count === 1 ? "submission" : "submissions"} in total</p>
          {summary.data.latest ? (
            <dl className="mt-4 space-y-2 rounded-lg bg-stone-50 p-4 text-sm">
              <div>
                <dt className="font-bold text-muted">Latest submission</dt>
                <dd className="mt-0.5 font-semibold" data-testid="latest-submission-date">
                  <LocalDate iso={summary.data.latest.createdAt} />
                </dd>
              </div>
              <div>
                <dt className="font-bold text-muted">Email</dt>
                <dd className="mt-0.5 font-semibold break-all" data-testid="latest-submission-email">
                  {summary.data.latest.email}
                </dd>
              </div>
            </dl>
          ) : (
            <p className="mt-4 rounded-lg bg-stone-50 p-4 text-sm text-muted">
              No submissions yet. They appear here once visitors complete the quiz.
            </p>
          )}
        </>
      ) : (
        <PanelError what="The quiz submissions" />
      )}
      <div className="mt-auto pt-5">
        <Link to="/admin/quiz-submissions" className={buttonClass("primary", "md", "w-full")}>
          View All Submissions
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </div>
    </DashboardPanel>
  );
}
